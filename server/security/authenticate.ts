/**
 * The password step of every sign-in: lock check, password verification,
 * failure counting, reset on success and rehash when the hash parameters
 * changed. The sign-in flows call `checkPassword` and then start a session.
 */
import type { Context } from 'hono';
import { findPasswordHash, replacePasswordHash } from '../db/accounts';
import { auditStatement } from '../db/audit';
import type { AccountRow } from '../db/rows';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import { assertNotLocked, recordFailure, resetAccountStatement } from './rate-limit';
import { clientIp } from './sessions';

export interface PasswordCheck {
  account: AccountRow;
  /** The stored hash was recomputed with the current parameters. */
  rehashed: boolean;
}

/** Spec §8 20002: account missing or wrong password (one answer for both: no account enumeration). */
export function wrongCredentials(): ApiError {
  return new ApiError(401, '20002', 'Account not found or wrong password');
}

export async function checkPassword(
  c: Context<AppEnv>,
  account: AccountRow | null,
  password: string,
): Promise<PasswordCheck> {
  const db = c.env.DB;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  await assertNotLocked(db, now, { accountId: account?.id ?? null, ip });

  const stored = account ? await findPasswordHash(db, account.id) : null;
  if (!account || stored === null) {
    await verifyAgainstDecoy(password);
    throw (await recordFailure(db, now, { ip })) ?? wrongCredentials();
  }
  const result = await verifyPassword(password, stored);
  if (!result.ok) {
    const locked = await recordFailure(db, now, { accountId: account.id, ip });
    await auditStatement(db, { accountId: account.id, event: 'password.failed', ip }, now).run();
    throw locked ?? wrongCredentials();
  }
  await db.batch([
    resetAccountStatement(db, account.id),
    auditStatement(db, { accountId: account.id, event: 'password.verified', ip }, now),
  ]);
  if (result.needsRehash) await replacePasswordHash(db, account.id, stored, await hashPassword(password));
  return { account, rehashed: result.needsRehash };
}
