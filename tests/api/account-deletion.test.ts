/**
 * Download my data and delete my account against workerd: the export (a
 * settings verification first, Content-Disposition, every table of the
 * account with the audit log, no secrets), the deletion request (verification
 * first, a parent with children refused, every session ended, emailed), a
 * sign-in during the grace period (ACCOUNT_DELETION_PENDING with a ticket),
 * cancelling with the ticket (single use, in parallel too), the purge when
 * the grace period ends (on a sign-in attempt and through the dev hook) with
 * the controllable clock, and bad input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, PASSWORD, setClock } from './client';
import { expectCode, LANG, otherDevice, settingGet, settingPost, signedIn } from './account-lifecycle-helpers';
import { loginBody, P, Visitor } from './signin-helpers';
import { mailbox, newPlayer, startSession, type Player } from './two-factor-helpers';

afterEach(() => setClock(0));

const DAY = 24 * 60 * MINUTE;

const requestDeletion = (b: Browser) => settingPost(b, '/deletion', LANG);
const cancel = (ticket: string) =>
  new Browser().post('/api/account-setting/v1.0/no-auth/deletion/cancel', { ticket, ...LANG });
const login = (p: Player) => new Visitor().post(P.login, loginBody({ email: p.email, password: PASSWORD }));

/** A sign-in during the grace period: the date and the cancel ticket. */
async function pendingSignIn(p: Player): Promise<{ purgeAt: string; ticket: string }> {
  const r = await login(p);
  expectCode(r, 403, 'ACCOUNT_DELETION_PENDING');
  expect(r.setCookies.some((c) => c.startsWith('__Host-lf_session=') && !/max-age=0/i.test(c))).toBe(false);
  return JSON.parse((r.json as { message: string }).message) as { purgeAt: string; ticket: string };
}

async function scheduled(tag: string): Promise<Player> {
  const p = await newPlayer(tag);
  const r = await requestDeletion(p.b);
  expect(r.status, r.text).toBe(200);
  return p;
}

describe('download my data', () => {
  it('answers every table of the account as an attachment, audit log included, without secrets', async () => {
    const p = await newPlayer('export');
    await otherDevice(p);
    const r = await settingGet(p.b, '/data-export');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="lumenforge-account-${String(p.accountId)}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const body = r.json as { format: string; accountId: number; tables: Record<string, Record<string, unknown>[]> };
    expect(body.format).toBe('lumenforge-account-export/1');
    expect(body.accountId).toBe(p.accountId);
    expect(body.tables['accounts']?.[0]).toMatchObject({ id: p.accountId, email: p.email });
    expect(body.tables['sessions']).toHaveLength(2);
    expect(body.tables['credentials']?.[0]).toHaveProperty('changed_at');
    expect(body.tables['audit_log']?.some((e) => e['event'] === 'account.data-exported')).toBe(true);
    // No hash, secret, code or token of any kind.
    expect(r.text).not.toMatch(/lfp1\$|password_hash|token_hash|code_hash|totp_secret/);
    expect((await mailbox(p.email))[0]?.text).toContain('A copy of your account data was downloaded.');
  });

  it('needs a settings verification of the last 10 minutes (20008 N=9)', async () => {
    const p = await newPlayer('export-verify');
    await setClock(11 * MINUTE);
    expectCode(await settingGet(p.b, '/data-export'), 403, '20008');
  });

  it('needs a session (20001) and takes no query', async () => {
    expectCode(await settingGet(new Browser(), '/data-export'), 401, '20001');
    const p = await newPlayer('export-query');
    expectCode(await settingGet(p.b, '/data-export?all=1'), 400, '20022');
  });
});

describe('delete my account', () => {
  it('schedules the deletion in 30 days, signs out every session and emails the date', async () => {
    const p = await newPlayer('del-request');
    const other = await otherDevice(p);
    const r = await requestDeletion(p.b);
    expect(r.status, r.text).toBe(200);
    const { purgeAt } = r.json as { purgeAt: string };
    expect(Date.parse(purgeAt) - Date.now()).toBeGreaterThan(30 * DAY - 5 * MINUTE);
    expect(Date.parse(purgeAt) - Date.now()).toBeLessThan(30 * DAY + 5 * MINUTE);
    expect(await signedIn(p.b)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    const [mail] = await mailbox(p.email);
    expect(mail?.subject).toBe('Deletion of your Lumenforge Account');
    expect(mail?.text).toContain('Your account will be deleted on');
  });

  it('needs a settings verification (20008 N=9) and then changes nothing', async () => {
    const p = await newPlayer('del-verify');
    await setClock(11 * MINUTE);
    expectCode(await requestDeletion(p.b), 403, '20008');
    expect(await signedIn(p.b)).toBe(true);
    expect((await login(p)).status).toBe(200);
  });

  it('refuses a parent while child accounts remain (ACCOUNT_HAS_CHILDREN)', async () => {
    const parent = await newPlayer('del-parent');
    const child = await newPlayer('del-child');
    expect(
      (await parent.b.post('/api/dev/family/link', { parentId: parent.accountId, childId: child.accountId })).status,
    ).toBe(200);
    expectCode(await requestDeletion(parent.b), 409, 'ACCOUNT_HAS_CHILDREN');
    expect(await signedIn(parent.b)).toBe(true);
    // The child may delete its own account.
    expect((await requestDeletion(child.b)).status).toBe(200);
  });

  it('parallel requests schedule one deletion and send one email', async () => {
    const p = await newPlayer('del-race');
    const replies = await Promise.all([1, 2, 3].map(() => requestDeletion(p.b)));
    const dates = new Set(replies.filter((r) => r.status === 200).map((r) => (r.json as { purgeAt: string }).purgeAt));
    expect(dates.size).toBe(1);
    const mails = (await mailbox(p.email)).filter((m) => m.text.includes('Your account will be deleted on'));
    expect(mails).toHaveLength(1);
  });

  it('bad bodies answer 400 20022 and schedule nothing', async () => {
    const p = await newPlayer('del-bad');
    for (const raw of ['{"language":', '{"language":5}', '{}', '{"language":"en_US","now":true}']) {
      expectCode(await p.b.request('POST', '/api/account-setting/v1.0/deletion', { raw }), 400, '20022');
    }
    expect(await signedIn(p.b)).toBe(true);
    expect((await login(p)).status).toBe(200);
  });
});

describe('signing in during the grace period', () => {
  it('answers ACCOUNT_DELETION_PENDING with the date and a ticket; the ticket cancels once; then sign-in works', async () => {
    const p = await scheduled('del-cancel');
    const { purgeAt, ticket } = await pendingSignIn(p);
    expect(Date.parse(purgeAt)).toBeGreaterThan(Date.now() + 29 * DAY);
    const r = await cancel(ticket);
    expect(r.status, r.text).toBe(200);
    expect((await mailbox(p.email))[0]?.text).toContain('The deletion of your account was cancelled.');
    expectCode(await cancel(ticket), 400, '20018');
    expect((await login(p)).status).toBe(200);
  });

  it('a wrong password still answers 20002 (no one learns of the deletion without the password)', async () => {
    const p = await scheduled('del-wrong');
    expectCode(
      await new Visitor().post(P.login, loginBody({ email: p.email, password: 'Wrong-Pass-1!' })),
      401,
      '20002',
    );
  });

  it('of parallel cancels with one ticket exactly one succeeds', async () => {
    const p = await scheduled('del-cancel-race');
    const { ticket } = await pendingSignIn(p);
    const replies = await Promise.all([1, 2, 3, 4].map(() => cancel(ticket)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === '20018')).toHaveLength(3);
  });

  it('refuses an unknown, expired or malformed ticket', async () => {
    const p = await scheduled('del-ticket');
    expectCode(await cancel('x'.repeat(43)), 400, '20018');
    const { ticket } = await pendingSignIn(p);
    await setClock(16 * MINUTE);
    expectCode(await cancel(ticket), 400, '20018');
    expectCode(
      await new Browser().post('/api/account-setting/v1.0/no-auth/deletion/cancel', { ticket: 5, ...LANG }),
      400,
      '20022',
    );
    expectCode(
      await new Browser().post('/api/account-setting/v1.0/no-auth/deletion/cancel', { ticket: 'a b', ...LANG }),
      400,
      '20022',
    );
  });
});

describe('when the grace period ends', () => {
  it('a sign-in attempt removes the account: it answers like an unknown one and the last email goes out', async () => {
    const p = await scheduled('del-purge');
    await setClock(30 * DAY + MINUTE);
    expectCode(await login(p), 401, '20002');
    const [mail] = await mailbox(p.email);
    expect(mail?.text).toContain('Your account and its data have been deleted.');
    // Really gone: the address can make a new account.
    expect((await new Browser().post('/api/dev/account', { email: p.email, password: PASSWORD })).status).toBe(200);
  });

  it('the purge hook removes every due account and leaves the others', async () => {
    const due = await scheduled('del-hook-due');
    const notDue = await newPlayer('del-hook-later');
    await setClock(10 * DAY);
    await startSession(notDue.b, notDue.accountId); // signed in again, 10 days later
    expect((await requestDeletion(notDue.b)).status).toBe(200); // its grace ends 10 days after the first
    await setClock(30 * DAY + MINUTE);
    const r = await new Browser().post('/api/dev/accounts/purge', {});
    expect(r.status, r.text).toBe(200);
    expect((r.json as { purged: number }).purged).toBeGreaterThanOrEqual(1);
    expect(await createAccountStatus(due.email)).toBe(200);
    expect(await createAccountStatus(notDue.email)).toBe(409);
    // The later one still offers to cancel.
    await pendingSignIn(notDue);
  });

  it('a ticket from before the end no longer cancels', async () => {
    const p = await scheduled('del-late-ticket');
    await setClock(30 * DAY - 5 * MINUTE);
    const { ticket } = await pendingSignIn(p);
    await setClock(30 * DAY + MINUTE);
    expectCode(await cancel(ticket), 400, '20018');
  });
});

async function createAccountStatus(email: string): Promise<number> {
  const r = await new Browser().post('/api/dev/account', { email, password: PASSWORD });
  return r.status;
}
