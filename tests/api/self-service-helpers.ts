/** Helpers of the self-service API tests: a session in a browser, the look-up, codes from the dev outboxes. */
import { expect } from 'vitest';
import type { Browser, Reply } from './client';
import { mailbox } from './two-factor-helpers';

export const SS = '/api/self-service/v1.0';

export function put(b: Browser, path: string, body: unknown): Promise<Reply> {
  return b.request('PUT', `${SS}${path}`, { body });
}

export async function openSession(b: Browser, operationType = 'resetPassword'): Promise<string> {
  const r = await b.post(`${SS}/no-auth/session`, {
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    operationType,
  });
  expect(r.status, r.text).toBe(200);
  return (r.json as { serialNumber: string }).serialNumber;
}

export function lookup(b: Browser, serial: string, value: string, searchBy = 'email'): Promise<Reply> {
  const q = new URLSearchParams({ serial_number: serial, value });
  return b.get(`${SS}/no-auth/mfa/${searchBy}/auth-type?${q.toString()}`);
}

export function requestCode(b: Browser, serial: string, authType = 'email'): Promise<Reply> {
  return b.post(`${SS}/no-auth/mfa/${authType}/request-code`, { serialNumber: serial, language: 'en_US' });
}

export function verify(b: Browser, serial: string, code: string, authType = 'email'): Promise<Reply> {
  return put(b, `/no-auth/mfa/${authType}/verify`, { code, serialNumber: serial, deviceId: 'device-ss-1' });
}

/** The newest code mailed to `email`. */
export async function lastEmailCode(email: string): Promise<string> {
  const [latest] = await mailbox(email);
  if (latest?.code === undefined) throw new Error(`no code mailed to ${email}`);
  return latest.code;
}

/** Session, look-up by email and the email code verified; returns the serial number and the verify answer. */
export async function verifiedByEmail(b: Browser, email: string, op = 'resetPassword') {
  const serial = await openSession(b, op);
  expect((await lookup(b, serial, email)).status).toBe(200);
  expect((await requestCode(b, serial)).status).toBe(200);
  const r = await verify(b, serial, await lastEmailCode(email));
  expect(r.status, r.text).toBe(200);
  return { serial, answer: r.json as { complete: boolean; authTypes: string[]; primaryAuthType: string | null } };
}
