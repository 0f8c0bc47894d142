/**
 * Card testing through parental consent (issue 26 §3, docs/security.md "Card
 * testing through parental consent"): each card consent is a real $1 charge
 * and refund, so a tester with fresh accounts and rotating IPs must not get an
 * oracle. Against workerd with the local payment provider: the captcha on the
 * card step, the cap per IP under a parallel burst, the deployment's daily cap
 * whatever the account and IP, and the answers of a cap, which are a declined
 * card's. (The daily cap surviving a restart is tests/unit/server/vpc-card-caps.test.ts,
 * which can restart the app in-process over the same database.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Browser } from './client';
import { addCard, adult, call, expectCode, payByCard, state } from './parental-helpers';

const start = (b: Parameters<typeof call.post>[0]) => call.post(b, '/parental/controls', {});

/** A parent (setup started) with one saved test card. */
async function parentWithCard(tag: string, number = '4242424242424242') {
  const p = await adult(tag);
  expect((await start(p.b)).status).toBe(200);
  return { ...p, card: await addCard(p.b, number) };
}

async function setCap(used: number): Promise<number> {
  const r = await new Browser().post('/api/dev/parental/card-cap', { used });
  expect(r.status, r.text).toBe(200);
  return (r.json as { max: number }).max;
}

let ipCounter = 0;
/** An address no other test uses (the cap per IP counts per address). */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${String(ipCounter)}`;
}

afterAll(async () => {
  await setCap(0);
});

describe('the card step', () => {
  it('needs a captcha the provider accepts: a refused one charges nothing', async () => {
    const p = await parentWithCard('captcha');
    const refused = await p.b.post('/api/account/v1/parental/vpc/card', {
      paymentMethodId: p.card,
      consentLocation: 'WEB',
      captchaToken: 'dev-captcha-fail',
      captchaVersion: 'v3',
    });
    expectCode(refused, 400, 'captcha');
    expect(await state(p.accountId)).toMatchObject({ parentalConsentAt: null, charges: [], payments: [] });
    expect((await payByCard(p.b, p.card)).status).toBe(200);
  });
});

describe('caps', () => {
  it('a parallel burst of fresh parents from one IP: 10 are charged, the rest answer like a declined card', async () => {
    const ip = freshIp();
    const parents = await Promise.all(Array.from({ length: 13 }, (_, i) => parentWithCard(`burst${String(i)}`)));
    const replies = await Promise.all(parents.map((p) => payByCard(p.b, p.card, 'WEB', { 'CF-Connecting-IP': ip })));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(3);
    // A cap answers exactly what a declined card answers (402 CARD_DECLINED, same message, no Retry-After).
    const decline = await parentWithCard('decline', '4000000000000341');
    const declined = await payByCard(decline.b, decline.card, 'WEB', { 'CF-Connecting-IP': freshIp() });
    expectCode(declined, 402, 'CARD_DECLINED');
    for (const r of refused) {
      expect([r.status, r.json]).toEqual([declined.status, declined.json]);
      expect(r.headers.get('Retry-After')).toBeNull();
    }
    // The refused ones charged nothing and recorded nothing.
    const states = await Promise.all(parents.map((p) => state(p.accountId)));
    expect(states.filter((s) => s.payments.length === 1 && s.parentalConsentAt !== null)).toHaveLength(10);
    expect(states.filter((s) => s.payments.length === 0 && s.charges.length === 0)).toHaveLength(3);
    // Another IP is not capped.
    const other = await parentWithCard('other-ip');
    expect((await payByCard(other.b, other.card, 'WEB', { 'CF-Connecting-IP': freshIp() })).status).toBe(200);
  });

  it('rotating IPs and fresh accounts stop at the daily cap of the deployment', async () => {
    const max = await setCap(0);
    await setCap(max - 2);
    const parents = await Promise.all(Array.from({ length: 4 }, (_, i) => parentWithCard(`rotate${String(i)}`)));
    const replies = [];
    for (const p of parents) replies.push(await payByCard(p.b, p.card, 'WEB', { 'CF-Connecting-IP': freshIp() }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 402, 402]);
    for (const r of replies.slice(2)) expectCode(r, 402, 'CARD_DECLINED');
    const last = parents[3];
    if (last === undefined) throw new Error('no parent');
    expect(await state(last.accountId)).toMatchObject({ parentalConsentAt: null, charges: [], payments: [] });
    // The next day's count starts afresh (here: the count is put back).
    await setCap(0);
    expect((await payByCard(last.b, last.card, 'WEB', { 'CF-Connecting-IP': freshIp() })).status).toBe(200);
  });

  it('one parent rotating IPs is stopped by the cap per account (20157) after 5 tries an hour', async () => {
    const p = await parentWithCard('rotating-one', '4000000000000341');
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await payByCard(p.b, p.card, 'WEB', { 'CF-Connecting-IP': freshIp() })).code);
    expect(codes).toEqual([...Array<string>(5).fill('CARD_DECLINED'), '20157']);
    expect((await state(p.accountId)).payments).toEqual([]);
  });
});
