/** Single-use tokens of core (verification_tokens); only their SHA-256 is stored. */
import type { Db } from '../db/engine';

/** Stores a token's hash for the account, with empty data, until `expiresAt`. */
export async function insertVerificationToken(
  db: Db,
  t: { tokenHash: string; accountId: number; purpose: string; expiresAt: number },
  now: number,
): Promise<void> {
  await db.run(
    db.q.insertInto('verification_tokens').values({
      token_hash: t.tokenHash,
      account_id: t.accountId,
      purpose: t.purpose,
      data: '{}',
      expires_at: t.expiresAt,
      created_at: now,
    }),
  );
}
