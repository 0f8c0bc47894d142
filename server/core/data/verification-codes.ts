/**
 * One-time codes (verification_codes): account-bound ones (server/core/security/codes.ts) and address-bound ones
 * of sign-up and self-service (server/core/security/email-codes.ts, account_id NULL). Single use and the per-code
 * try cap are conditional updates, so they hold under parallel requests on both engines.
 */
import type { Db } from '../db/engine';

export interface NewCode {
  /** null for an address-bound code (no account yet). */
  accountId: number | null;
  target: string;
  purpose: string;
  codeHash: string;
  expiresAt: number;
}

export interface LiveCode {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: number;
}

/**
 * Stores a code and ends every earlier live code of the same account (or of no account), target and purpose, in
 * one batch: only the newest code works.
 */
export async function replaceCode(db: Db, c: NewCode, now: number): Promise<void> {
  const earlier = db.q
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('target', '=', c.target)
    .where('purpose', '=', c.purpose)
    .where('consumed_at', 'is', null);
  await db.batch([
    c.accountId === null ? earlier : earlier.where('account_id', '=', c.accountId),
    db.q.insertInto('verification_codes').values({
      account_id: c.accountId,
      target: c.target,
      purpose: c.purpose,
      code_hash: c.codeHash,
      attempts: 0,
      expires_at: c.expiresAt,
      created_at: now,
    }),
  ]);
}

/** The newest live (not consumed) code of the target and purpose, of the account when one is given. */
export function newestLiveCode(
  db: Db,
  q: { accountId: number | null; target: string; purpose: string },
): Promise<LiveCode | undefined> {
  let query = db.q
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('target', '=', q.target)
    .where('purpose', '=', q.purpose)
    .where('consumed_at', 'is', null);
  if (q.accountId !== null) query = query.where('account_id', '=', q.accountId);
  return db.first(query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1));
}

/** Counts one try of a stored code while it has tries left; false when it is worn out. */
export async function takeCodeAttempt(db: Db, id: number, max: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .returning('id'),
  );
  return row !== undefined;
}

/** Uses a code up; false when a parallel request used it first. */
export async function consumeCodeRow(db: Db, id: number, now: number): Promise<boolean> {
  const used = await db.run(
    db.q
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null),
  );
  return used.rowsAffected === 1;
}
