/**
 * Rate limits of sign-up and email verification, on the same durable
 * counters as the sign-in limits (rate-limit.ts, table rate_limits):
 *
 * - wrong sign-up codes per address: 5 within 30 minutes lock the address's
 *   code checks for 15 minutes (20157); a resend does not reset the count;
 * - codes sent per address: 5 an hour; per IP: 20 an hour (20157);
 * - verification links sent per account: 5 an hour (20157);
 * - look-ups that tell whether an address is registered (sign-up email
 *   validate, login validate) and sign-up sessions opened: 30 per IP within
 *   15 minutes (20157).
 *
 * Wrong codes also count toward the IP's sign-in failure limit (20157). Every
 * limit is reserved before the work it guards (rate-limit.ts).
 */
import type { Db } from '../db/engine';
import { ipLimitKey } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { checkCode, type CodePurpose } from './email-codes';
import { hit, reserve, settleFailure, settleSuccess, type Limit, type Reservation } from './rate-limit';
import { IP_AUTH_LIMIT } from './signin-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SIGNUP_CODE_FAILURES: Limit = {
  scope: 'code-fail:signup-email',
  max: 5,
  windowMs: 30 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'release',
};

export const SIGNUP_CODE_SENDS: Limit = {
  scope: 'code-send:signup-email',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

export const CODE_SENDS_PER_IP: Limit = {
  scope: 'code-send:ip',
  max: 20,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

export const VERIFY_LINK_SENDS: Limit = {
  scope: 'link-send:account',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

export const LOOKUPS_PER_IP: Limit = {
  scope: 'lookup:ip',
  max: 30,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'keep',
};

/** Takes one sign-up code try for the address (and the IP), or throws 429 (20157, Retry-After). */
export function reserveSignupCodeAttempt(
  db: Db,
  now: number,
  address: string,
  ip: string | null,
): Promise<Reservation[]> {
  const pairs: [Limit, string][] = [[SIGNUP_CODE_FAILURES, address]];
  if (ip !== null && ip.length > 0) pairs.push([IP_AUTH_LIMIT, ipLimitKey(ip)]);
  return reserve(db, now, pairs);
}

/**
 * Checks an emailed code within the sign-up code limits of `limitKey` (an address, or a flow's key for it) and the
 * IP: the try is reserved before the code is looked at, so parallel guesses cannot outnumber the cap. Wrong: 20013;
 * expired: 20018; the try that reaches the limit: its lock (20157).
 */
export async function checkEmailedCode(
  db: Db,
  now: number,
  check: { purpose: CodePurpose; address: string; code: string; limitKey: string; ip: string | null; consume: boolean },
): Promise<void> {
  const attempt = await reserveSignupCodeAttempt(db, now, check.limitKey, check.ip);
  const result = await checkCode(db, check.purpose, check.address, check.code, now, { consume: check.consume });
  if (result === 'ok') return settleSuccess(db, attempt);
  const locked = await settleFailure(db, now, attempt);
  if (locked) throw locked;
  if (result === 'expired') throw new ApiError(400, '20018', 'The code expired; request a new one');
  throw new ApiError(400, '20013', 'Wrong verification code');
}

/** Counts one use of a capped action keyed by IP; no IP known (no CF-Connecting-IP) counts nothing. */
export async function hitIp(db: Db, now: number, limit: Limit, ip: string | null): Promise<void> {
  if (ip !== null && ip.length > 0) await hit(db, now, limit, ipLimitKey(ip));
}
