/**
 * Ownership verification (issue 13 part B, docs/support-cases.md) against
 * workerd: the case form's rules, no enumeration, the limits, and the
 * operator's decisions through the same module `npm run support:cases` runs
 * (server/support/operator.ts) on the instance's own local D1.
 */
import { getPlatformProxy } from 'wrangler';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { systemClock } from '../../server/core/clock';
import { readDevOffset } from '../../server/core/data/dev-clock';
import { outboxEmail } from '../../server/core/providers/email';
import { consumeResetToken } from '../../server/self-service/reset-token';
import { d1Db } from '../../server/core/db/d1';
import { approveCase, CaseRefused, findCase, rejectCase, type OperatorDeps } from '../../server/support/operator';
import { SUPPORT_MAILBOXES, SUPPORT_MAILBOX_SUBJECT } from '../../server/support/mailbox';
import { CASE_REFERENCE } from '../../src/shared/contract/support-cases';
import { createAccount, uniqueEmail } from './client';
import { mailbox, Visitor } from './signin-helpers';

const PATH = '/api/self-service/v1.0/no-auth/op/ownership-case';
const MAILBOX = SUPPORT_MAILBOXES.global;

let proxy: Awaited<ReturnType<typeof getPlatformProxy<{ DB: D1Database }>>>;
let db: D1Database;

beforeAll(async () => {
  proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: `${inject('apiPersistDir')}/v3` } });
  db = proxy.env.DB;
}, 60_000);
afterAll(() => proxy.dispose());

async function operator(): Promise<OperatorDeps> {
  const clock = systemClock(await readDevOffset(db));
  return { db, clock, email: outboxEmail(d1Db(db), clock), operator: 'api-test' };
}

function caseBody(account: string, extra: Record<string, unknown> = {}) {
  return {
    account,
    contactEmail: uniqueEmail('contact'),
    productIds: [50203],
    description: 'I lost my phone with the authenticator and the email password.',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    captchaAction: 'web_self_reset_password',
    language: 'en_US',
    ...extra,
  };
}

async function caseCount(): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM support_cases').first<{ n: number }>();
  return row?.n ?? 0;
}

async function submit(v: Visitor, body: Record<string, unknown>) {
  return v.post(PATH, body);
}

async function submitted(v: Visitor, body: Record<string, unknown>): Promise<string> {
  const r = await submit(v, body);
  expect(r.status, r.text).toBe(200);
  return (r.json as { reference: string }).reference;
}

describe('submitting a case', () => {
  it('stores the case, confirms to the player and sends the case to the support mailbox', async () => {
    const v = new Visitor();
    const email = uniqueEmail('owner');
    const accountId = await createAccount(v, email);
    const body = caseBody(email, {
      productIds: [50203, 50210],
      gameRegion: 'EU',
      orderId: 'ORD-12345',
      purchaseDate: '2024-03-01',
      description: 'Line one.\nLine two: I bought the game in March.',
    });
    const reference = await submitted(v, body);
    expect(reference).toMatch(CASE_REFERENCE);

    const stored = await findCase(db, reference);
    expect(stored).toMatchObject({
      account_id: accountId,
      contact_email: body.contactEmail,
      product_ids: '[50203,50210]',
      game_region: 'EU',
      order_id: 'ORD-12345',
      purchase_date: '2024-03-01',
      status: 'open',
      locale: 'en',
    });
    expect(stored?.description).toContain('\n');

    const [confirmation] = await mailbox(body.contactEmail);
    expect(confirmation?.subject).toContain(reference);
    expect(confirmation?.text).toContain(reference);
    const toSupport = (await mailbox(MAILBOX)).find((m) => m.text.includes(reference));
    expect(toSupport?.subject).toBe(SUPPORT_MAILBOX_SUBJECT);
    expect(toSupport?.text).toContain(`Account: ${String(accountId)}`);
    expect(toSupport?.text).toContain('ORD-12345');
    // The account's own address is not written to before support decides.
    expect(await mailbox(email)).toHaveLength(0);

    const audit = await db
      .prepare("SELECT COUNT(*) AS n FROM audit_log WHERE account_id = ?1 AND event = 'support.case.opened'")
      .bind(accountId)
      .first<{ n: number }>();
    expect(audit?.n).toBe(1);
  });

  it('answers a missing account exactly like an existing one, and flags it for the operator', async () => {
    const v = new Visitor();
    const email = uniqueEmail('exists');
    await createAccount(v, email);
    const missing = uniqueEmail('missing');
    const [a, b] = [await submit(v, caseBody(email)), await submit(new Visitor(), caseBody(missing))];
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(Object.keys(b.json as object)).toEqual(Object.keys(a.json as object));
    expect(b.text.length).toBe(a.text.length);
    expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));

    const reference = (b.json as { reference: string }).reference;
    expect(reference).toMatch(CASE_REFERENCE);
    expect(await findCase(db, reference)).toMatchObject({ account_id: null, account_input: missing, status: 'open' });
    const toSupport = (await mailbox(MAILBOX)).find((m) => m.text.includes(reference));
    expect(toSupport?.text).toContain('NOT FOUND');
  });

  it('finds the account by its ID as well as its email, without regard to case', async () => {
    const v = new Visitor();
    const email = uniqueEmail('upper');
    const accountId = await createAccount(v, email);
    const reference = await submitted(v, caseBody(email.toUpperCase()));
    expect((await findCase(db, reference))?.account_id).toBe(accountId);
  });
});

describe('refusals store nothing and count nothing', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['an order ID without its purchase date', { orderId: 'ORD-1' }],
    ['a purchase date without its order ID', { purchaseDate: '2024-01-02' }],
    ['a purchase date that is no day', { orderId: 'ORD-1', purchaseDate: '2023-02-29' }],
    ['a purchase date in the future', { orderId: 'ORD-1', purchaseDate: '2999-01-01' }],
    ['a purchase date before 2000', { orderId: 'ORD-1', purchaseDate: '1999-12-31' }],
    ['the regional title without its region', { productIds: [50210] }],
    ['a region without the regional title', { productIds: [50203], gameRegion: 'NA' }],
    ['a region outside NA and EU', { productIds: [50210], gameRegion: 'ASIA' }],
    ['a game twice', { productIds: [50203, 50203] }],
    ['more than 20 games', { productIds: Array.from({ length: 21 }, (_, i) => i + 1) }],
    ['an oversized description', { description: 'x'.repeat(2001) }],
    ['a description under 20 characters', { description: 'help me please' }],
    ['a blank description', { description: ' '.repeat(30) }],
    ['a description with a control character', { description: `Lost everything.\u0000 Please help me out.` }],
    ['a description with a bidi override', { description: `Lost everything \u202E please help me out.` }],
    ['an oversized order ID', { orderId: 'O'.repeat(65), purchaseDate: '2024-01-02' }],
    ['an oversized account', { account: `${'a'.repeat(250)}@x.io` }],
    ['a blank account', { account: '   ' }],
    ['an invalid contact email', { contactEmail: 'not-an-email' }],
    ['an unknown field', { phone: '+15551234567' }],
    ['an unknown captcha action', { captchaAction: 'web_login' }],
  ];

  it.each(cases)('refuses %s with 400 20022', async (_, extra) => {
    const v = new Visitor();
    const before = await caseCount();
    const r = await submit(v, caseBody(uniqueEmail('bad'), extra));
    expect(r.status, r.text).toBe(400);
    expect(r.code).toBe('20022');
    expect(await caseCount()).toBe(before);
  });

  it('counts no limit for refused bodies: the IP still has all its cases', async () => {
    const v = new Visitor();
    for (let i = 0; i < 6; i += 1)
      expect((await submit(v, caseBody('x@example.test', { orderId: 'O' }))).status).toBe(400);
    for (let i = 0; i < 5; i += 1) await submitted(v, caseBody(uniqueEmail('after-bad')));
  });

  it('refuses a failed captcha with the captcha code and stores nothing', async () => {
    const before = await caseCount();
    const r = await submit(new Visitor(), caseBody(uniqueEmail('bot'), { captchaToken: 'dev-captcha-fail' }));
    expect(r.status).toBe(400);
    expect(r.code).toBe('captcha');
    expect(await caseCount()).toBe(before);
  });
});

describe('limits', () => {
  it('takes 5 cases an hour from one IP, then answers 429 20157 with Retry-After', async () => {
    const v = new Visitor();
    for (let i = 0; i < 5; i += 1) await submitted(v, caseBody(uniqueEmail('flood')));
    const r = await submit(v, caseBody(uniqueEmail('flood')));
    expect(r.status).toBe(429);
    expect(r.code).toBe('20157');
    expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('takes 3 cases a day for one account as typed, from any IP, existing or not', async () => {
    for (const subject of [
      uniqueEmail('busy-missing'),
      await (async () => {
        const email = uniqueEmail('busy-existing');
        await createAccount(new Visitor(), email);
        return email;
      })(),
    ]) {
      for (let i = 0; i < 3; i += 1)
        await submitted(new Visitor(), caseBody(i === 1 ? subject.toUpperCase() : subject));
      const r = await submit(new Visitor(), caseBody(subject));
      expect(r.status).toBe(429);
      expect(r.code).toBe('20157');
    }
  });

  it('holds the limit under a burst of parallel cases', async () => {
    const v = new Visitor();
    const replies = await Promise.all(Array.from({ length: 8 }, () => submit(v, caseBody(uniqueEmail('burst')))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(3);
  });
});

describe('the operator', () => {
  it('approves a case: the player gets a single-use reset link, the account is told, the case is closed', async () => {
    const v = new Visitor();
    const email = uniqueEmail('approve');
    const accountId = await createAccount(v, email);
    const body = caseBody(email, { language: 'de_DE' });
    const reference = await submitted(v, body);

    const decision = await approveCase(await operator(), reference.toLowerCase());
    expect(decision).toMatchObject({ reference, status: 'approved', contactEmail: body.contactEmail });
    expect((await findCase(db, reference))?.status).toBe('approved');

    const [mail] = await mailbox(body.contactEmail);
    expect(mail?.link).toBe(decision.link);
    expect(mail?.text).toContain(reference);
    expect(mail?.subject).toContain('genehmigt'); // the player's language
    const link = new URL(decision.link);
    expect(link.origin).toBe(inject('apiBaseUrl'));
    expect(link.pathname).toBe('/account/de/self-service/reset-password');
    const token = link.searchParams.get('token') ?? '';

    const notice = await mailbox(email);
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain(reference);

    // Single use: the first use gets the account, every later one nothing.
    const now = Date.now();
    expect(await consumeResetToken(d1Db(db), token, now)).toBe(accountId);
    expect(await consumeResetToken(d1Db(db), token, now)).toBeNull();

    await expect(approveCase(await operator(), reference)).rejects.toThrow(CaseRefused);
    await expect(rejectCase(await operator(), reference)).rejects.toThrow(/already approved/);
    const audit = await db
      .prepare("SELECT detail FROM audit_log WHERE account_id = ?1 AND event = 'support.case.approved'")
      .bind(accountId)
      .all<{ detail: string }>();
    expect(audit.results.map((r) => JSON.parse(r.detail) as unknown)).toEqual([{ reference, operator: 'api-test' }]);
  });

  it('a second approval of the same account ends the first link', async () => {
    const v = new Visitor();
    const email = uniqueEmail('twice');
    const accountId = await createAccount(v, email);
    const first = await approveCase(await operator(), await submitted(v, caseBody(email)));
    const second = await approveCase(await operator(), await submitted(v, caseBody(email)));
    const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
    expect(await consumeResetToken(d1Db(db), tokenOf(first.link), Date.now())).toBeNull();
    expect(await consumeResetToken(d1Db(db), tokenOf(second.link), Date.now())).toBe(accountId);
  });

  it('of two parallel approvals exactly one decides', async () => {
    const v = new Visitor();
    const email = uniqueEmail('race');
    await createAccount(v, email);
    const reference = await submitted(v, caseBody(email));
    const results = await Promise.allSettled([
      approveCase(await operator(), reference),
      approveCase(await operator(), reference),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('cannot approve a case that matched no account, and rejects it', async () => {
    const v = new Visitor();
    const body = caseBody(uniqueEmail('nobody'), { language: 'fr_FR' });
    const reference = await submitted(v, body);
    await expect(approveCase(await operator(), reference)).rejects.toThrow(/only be rejected/);
    expect((await findCase(db, reference))?.status).toBe('open');

    const decision = await rejectCase(await operator(), reference);
    expect(decision.status).toBe('rejected');
    expect((await findCase(db, reference))?.status).toBe('rejected');
    const [mail] = await mailbox(body.contactEmail);
    expect(mail?.text).toContain(reference);
    const link = new URL(mail?.link ?? '');
    expect(link.pathname).toBe('/account/fr/self-service/verify/rejected');
    expect(link.searchParams.get('reference')).toBe(reference);
    await expect(approveCase(await operator(), reference)).rejects.toThrow(/already rejected/);
  });

  it('refuses an unknown reference', async () => {
    await expect(approveCase(await operator(), 'LF-22222222')).rejects.toThrow(/No case/);
  });
});
