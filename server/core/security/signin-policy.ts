/**
 * Who a failed sign-in is counted against, so that a lock hurts the attacker
 * and not the owner (docs/security.md "Sign-in limits"). Every counter is
 * reserved before the password is checked (rate-limit.ts), so a burst of
 * parallel guesses evaluates no more than the limit.
 *
 * The subject is the account when it exists, else the normalised login id:
 * an unknown id is counted and locked exactly like an account (same status,
 * body and timing — no account enumeration).
 *
 * | counter                                   | limit            | then                                  |
 * | ----------------------------------------- | ---------------- | ------------------------------------- |
 * | subject + known device (device cookie)    | 5 / 15 min       | that device locked 5 min (20187)      |
 * | subject + IP, for other clients           | 5 / 15 min       | that IP locked 5 min (20187)          |
 * | subject, all clients but known devices    | 10 / 15 min      | visible captcha (v2) required (20072) |
 * |                                           | 100 / 1 h        | locked 1 h for them (20187)           |
 * | IP, across subjects (not known devices)   | 30 / 15 min      | IP locked 15 min (20157)              |
 *
 * A known device is a browser whose device secret completed a sign-in to the
 * account within 90 days (device-cookie.ts): it has its own counter and is
 * never held by what strangers did. A signed-in player re-entering the
 * password (backup codes) is counted per subject and IP only.
 */
import type { Context } from 'hono';
import type { AccountRow } from '../data/rows';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { deviceSecretHash, isKnownDevice } from './device-cookie';
import { cancel, reserve, type Limit, type Reservation } from './rate-limit';
import { clientLimitIp } from '../http/client-ip';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Per subject and client (IP, or known device): spec §9 "authentication limit wait 5 minutes". */
export const CLIENT_AUTH_LIMIT: Limit = {
  scope: 'auth:client',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 5 * MINUTE,
  code: '20187',
  onSuccess: 'reset',
};

/** Per subject across every client that is not a known device: the hard lock, far above the per-client one. */
export const ACCOUNT_AUTH_LIMIT: Limit = {
  scope: 'auth:account',
  max: 100,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20187',
  onSuccess: 'reset',
};

/** Attempts on one subject within the account window (ACCOUNT_AUTH_LIMIT) after which strangers need a v2 captcha. */
export const CAPTCHA_AFTER = 10;
/** The captcha demand looks at the last 15 minutes only (a shorter window than the hard lock's). */
export const CAPTCHA_LIMIT: Limit = {
  scope: 'auth:captcha',
  max: 1_000_000,
  windowMs: 15 * MINUTE,
  lockMs: 0,
  code: '20072',
  onSuccess: 'reset',
};

/** Per IP across subjects: carrier NAT and schools share addresses, so wider. Counts failures only. */
export const IP_AUTH_LIMIT: Limit = {
  scope: 'auth:ip',
  max: 30,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'release',
};

/** Login ids compare case-insensitively (the accounts table's NOCASE columns) after trimming and NFC. */
export function normalizeLoginId(id: string): string {
  return id.trim().normalize('NFC').toLowerCase();
}

export function subjectKey(account: AccountRow | null, loginId: string): string {
  return account !== null ? `a:${String(account.id)}` : `id:${normalizeLoginId(loginId)}`;
}

export interface AttemptContext {
  /** The login id as typed (for unknown accounts). */
  loginId: string;
  /** The request carried a visible (v2) captcha token that passed verification. */
  captchaSolved: boolean;
  /** A signed-in player confirming the password: no captcha demand, no account-wide counter. */
  reauthentication?: boolean;
}

/** Spec §8 20072: the visible captcha must be solved before this sign-in is tried. */
export function captchaRequired(): ApiError {
  return new ApiError(400, '20072', 'Complete the captcha to continue');
}

/**
 * Reserves the attempt on every counter that applies, before the password is
 * checked. Throws 429 when one is full or locked, 20072 when the account is
 * under attack and this client is a stranger without a solved captcha.
 */
export async function reserveSignInAttempt(
  c: Context<AppEnv>,
  account: AccountRow | null,
  attempt: AttemptContext,
): Promise<Reservation[]> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const subject = subjectKey(account, attempt.loginId);
  const device = await deviceSecretHash(c);
  const known = account !== null && (await isKnownDevice(db, account.id, device, now));
  if (known && device !== null) return reserve(db, now, [[CLIENT_AUTH_LIMIT, `${subject}|device:${device}`]]);

  const ip = clientLimitIp(c) ?? '-';
  const pairs: [Limit, string][] = [
    [CLIENT_AUTH_LIMIT, `${subject}|ip:${ip}`],
    [IP_AUTH_LIMIT, ip],
  ];
  if (attempt.reauthentication === true) return reserve(db, now, pairs);
  pairs.push([ACCOUNT_AUTH_LIMIT, subject], [CAPTCHA_LIMIT, subject]);
  const reservations = await reserve(db, now, pairs);
  const recent = reservations.find((r) => r.limit === CAPTCHA_LIMIT)?.position ?? 0;
  if (recent > CAPTCHA_AFTER && !attempt.captchaSolved) {
    // Nothing is evaluated: the slots go back, and the portal shows the visible captcha (spec §8 20072).
    await cancel(db, reservations);
    throw captchaRequired();
  }
  return reservations;
}
