/**
 * The password step of every sign-in: the attempt is reserved on the sign-in
 * counters first (signin-policy.ts: no burst evaluates more guesses than the
 * limit), then the password is verified, then the reservation is settled
 * (a failure may lock, a success clears), and the hash is recomputed when its
 * parameters changed. The sign-in flows call `checkPassword` and then start a
 * session; the password sign-in calls `checkPasswordDeferred` and settles in
 * the session's batch.
 */
import type { Context } from 'hono';
import { findPasswordHash, replacePasswordHash } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import type { Query } from '../core/db/engine';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { isLegacyHash } from '../core/security/legacy-hash';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { settleFailure, successStatements } from '../core/security/rate-limit';
import { clearChildFailuresQuery, countChildFailure } from '../parental/child-suspension';
import { clientIp } from '../core/http/client-ip';
import { reserveSignInAttempt, type AttemptContext } from '../core/security/signin-policy';
import { evenOutHashWork } from '../legacy/timing';

export interface PasswordCheck {
  account: AccountRow;
  /** The stored hash was recomputed with the current parameters. */
  rehashed: boolean;
  /**
   * The credential the password was checked against (its replacement after a rehash): a change that follows
   * guards on it, so a change that lands between the check and the write is never overwritten.
   */
  verifiedHash: string;
}

/** Spec §8 20002: account missing or wrong password (one answer for both: no account enumeration). */
export function wrongCredentials(): ApiError {
  return new ApiError(401, '20002', 'Account not found or wrong password');
}

/**
 * The writes a right password owes that were not made yet (`checkPasswordDeferred`): the settlement of the
 * attempt's counters and the check's audit entry. The caller writes them with its own first write.
 */
export interface PasswordSuccess {
  /** Settles the attempt's counters (a reset clears the subject's failures) and a child's failure count. */
  readonly settle: readonly Query[];
  /** The `password.verified` audit entry: left out only where a later entry says the password was verified. */
  readonly entry: Query;
}

/** checkPassword, with the success's writes made at once. */
export async function checkPassword(
  c: Context<AppEnv>,
  account: AccountRow | null,
  password: string,
  attempt: AttemptContext,
): Promise<PasswordCheck> {
  const { success, ...check } = await checkPasswordDeferred(c, account, password, attempt);
  await c.var.db.batch([...success.settle, success.entry]);
  return check;
}

/**
 * The password check, handing back the success's writes (`success`) instead of making them, so a sign-in that
 * completes at once writes them in its session's batch (one atomic unit, one audit entry for both: docs/scale.md).
 * The caller must write them on every path, errors included.
 */
export async function checkPasswordDeferred(
  c: Context<AppEnv>,
  account: AccountRow | null,
  password: string,
  attempt: AttemptContext,
): Promise<PasswordCheck & { success: PasswordSuccess }> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  const reservations = await reserveSignInAttempt(c, account, attempt);

  const stored = account ? await findPasswordHash(db, account.id) : null;
  // Known and unknown identifiers do the same hash work, bcrypt legacy hashes included (issue 26 §4).
  await evenOutHashWork(c.env, attempt.loginId, stored, password);
  if (!account || stored === null) {
    // The same work as a wrong password (a hash check, one write): no account enumeration by timing.
    await verifyAgainstDecoy(password, passwordParams(c.env));
    const locked = await settleFailure(c.var.db, now, reservations);
    await c.var.db.run(auditStatement(db, { accountId: null, event: 'password.failed', ip }, now));
    throw locked ?? wrongCredentials();
  }
  const result = await verifyPassword(password, stored, passwordParams(c.env));
  if (!result.ok) {
    const locked = await settleFailure(c.var.db, now, reservations);
    await c.var.db.run(auditStatement(db, { accountId: account.id, event: 'password.failed', ip }, now));
    await countChildFailure(c, account);
    throw locked ?? wrongCredentials();
  }
  const success: PasswordSuccess = {
    settle: [...successStatements(c.var.db, reservations), clearChildFailuresQuery(c.var.db, account.id)],
    entry: auditStatement(db, { accountId: account.id, event: 'password.verified', ip }, now),
  };
  let verifiedHash = stored;
  if (result.needsRehash) {
    const rehash = await hashPassword(password, passwordParams(c.env));
    // Guarded by the checked hash: when a change won meanwhile, the guard below fails as it should (409).
    if (await replacePasswordHash(db, account.id, stored, rehash)) verifiedHash = rehash;
    // A legacy account's bcrypt hash leaves for the current format here (docs/legacy.md): the change is audited.
    const from = isLegacyHash(stored) ? 'bcrypt' : 'lfp1';
    await c.var.db.run(
      auditStatement(db, { accountId: account.id, event: 'password.rehashed', ip, detail: { from } }, now),
    );
  }
  return { account, rehashed: result.needsRehash, verifiedHash, success };
}
