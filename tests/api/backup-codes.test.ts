/**
 * Backup codes against workerd: the password prompt, 10 codes of 8 digits
 * shown only when created, used codes marked, a new set invalidating the old
 * one, single use even under two parallel requests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, setClock } from './client';
import {
  enableSms,
  enableTotp,
  mailbox,
  newPlayer,
  PASSWORD,
  pendingSignIn,
  post,
  put,
  verifyBody,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const PATH = '/mfa/totp/backup-code';
const VERIFY = '/no-auth/trusted-device/verify';

interface Code {
  position: number;
  backupCode: string | null;
  used: boolean;
}
const codesOf = (json: unknown) => (json as { backupCodes: Code[] }).backupCodes;

async function playerWithCodes(tag: string) {
  const p = await newPlayer(tag);
  await enableTotp(p);
  const r = await post(p.b, PATH, { password: PASSWORD });
  expect(r.status, r.text).toBe(200);
  return { p, codes: codesOf(r.json) };
}

describe('creating and showing backup codes', () => {
  it('creates 10 distinct 8-digit codes on first view, then shows positions and used flags only', async () => {
    const { p, codes } = await playerWithCodes('bc-create');
    expect(codes).toHaveLength(10);
    expect(codes.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const c of codes) {
      expect(c.backupCode).toMatch(/^\d{8}$/);
      expect(c.used).toBe(false);
    }
    expect(new Set(codes.map((c) => c.backupCode)).size).toBe(10);
    expect((await mailbox(p.email))[0]?.text).toContain('A new set of backup codes was generated.');

    const later = codesOf((await post(p.b, PATH, { password: PASSWORD })).json);
    expect(later).toEqual(codes.map((c) => ({ position: c.position, backupCode: null, used: false })));
  });

  it('needs the account password (20002, counted toward the lock) and 8+ characters', async () => {
    const p = await newPlayer('bc-password');
    await enableTotp(p);
    const wrong = await post(p.b, PATH, { password: 'Not-the-password-1' });
    expect(wrong.code).toBe('20002');
    expect((await post(p.b, PATH, { password: 'short' })).code).toBe('20022');
    expect((await put(p.b, PATH, { password: 'Not-the-password-1' })).code).toBe('20002');
    expect((await post(new Browser(), PATH, { password: PASSWORD })).code).toBe('20001');
  });

  it('needs a second factor to stand in for', async () => {
    const p = await newPlayer('bc-nofactor');
    expect((await post(p.b, PATH, { password: PASSWORD })).code).toBe('20022');
  });

  it('works with SMS as the only factor too', async () => {
    const p = await newPlayer('bc-sms');
    await enableSms(p);
    expect(codesOf((await post(p.b, PATH, { password: PASSWORD })).json)).toHaveLength(10);
  });
});

describe('signing in with a backup code', () => {
  it('signs in once per code and marks it used', async () => {
    const { p, codes } = await playerWithCodes('bc-use');
    const third = codes[2]?.backupCode ?? '';
    const pending = await pendingSignIn(p);
    const r = await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', third));
    expect(r.status, r.text).toBe(200);
    expect((await pending.get('/api/dev/session')).json).toMatchObject({ level: 'full' });

    const again = await pendingSignIn(p);
    const reuse = await put(again, VERIFY, verifyBody(p, 'BACKUP_CODE', third));
    expect(reuse.status).toBe(400);
    // Said as it is: the code was right but is used up (not "wrong", which sends a player to re-check the digits).
    expect(reuse.code).toBe('BACKUP_CODE_USED');
    // A code that was never one of the set stays "wrong".
    expect((await put(again, VERIFY, verifyBody(p, 'BACKUP_CODE', '99999999'))).code).toBe('20188');

    const list = codesOf((await post(p.b, PATH, { password: PASSWORD })).json);
    expect(list.filter((c) => c.used).map((c) => c.position)).toEqual([3]);
  });

  it('a wrong code answers 20188 and counts toward the lock', async () => {
    const { p, codes } = await playerWithCodes('bc-wrong');
    const pending = await pendingSignIn(p);
    const known = new Set(codes.map((c) => c.backupCode));
    let guess = 10_000_000;
    while (known.has(String(guess))) guess += 1;
    for (let i = 0; i < 4; i++)
      expect((await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', String(guess)))).code).toBe('20188');
    const fifth = await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', String(guess)));
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
  });

  it('two parallel sign-ins with the same code: exactly one wins', async () => {
    const { p, codes } = await playerWithCodes('bc-race');
    const code = codes[0]?.backupCode ?? '';
    const a = await pendingSignIn(p);
    const b = await pendingSignIn(p);
    const results = await Promise.all([
      put(a, VERIFY, verifyBody(p, 'BACKUP_CODE', code)),
      put(b, VERIFY, verifyBody(p, 'BACKUP_CODE', code)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.code).toBe('BACKUP_CODE_USED');
    const list = codesOf((await post(p.b, PATH, { password: PASSWORD })).json);
    expect(list.filter((c) => c.used)).toHaveLength(1);
  });

  it('a new set invalidates the old one', async () => {
    const { p, codes } = await playerWithCodes('bc-regen');
    const fresh = await put(p.b, PATH, { password: PASSWORD });
    expect(fresh.status).toBe(200);
    const next = codesOf(fresh.json);
    expect(next.every((c) => c.backupCode !== null && !c.used)).toBe(true);
    const pending = await pendingSignIn(p);
    const old = codes.find((c) => !next.some((n) => n.backupCode === c.backupCode))?.backupCode ?? '';
    expect((await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', old))).code).toBe('20188');
    expect((await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', next[9]?.backupCode ?? ''))).status).toBe(200);
  });

  it('disabling the last factor deletes the codes', async () => {
    const { p, codes } = await playerWithCodes('bc-off');
    expect((await p.b.request('DELETE', '/api/account/v1/mfa/totp')).status).toBe(200);
    await enableTotp(p);
    const pending = await pendingSignIn(p);
    expect((await put(pending, VERIFY, verifyBody(p, 'BACKUP_CODE', codes[0]?.backupCode ?? ''))).code).toBe('20188');
  });
});
