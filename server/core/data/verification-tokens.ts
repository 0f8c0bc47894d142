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

/** A live (unused, unexpired) token of `purpose`, without using it; undefined when there is none. */
function findLiveToken(db: Db, tokenHash: string, purpose: string, now: number) {
  return db.first(
    db.q
      .selectFrom('verification_tokens')
      .select('account_id')
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now),
  );
}

/** The account of a live token of `purpose`, without using it. */
export async function liveTokenAccount(db: Db, tokenHash: string, purpose: string, now: number) {
  return (await findLiveToken(db, tokenHash, purpose, now))?.account_id ?? null;
}

/** Whether a token of `purpose` is live (for tokens of no account, such as a sign-up session). */
export async function isTokenLive(db: Db, tokenHash: string, purpose: string, now: number): Promise<boolean> {
  return (await findLiveToken(db, tokenHash, purpose, now)) !== undefined;
}

/**
 * Uses a live token up (conditional UPDATE … RETURNING: of two parallel uses exactly one gets the row); undefined
 * when it was unknown, used or expired.
 */
export function useToken(db: Db, tokenHash: string, purpose: string, now: number) {
  return db.first(
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id'),
  );
}

/** Uses a live token up: the account it was issued to, or null. */
export async function consumeToken(db: Db, tokenHash: string, purpose: string, now: number) {
  return (await useToken(db, tokenHash, purpose, now))?.account_id ?? null;
}

/**
 * Records a one-time key (no account) that is used at once, e.g. a JWT id the dev support desk accepts once: true
 * the first time, false when it was recorded before (ON CONFLICT DO NOTHING: of two parallel uses one wins).
 */
export async function rememberFirstUse(db: Db, tokenHash: string, purpose: string, expiresAt: number, now: number) {
  const row = await db.first(
    db.q
      .insertInto('verification_tokens')
      .values({
        token_hash: tokenHash,
        account_id: null,
        purpose,
        data: null,
        expires_at: expiresAt,
        consumed_at: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .returning('token_hash'),
  );
  return row !== undefined;
}

/** Ends every live token of `purpose` of the account (to batch before issuing its next one). */
export function endLiveTokensQuery(db: Db, accountId: number, purpose: string, now: number) {
  return db.q
    .updateTable('verification_tokens')
    .set({ consumed_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null);
}

/** Inserts a token's hash with no data (to batch with the end of the earlier ones); accountId null: no account yet. */
export function insertBareTokenQuery(
  db: Db,
  t: { tokenHash: string; accountId: number | null; purpose: string; expiresAt: number },
  now: number,
) {
  return db.q.insertInto('verification_tokens').values({
    token_hash: t.tokenHash,
    account_id: t.accountId,
    purpose: t.purpose,
    data: null,
    expires_at: t.expiresAt,
    consumed_at: null,
    created_at: now,
  });
}
