/**
 * The two-factor SQL, run for real on SQLite with the migrations applied:
 * one-time codes, one use per TOTP step, single-use backup codes, the primary
 * method rules, trusted devices (bound to account and device, expiry, removed
 * by a password change), settings verification and the wrong-code lock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { passwordChangeStatements } from '../../../server/core/data/accounts';
import { findAccountById } from '../../../server/core/data/accounts';
import {
  authTypesOf,
  disableSmsQueries,
  disableTotpQueries,
  enableSmsQuery,
  enableTotpQuery,
  lastSettingsVerification,
  listBackupCodes,
  markBackupCodeUsed,
  markSettingsVerifiedQuery,
  replaceBackupCodesQueries,
  setPrimaryQuery,
  storePendingTotp,
  useTotpStep,
  countAccountsWithPhone,
} from '../../../server/mfa/data';
import {
  addTrustedDeviceStatement,
  countTrustedDevices,
  isTrustedDevice,
  listTrustedDevices,
  removeTrustedDevice,
  renameTrustedDevice,
  touchTrustedDeviceStatement,
  TRUSTED_DEVICE_LIFETIME_MS,
  type NewTrustedDevice,
} from '../../../server/core/data/trusted-devices';
import { ApiError } from '../../../server/core/http/errors';
import {
  codeAcceptedStatements,
  reserveCodeAttempt,
  SECOND_FACTOR_LIMIT,
  wrongCode,
  wrongCodeError,
} from '../../../server/core/security/code-guard';
import { CODE_KINDS, consumeCode, issueCode, MAX_ATTEMPTS_PER_CODE } from '../../../server/core/security/codes';
import { insertAccount, testD1, type TestD1 } from './d1-sqlite';
import { d1Db } from '../../../server/core/db/d1';
import type { Db } from '../../../server/core/db/engine';

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 1);

let t: TestD1;
/** The engine's Db over the same database, for the data functions ported to the query builder. */
let x: Db;
let accountId: number;
beforeEach(() => {
  t = testD1();
  x = d1Db(t.db);
  accountId = insertAccount(t.sqlite, 'player@example.test', { email_verified: 1 });
});

async function account() {
  const a = await findAccountById(x, accountId);
  if (!a) throw new Error('account missing');
  return a;
}

describe('one-time codes', () => {
  const target = () => ({ accountId, target: '+12015550123', kind: CODE_KINDS.loginSms });

  it('stores only a salted digest, never the code', async () => {
    const code = await issueCode(t.engineDb, target(), T0);
    expect(code).toMatch(/^\d{6}$/);
    const row = t.sqlite.prepare('SELECT code_hash FROM verification_codes').get() as { code_hash: string };
    expect(row.code_hash).toMatch(/^c1\$[A-Za-z0-9_-]{22}\$[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('is single use, and right only for its account, target and purpose', async () => {
    const code = await issueCode(t.engineDb, target(), T0);
    expect(await consumeCode(t.engineDb, { ...target(), kind: CODE_KINDS.settingsSms }, code, T0)).toBe('invalid');
    expect(await consumeCode(t.engineDb, { ...target(), target: '+12015550124' }, code, T0)).toBe('invalid');
    const other = insertAccount(t.sqlite, 'other@example.test');
    expect(await consumeCode(t.engineDb, { ...target(), accountId: other }, code, T0)).toBe('invalid');
    expect(await consumeCode(t.engineDb, target(), code, T0)).toBe('ok');
    expect(await consumeCode(t.engineDb, target(), code, T0)).toBe('invalid');
  });

  it('expires after its lifetime (phone: 5 minutes; settings email: 30 minutes)', async () => {
    expect(CODE_KINDS.loginSms.ttlMs).toBe(5 * MINUTE);
    expect(CODE_KINDS.phoneVerify.ttlMs).toBe(5 * MINUTE);
    expect(CODE_KINDS.settingsEmail.ttlMs).toBe(30 * MINUTE);
    const code = await issueCode(t.engineDb, target(), T0);
    expect(await consumeCode(t.engineDb, target(), code, T0 + 5 * MINUTE)).toBe('invalid');
    const again = await issueCode(t.engineDb, target(), T0);
    expect(await consumeCode(t.engineDb, target(), again, T0 + 5 * MINUTE - 1)).toBe('ok');
  });

  it('a new code replaces the previous one', async () => {
    const first = await issueCode(t.engineDb, target(), T0);
    let second = await issueCode(t.engineDb, target(), T0 + 1);
    while (second === first) second = await issueCode(t.engineDb, target(), T0 + 1);
    expect(await consumeCode(t.engineDb, target(), first, T0 + 2)).toBe('wrong');
    expect(await consumeCode(t.engineDb, target(), second, T0 + 2)).toBe('ok');
  });

  it(`dies after ${String(MAX_ATTEMPTS_PER_CODE)} wrong attempts`, async () => {
    const code = await issueCode(t.engineDb, target(), T0);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_ATTEMPTS_PER_CODE; i++)
      expect(await consumeCode(t.engineDb, target(), wrong, T0)).toBe('wrong');
    expect(await consumeCode(t.engineDb, target(), code, T0)).toBe('invalid');
  });
});

describe('authenticator state', () => {
  it('a pending secret is not a factor; confirming enables it with the confirming step', async () => {
    expect(await storePendingTotp(x, accountId, 'v1.sealed.a', T0)).toBe(true);
    expect(authTypesOf(await account()).authTypes).toEqual([]);
    // Confirming a secret that was replaced meanwhile changes nothing.
    await storePendingTotp(x, accountId, 'v1.sealed.b', T0);
    expect((await x.run(enableTotpQuery(x, accountId, 'v1.sealed.a', 100, true, T0))).rowsAffected).toBe(0);
    expect((await x.run(enableTotpQuery(x, accountId, 'v1.sealed.b', 100, true, T0))).rowsAffected).toBe(1);
    const a = await account();
    expect(authTypesOf(a)).toEqual({ authTypes: ['TOTP'], primaryAuthType: 'TOTP' });
    expect(a.totp_last_step).toBe(100);
    // While enabled a new setup is refused.
    expect(await storePendingTotp(x, accountId, 'v1.sealed.c', T0)).toBe(false);
  });

  it('accepts each step once; after step T, T and earlier are refused', async () => {
    await storePendingTotp(x, accountId, 'v1.s', T0);
    await x.run(enableTotpQuery(x, accountId, 'v1.s', 100, true, T0));
    expect(await useTotpStep(x, accountId, 100)).toBe(false);
    expect(await useTotpStep(x, accountId, 99)).toBe(false);
    expect(await useTotpStep(x, accountId, 101)).toBe(true);
    expect(await useTotpStep(x, accountId, 101)).toBe(false);
    expect(await useTotpStep(x, accountId, 103)).toBe(true);
    expect(await useTotpStep(x, accountId, 102)).toBe(false);
  });

  it('of two parallel uses of one step exactly one wins', async () => {
    await storePendingTotp(x, accountId, 'v1.s', T0);
    await x.run(enableTotpQuery(x, accountId, 'v1.s', 100, true, T0));
    const results = await Promise.all([useTotpStep(x, accountId, 101), useTotpStep(x, accountId, 101)]);
    expect(results.sort()).toEqual([false, true]);
  });
});

describe('primary method', () => {
  async function enableTotp(primary: boolean) {
    await storePendingTotp(x, accountId, 'v1.s', T0);
    await x.run(enableTotpQuery(x, accountId, 'v1.s', 1, primary, T0));
  }

  it('the first factor becomes primary even when enabled as secondary', async () => {
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0));
    expect((await account()).primary_auth_type).toBe('SMS');
  });

  it('a secondary factor keeps the primary; a default one takes it', async () => {
    await x.run(enableSmsQuery(x, accountId, '+12015550123', true, T0));
    await enableTotp(false);
    expect(authTypesOf(await account())).toEqual({ authTypes: ['SMS', 'TOTP'], primaryAuthType: 'SMS' });
    await x.batch(disableTotpQueries(x, accountId, T0));
    await enableTotp(true);
    expect(authTypesOf(await account())).toEqual({ authTypes: ['TOTP', 'SMS'], primaryAuthType: 'TOTP' });
  });

  it('disabling the primary hands it over, or back to EMAIL', async () => {
    await enableTotp(true);
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0));
    await x.batch(disableTotpQueries(x, accountId, T0));
    expect((await account()).primary_auth_type).toBe('SMS');
    await x.batch(disableSmsQueries(x, accountId, T0));
    const a = await account();
    expect(a.primary_auth_type).toBe('EMAIL');
    expect(a.phone_no).toBe('+12015550123');
    expect(authTypesOf(a)).toEqual({ authTypes: [], primaryAuthType: null });
  });

  it('only an enabled factor can be made primary', async () => {
    await enableTotp(true);
    expect((await x.run(setPrimaryQuery(x, accountId, 'SMS', T0))).rowsAffected).toBe(0);
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0));
    expect((await x.run(setPrimaryQuery(x, accountId, 'SMS', T0))).rowsAffected).toBe(1);
    expect(authTypesOf(await account()).authTypes).toEqual(['SMS', 'TOTP']);
  });

  it('a new number restarts the change lock; the same number keeps it', async () => {
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0));
    expect((await account()).phone_changed_at).toBe(T0);
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0 + MINUTE));
    expect((await account()).phone_changed_at).toBe(T0);
    await x.run(enableSmsQuery(x, accountId, '+12015550999', false, T0 + 2 * MINUTE));
    expect((await account()).phone_changed_at).toBe(T0 + 2 * MINUTE);
  });

  it('counts other accounts with a verified number', async () => {
    for (const email of ['a@example.test', 'b@example.test'])
      insertAccount(t.sqlite, email, { phone_no: '+12015550123', phone_verified_at: T0 });
    insertAccount(t.sqlite, 'c@example.test', { phone_no: '+12015550123' });
    expect(await countAccountsWithPhone(x, '+12015550123', accountId)).toBe(2);
  });
});

describe('backup codes', () => {
  it('a new set replaces the old one; each code is used once, even in parallel', async () => {
    await x.batch(replaceBackupCodesQueries(x, accountId, ['h1', 'h2'], T0));
    await x.batch(replaceBackupCodesQueries(x, accountId, ['h3', 'h4', 'h5'], T0 + 1));
    const rows = await listBackupCodes(x, accountId);
    expect(rows.map((r) => r.codeHash)).toEqual(['h3', 'h4', 'h5']);
    const id = rows[1]?.id ?? 0;
    const results = await Promise.all([
      markBackupCodeUsed(x, accountId, id, T0),
      markBackupCodeUsed(x, accountId, id, T0),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await listBackupCodes(x, accountId)).map((r) => r.usedAt)).toEqual([null, T0, null]);
    const other = insertAccount(t.sqlite, 'other@example.test');
    expect(await markBackupCodeUsed(x, other, rows[0]?.id ?? 0, T0)).toBe(false);
  });

  it('are deleted when the last factor goes, kept while one remains', async () => {
    await storePendingTotp(x, accountId, 'v1.s', T0);
    await x.run(enableTotpQuery(x, accountId, 'v1.s', 1, true, T0));
    await x.run(enableSmsQuery(x, accountId, '+12015550123', false, T0));
    await x.batch(replaceBackupCodesQueries(x, accountId, ['h1'], T0));
    await x.batch(disableSmsQueries(x, accountId, T0));
    expect(await listBackupCodes(x, accountId)).toHaveLength(1);
    await x.batch(disableTotpQueries(x, accountId, T0));
    expect(await listBackupCodes(x, accountId)).toHaveLength(0);
  });
});

describe('trusted devices', () => {
  const device = (deviceId: string, name = 'Chrome on Windows'): NewTrustedDevice => ({
    accountId,
    deviceId,
    secretHash: `secret-of-${deviceId}`,
    name,
    type: 'PC',
    location: 'KR',
    signingIn: true,
  });

  it('are bound to the account and the device secret (never the device id), and expire', async () => {
    await x.run(addTrustedDeviceStatement(x, device('d1'), T0));
    const other = insertAccount(t.sqlite, 'other@example.test');
    expect(await isTrustedDevice(x, accountId, 'secret-of-d1', T0)).toBe(true);
    expect(await isTrustedDevice(x, accountId, 'd1', T0)).toBe(false);
    expect(await isTrustedDevice(x, accountId, 'secret-of-d2', T0)).toBe(false);
    expect(await isTrustedDevice(x, other, 'secret-of-d1', T0)).toBe(false);
    expect(await isTrustedDevice(x, accountId, null, T0)).toBe(false);
    expect(await isTrustedDevice(x, accountId, 'secret-of-d1', T0 + TRUSTED_DEVICE_LIFETIME_MS - 1)).toBe(true);
    expect(await isTrustedDevice(x, accountId, 'secret-of-d1', T0 + TRUSTED_DEVICE_LIFETIME_MS)).toBe(false);
    expect(TRUSTED_DEVICE_LIFETIME_MS).toBe(30 * 24 * 60 * MINUTE);
  });

  it('a device id trusted with another secret (cookies cleared, or trusted before secrets) is re-bound', async () => {
    t.sqlite
      .prepare(
        `INSERT INTO trusted_devices (account_id, device_id, name, created_at, expires_at) VALUES (?, 'd1', 'Old', ?, ?)`,
      )
      .run(accountId, T0, T0 + TRUSTED_DEVICE_LIFETIME_MS);
    expect(await isTrustedDevice(x, accountId, 'secret-of-d1', T0)).toBe(false);
    expect((await x.run(addTrustedDeviceStatement(x, device('d1', 'New'), T0 + 1))).rowsAffected).toBe(1);
    expect(await isTrustedDevice(x, accountId, 'secret-of-d1', T0 + 1)).toBe(true);
    expect((await listTrustedDevices(x, accountId, T0 + 1)).map((d) => d.name)).toEqual(['New']);
  });

  it('a live device cannot be added twice; an expired one is replaced', async () => {
    expect((await x.run(addTrustedDeviceStatement(x, device('d1', 'First'), T0))).rowsAffected).toBe(1);
    expect((await x.run(addTrustedDeviceStatement(x, device('d1', 'Again'), T0 + 1))).rowsAffected).toBe(0);
    const later = T0 + TRUSTED_DEVICE_LIFETIME_MS;
    expect((await x.run(addTrustedDeviceStatement(x, device('d1', 'Renewed'), later))).rowsAffected).toBe(1);
    expect((await listTrustedDevices(x, accountId, later)).map((d) => d.name)).toEqual(['Renewed']);
  });

  it('rename, touch, count and remove act on live devices of the account only', async () => {
    await x.run(addTrustedDeviceStatement(x, { ...device('d1'), signingIn: false }, T0));
    expect(await renameTrustedDevice(x, accountId, 'd1', 'Desk', T0)).toBe(true);
    expect(await renameTrustedDevice(x, accountId, 'nope', 'Desk', T0)).toBe(false);
    await x.run(touchTrustedDeviceStatement(x, accountId, 'secret-of-d1', T0 + 5));
    const [row] = await listTrustedDevices(x, accountId, T0);
    expect(row).toMatchObject({ name: 'Desk', last_login_at: T0 + 5, created_at: T0 });
    expect(await countTrustedDevices(x, accountId, T0)).toBe(1);
    expect(await removeTrustedDevice(x, accountId, 'd1', T0)).toBe('Desk');
    expect(await removeTrustedDevice(x, accountId, 'd1', T0)).toBeNull();
  });

  it('all disappear when the password changes', async () => {
    await x.run(addTrustedDeviceStatement(x, device('d1'), T0));
    await x.run(addTrustedDeviceStatement(x, device('d2'), T0));
    const other = insertAccount(t.sqlite, 'other@example.test');
    await x.run(addTrustedDeviceStatement(x, { ...device('d1'), accountId: other }, T0));
    await x.batch(passwordChangeStatements(x, accountId, 'lfp1$new-hash', T0 + 1));
    expect(await countTrustedDevices(x, accountId, T0 + 1)).toBe(0);
    expect(await isTrustedDevice(x, other, 'secret-of-d1', T0 + 1)).toBe(true);
  });
});

describe('settings verification mark', () => {
  it('is the later of the sign-in and the last verification of that session for that purpose', async () => {
    t.sqlite
      .prepare(
        `INSERT INTO sessions (token_hash, account_id, level, remember_me, created_at, last_seen_at, idle_expires_at,
          absolute_expires_at) VALUES ('s1', ?, 'full', 0, ?, ?, ?, ?)`,
      )
      .run(accountId, T0, T0, T0 + 60 * MINUTE, T0 + 600 * MINUTE);
    expect(await lastSettingsVerification(x, 's1', 'mfa')).toBe(T0);
    await x.run(markSettingsVerifiedQuery(x, 's1', 'mfa', accountId, T0 + 20 * MINUTE, 10 * MINUTE));
    expect(await lastSettingsVerification(x, 's1', 'mfa')).toBe(T0 + 20 * MINUTE);
    // Another purpose still has only the sign-in.
    expect(await lastSettingsVerification(x, 's1', 'payment')).toBe(T0);
    expect(await lastSettingsVerification(x, 's2', 'mfa')).toBeNull();
  });
});

describe('wrong-code lock', () => {
  const subject = () => ({ accountId, ip: '192.0.2.1' });
  const refusal = wrongCodeError();
  const wrongAt = async (now: number) =>
    wrongCode(t.engineDb, now, await reserveCodeAttempt(t.engineDb, now, subject()), refusal);

  it('the fifth wrong code locks for 5 minutes; a correct code clears the counter', async () => {
    for (let i = 0; i < 4; i++) expect(await wrongAt(T0)).toBe(refusal);
    const fifth = await wrongAt(T0);
    expect(fifth).toBeInstanceOf(ApiError);
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect(fifth.headers['Retry-After']).toBe('300');
    await expect(reserveCodeAttempt(t.engineDb, T0 + 5 * MINUTE - 1000, subject())).rejects.toMatchObject({
      code: '20187',
    });
    for (let i = 0; i < 3; i++) await wrongAt(T0 + 5 * MINUTE);
    const right = await reserveCodeAttempt(t.engineDb, T0 + 6 * MINUTE, subject());
    await t.engineDb.batch(codeAcceptedStatements(t.engineDb, right));
    // A cleared counter is zeroed (server/core/data/rate-limits.ts): nothing counted, nothing locked.
    const left = t.sqlite
      .prepare('SELECT scope FROM rate_limits WHERE key = ? AND (count > 0 OR locked_until > 0)')
      .all(String(accountId)) as { scope: string }[];
    expect(left.map((r) => r.scope)).not.toContain(SECOND_FACTOR_LIMIT.scope);
  });

  it('reserves before checking: with 4 attempts in flight only one more is let through', async () => {
    const inFlight = await Promise.all([0, 1, 2, 3].map(() => reserveCodeAttempt(t.engineDb, T0, subject())));
    expect(inFlight.map((r) => r[0]?.position)).toEqual([1, 2, 3, 4]);
    await reserveCodeAttempt(t.engineDb, T0, subject());
    await expect(reserveCodeAttempt(t.engineDb, T0, subject())).rejects.toMatchObject({ status: 429, code: '20187' });
  });
});
