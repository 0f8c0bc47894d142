/** Helpers of the verify-phone API tests (tests/api/phone.test.ts), shared with the SMS opt-in tests. */
import { expect } from 'vitest';
import type { Reply } from './client';
import { lastSmsCode, uniquePhone, type Player } from './two-factor-helpers';

export const SETTING = '/api/account-setting/v1.0';

export function requestCode(p: Player, phoneNo: string): Promise<Reply> {
  return p.b.post(`${SETTING}/phone/request-code`, { phoneNo, language: 'en_US' });
}
export function verify(p: Player, phoneNo: string, verificationCode: string, resetEnabled = false): Promise<Reply> {
  return p.b.request('PUT', `${SETTING}/phone`, { body: { phoneNo, verificationCode, resetEnabled } });
}
export async function account(p: Player) {
  const r = await p.b.get('/api/account/v1/account');
  expect(r.status, r.text).toBe(200);
  return r.json as { phoneNo: string | null; enableUserPhoneReset: boolean };
}

/** Verifies a number for a player with a fresh session, through the API. */
export async function verifyPhoneOf(p: Player, phone = uniquePhone(), resetEnabled = false): Promise<string> {
  expect((await requestCode(p, phone)).status).toBe(200);
  const r = await verify(p, phone, await lastSmsCode(phone), resetEnabled);
  expect(r.status, r.text).toBe(200);
  return phone;
}
