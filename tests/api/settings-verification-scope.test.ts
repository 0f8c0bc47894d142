/**
 * Settings verification unlocks only the change it was made for (issue 12,
 * spec §4): a code verified for one purpose does not unlock another, lasts
 * 10 minutes on the controllable clock, a fresh sign-in counts for every
 * purpose, and a verification that names no purpose unlocks nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_CODE_PURPOSES } from '../../src/routes/verification-purposes';
import { MINUTE, setClock } from './client';
import { del, enableTotp, mailbox, newPlayer, post, put, VERIFY_FIRST, type Player } from './two-factor-helpers';

afterEach(() => setClock(0));

const LANGUAGE = { language: 'en_US' };

/** Asks for an emailed code for `purpose` (the session is not fresh any more) and returns it. */
async function emailedCode(p: Player, purpose: string): Promise<string> {
  const sent = await post(p.b, `/email/request-code/${purpose}`, LANGUAGE);
  expect(sent.json, purpose).toEqual({ isBypassed: false });
  const code = (await mailbox(p.email))[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code ?? '';
}

/** Which purposes the session may change now without a verification (the email-code request answers bypassed). */
async function unlocked(p: Player): Promise<string[]> {
  const open: string[] = [];
  for (const purpose of EMAIL_CODE_PURPOSES) {
    // The bypass is decided before the hourly email limit (5 an address): once the limit is reached, a purpose
    // that is not unlocked answers 429 20157 instead of sending a code, which still means "locked".
    const r = await post(p.b, `/email/request-code/${purpose}`, LANGUAGE);
    if (r.status === 429) expect(r.code, purpose).toBe('20157');
    else expect(r.status, r.text).toBe(200);
    if ((r.json as { isBypassed?: boolean } | null)?.isBypassed === true) open.push(purpose);
  }
  return open;
}

describe('a settings verification unlocks only its purpose', () => {
  it("a verification for 'payment' does not unlock a 2FA change; one for 'mfa' does", async () => {
    const p = await newPlayer('scope-payment');
    await enableTotp(p);
    await setClock(11 * MINUTE);

    const payment = await put(p.b, '/mfa/settings/verify', {
      authType: 'EMAIL',
      code: await emailedCode(p, 'payment'),
      purpose: 'payment',
    });
    expect(payment.status, payment.text).toBe(200);
    expect((await post(p.b, '/email/request-code/payment', LANGUAGE)).json).toEqual({ isBypassed: true });
    const refused = await del(p.b, '/mfa/totp');
    expect([refused.status, refused.json]).toEqual([403, VERIFY_FIRST]);

    const mfa = await put(p.b, '/mfa/settings/verify', {
      authType: 'EMAIL',
      code: await emailedCode(p, 'mfa'),
      purpose: 'mfa',
    });
    expect(mfa.status, mfa.text).toBe(200);
    const done = await del(p.b, '/mfa/totp');
    expect(done.status, done.text).toBe(200);
  });

  it('a verification for one purpose leaves every other purpose locked', async () => {
    const p = await newPlayer('scope-others');
    await setClock(11 * MINUTE);
    const r = await put(p.b, '/mfa/settings/verify', {
      authType: 'EMAIL',
      code: await emailedCode(p, 'trusted-device'),
      purpose: 'trusted-device',
    });
    expect(r.status, r.text).toBe(200);
    expect(await unlocked(p)).toEqual(['trusted-device']);
  });

  it('a verification older than 10 minutes unlocks nothing', async () => {
    const p = await newPlayer('scope-expiry');
    await enableTotp(p);
    await setClock(11 * MINUTE);
    const r = await put(p.b, '/mfa/settings/verify', {
      authType: 'EMAIL',
      code: await emailedCode(p, 'mfa'),
      purpose: 'mfa',
    });
    expect(r.status, r.text).toBe(200);
    // Still inside the 10 minutes: the mark holds (asking changes nothing).
    await setClock(20 * MINUTE + 30_000);
    expect((await post(p.b, '/email/request-code/mfa', LANGUAGE)).json).toEqual({ isBypassed: true });
    // Past them (the session, idle-limited to 60 minutes, is still alive).
    await setClock(21 * MINUTE + 30_000);
    const stale = await del(p.b, '/mfa/totp');
    expect([stale.status, stale.json]).toEqual([403, VERIFY_FIRST]);
  });

  it('a fresh sign-in (under 10 minutes old) unlocks every purpose, then none', async () => {
    const p = await newPlayer('scope-fresh');
    await enableTotp(p);
    expect(await unlocked(p)).toEqual([...EMAIL_CODE_PURPOSES]);
    await setClock(10 * MINUTE + 30_000);
    const stale = await del(p.b, '/mfa/totp');
    expect([stale.status, stale.json]).toEqual([403, VERIFY_FIRST]);
  });

  it('a fresh sign-in makes a protected change without a verification', async () => {
    const p = await newPlayer('scope-fresh-change');
    await enableTotp(p);
    const r = await del(p.b, '/mfa/totp');
    expect(r.status, r.text).toBe(200);
  });

  it('a verification without a purpose checks the code but unlocks nothing', async () => {
    const p = await newPlayer('scope-none');
    await enableTotp(p);
    await setClock(11 * MINUTE);
    const code = await emailedCode(p, 'mfa');
    const r = await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code });
    expect(r.status, r.text).toBe(200);
    // The code is used up all the same.
    expect((await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code, purpose: 'mfa' })).code).toBe('20068');
    const refused = await del(p.b, '/mfa/totp');
    expect([refused.status, refused.json]).toEqual([403, VERIFY_FIRST]);
    expect(await unlocked(p)).toEqual([]);
  });

  it('refuses an unknown or wrong-typed purpose and unlocks nothing', async () => {
    const p = await newPlayer('scope-bad');
    await enableTotp(p);
    await setClock(11 * MINUTE);
    const code = await emailedCode(p, 'mfa');
    for (const purpose of ['everything', 7, ['mfa'], 'x'.repeat(5000)]) {
      const r = await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code, purpose });
      expect(r.status, JSON.stringify(purpose)).toBe(400);
      expect(r.code).toMatch(/^\d+$/);
    }
    const refused = await del(p.b, '/mfa/totp');
    expect([refused.status, refused.json]).toEqual([403, VERIFY_FIRST]);
  });
});
