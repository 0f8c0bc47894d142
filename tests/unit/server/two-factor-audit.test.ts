/**
 * Every factor change is written to the audit log and emailed to the account
 * holder, and neither the log nor anything but the local outbox holds a
 * secret or a code. Runs the real app in-process on SQLite (the API tests
 * cover the same calls against workerd, where the audit table is not visible).
 */
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Env } from '../../../server/core/env';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_COOKIE } from '../../../src/shared/contract/http';
import { inProcessEnv, testD1, type TestD1 } from './d1-sqlite';

const ORIGIN = 'http://localhost';
const PASSWORD = 'Correct-Horse-9';
const EMAIL = 'audit@example.test';

let t: TestD1;
let env: Env;
let cookie = '';
const app = createApp();

async function call(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Origin: ORIGIN, [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers['Cookie'] = cookie;
  const res = await app.request(
    `${ORIGIN}${path}`,
    { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    env,
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    if (pair.startsWith(`${SESSION_COOKIE}=`)) cookie = pair;
  }
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

const account = (path: string) => `/api/account/v1${path}`;

beforeAll(async () => {
  t = testD1();
  env = inProcessEnv(t.db, ORIGIN);
  const { accountId } = (await call('POST', '/api/dev/account', { email: EMAIL, password: PASSWORD })) as {
    accountId: number;
  };
  await call('POST', '/api/dev/session', { accountId });
});

describe('factor changes', () => {
  it('are audited and emailed, with no secret or code in the log', async () => {
    const { secret } = (await call('POST', account('/mfa/totp'), {})) as { secret: string };
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() });
    await call('PUT', account('/mfa/totp/confirm'), { code, primary: true });
    const codes = (await call('POST', account('/mfa/totp/backup-code'), { password: PASSWORD })) as {
      backupCodes: { backupCode: string }[];
    };
    await call('PUT', account('/trusted-device'), { name: 'Desk', deviceId: 'device-a' });
    await call('PUT', account('/trusted-device/reset'), {
      deviceId: 'device-a',
      language: 'en_US',
      localTime: '2025-01-01T00:00:00Z',
      timeOffset: 0,
    });
    await call('PUT', account('/trusted-device'), { name: 'Desk', deviceId: 'device-b' });
    await call('PUT', account('/trusted-device/reset/all'), {
      language: 'en_US',
      localTime: '2025-01-01T00:00:00Z',
      timeOffset: 0,
    });
    const phone = '+12015550123';
    await call('POST', account('/no-auth/sms/request-code'), { phoneNo: phone, language: 'en_US', deviceId: 'd' });
    const sms = t.sqlite.prepare("SELECT code FROM outbox WHERE channel = 'sms' ORDER BY id DESC").get() as {
      code: string;
    };
    await call('PUT', account('/mfa/sms'), { phoneNo: phone, verificationCode: sms.code, primary: false });
    await call('PUT', account('/mfa/primary'), { authType: 'SMS' });
    await call('DELETE', account('/mfa/sms'));
    await call('DELETE', account('/mfa/totp'));

    const events = (
      t.sqlite.prepare('SELECT event, detail FROM audit_log ORDER BY id').all() as {
        event: string;
        detail: string | null;
      }[]
    ).filter((e) => !e.event.startsWith('password.'));
    expect(events.map((e) => e.event)).toEqual([
      'mfa.totp.setup-started',
      'mfa.totp.enabled',
      'mfa.backup-codes.generated',
      'trusted-device.added',
      'trusted-device.removed',
      'trusted-device.added',
      'trusted-device.reset-all',
      'sms.code-sent',
      'mfa.sms.enabled',
      'mfa.primary.changed',
      'mfa.sms.disabled',
      'mfa.totp.disabled',
    ]);
    const log = JSON.stringify(events);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(sms.code);
    expect(log).not.toContain(phone);
    for (const c of codes.backupCodes) expect(log).not.toContain(c.backupCode);

    const subjects = t.sqlite
      .prepare("SELECT subject FROM outbox WHERE channel = 'email' AND recipient = ? ORDER BY id")
      .all(EMAIL) as { subject: string }[];
    // TOTP on, backup codes, device added, removed, added, reset all, SMS on, primary, SMS off, TOTP off.
    expect(subjects.map((s) => s.subject)).toEqual(Array(10).fill('Security change on your Lumenforge Account'));
  });
});
