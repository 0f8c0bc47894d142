/**
 * Wrong two-factor and verification codes count toward the account's lock
 * (spec §8: 20187 with Retry-After for the account, 20157 for the IP), and
 * during a lock even a correct code is refused.
 *
 * Each wrong code is counted twice: in the sign-in limits of
 * server/security/rate-limit.ts (so codes and passwords share the account's
 * 5-in-15-minutes budget) and in a second-factor limit of its own. The sign-in
 * limit is cleared by a correct password; the second-factor limit is not (only
 * a correct code clears it), so signing in again with the password never buys
 * more guesses at the code, and neither does asking for a new code.
 */
import { ApiError } from '../http/errors';
import { assertNotLocked, hit, lockedError, recordFailure, resetAccountStatement, type Limit } from './rate-limit';

const MINUTE = 60_000;

/** Per account: 5 wrong codes within 15 minutes lock code entry for 5 minutes (spec §9 authentication limit). */
export const SECOND_FACTOR_LIMIT: Limit = {
  scope: 'mfa:account',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 5 * MINUTE,
  code: '20187',
};

export interface CodeSubject {
  accountId: number;
  ip: string | null;
}

async function secondFactorLockedUntil(db: D1Database, accountId: number): Promise<number> {
  const row = await db
    .prepare('SELECT locked_until FROM rate_limits WHERE scope = ?1 AND key = ?2')
    .bind(SECOND_FACTOR_LIMIT.scope, String(accountId))
    .first<{ locked_until: number }>();
  return row?.locked_until ?? 0;
}

/** Throws 429 (20187 / 20157, Retry-After) while the account, its code entry or the IP is locked. */
export async function assertCodeEntryOpen(db: D1Database, now: number, s: CodeSubject): Promise<void> {
  await assertNotLocked(db, now, { accountId: s.accountId, ip: s.ip });
  const until = await secondFactorLockedUntil(db, s.accountId);
  if (until > now) throw lockedError(SECOND_FACTOR_LIMIT, until, now);
}

/**
 * Counts a wrong code and returns the error to answer with: the 429 when this
 * failure reached a limit, otherwise `refusal` (20013, 20188 or 20068).
 */
export async function wrongCode(db: D1Database, now: number, s: CodeSubject, refusal: ApiError): Promise<ApiError> {
  const locked = await recordFailure(db, now, { accountId: s.accountId, ip: s.ip });
  try {
    await hit(db, now, SECOND_FACTOR_LIMIT, String(s.accountId));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return locked ?? e;
  }
  if (locked) return locked;
  const until = await secondFactorLockedUntil(db, s.accountId);
  return until > now ? lockedError(SECOND_FACTOR_LIMIT, until, now) : refusal;
}

/** A correct code clears the account's sign-in and second-factor counters (the IP's keep running). */
export function codeAcceptedStatements(db: D1Database, accountId: number): D1PreparedStatement[] {
  return [
    resetAccountStatement(db, accountId),
    db
      .prepare('DELETE FROM rate_limits WHERE scope = ?1 AND key = ?2')
      .bind(SECOND_FACTOR_LIMIT.scope, String(accountId)),
  ];
}

/** Spec §8: 20013 — the code is not the right one. */
export function wrongCodeError(): ApiError {
  return new ApiError(400, '20013', 'Wrong verification code');
}

/** Spec §8: 20188 — a backup code that is not one of the account's unused codes. */
export function wrongBackupCodeError(): ApiError {
  return new ApiError(400, '20188', 'Wrong or used backup code');
}

/** Spec §8: 20068 — no live code: never requested, expired, already used or replaced by a newer one. */
export function invalidCodeError(): ApiError {
  return new ApiError(400, '20068', 'Verification code expired, used or never requested');
}
