/**
 * Wrong two-factor and verification codes lock code entry for the account
 * (spec §8: 20187 with Retry-After; 20157 for the IP), and during a lock even
 * a correct code is refused.
 *
 * The attempt is reserved before the code is checked (rate-limit.ts): of a
 * burst of parallel guesses no more than the limit are evaluated, and the
 * right code sent after them is refused too. The second-factor counter is
 * cleared only by a right code: signing in again with the password never buys
 * more guesses, and neither does asking for a new code. Wrong codes also
 * count toward the IP's failures (the sign-in IP limit).
 */
import type { Db, Query } from '../db/engine';
import { ipLimitKey } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { reserve, settleFailure, successStatements, type Limit, type Reservation } from './rate-limit';
import { IP_AUTH_LIMIT } from './signin-policy';

const MINUTE = 60_000;

/** Per account: 5 wrong codes within 15 minutes lock code entry for 5 minutes (spec §9 authentication limit). */
export const SECOND_FACTOR_LIMIT: Limit = {
  scope: 'mfa:account',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 5 * MINUTE,
  code: '20187',
  onSuccess: 'reset',
};

export interface CodeSubject {
  accountId: number;
  ip: string | null;
}

/** Takes one code attempt for the account (and its IP), or throws 429 (20187 / 20157, Retry-After). */
export function reserveCodeAttempt(db: Db, now: number, s: CodeSubject): Promise<Reservation[]> {
  const pairs: [Limit, string][] = [[SECOND_FACTOR_LIMIT, String(s.accountId)]];
  if (s.ip !== null && s.ip.length > 0) pairs.push([IP_AUTH_LIMIT, ipLimitKey(s.ip)]);
  return reserve(db, now, pairs);
}

/**
 * A wrong code: returns the error to answer with, the 429 when this attempt
 * took the last slot, otherwise `refusal` (20013, 20188 or 20068).
 */
export async function wrongCode(
  db: Db,
  now: number,
  reservations: readonly Reservation[],
  refusal: ApiError,
): Promise<ApiError> {
  return (await settleFailure(db, now, reservations)) ?? refusal;
}

/** A right code clears the account's second-factor counter (the IP gets its slot back). */
export function codeAcceptedStatements(db: Db, reservations: readonly Reservation[]): Query[] {
  return successStatements(db, reservations);
}

/** Spec §8: 20013 — the code is not the right one. */
export function wrongCodeError(): ApiError {
  return new ApiError(400, '20013', 'Wrong verification code');
}

/** Spec §8: 20188 — a backup code that is not one of the account's unused codes. */
export function wrongBackupCodeError(): ApiError {
  return new ApiError(400, '20188', 'Wrong or used backup code');
}

/** A backup code of the account that was used before (a portal addition: 20188 would say it is wrong). */
export function usedBackupCodeError(): ApiError {
  return new ApiError(400, 'BACKUP_CODE_USED', 'Backup code already used');
}

/** Spec §8: 20068 — no live code: never requested, expired, already used or replaced by a newer one. */
export function invalidCodeError(): ApiError {
  return new ApiError(400, '20068', 'Verification code expired, used or never requested');
}
