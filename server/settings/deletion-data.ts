/**
 * Account deletion's own rows (server/settings/account-deletion.ts), written with the query builder
 * (server/core/db) for both engines.
 */
import type { Db, Query } from '../core/db/engine';

export async function deletionOf(db: Db, accountId: number) {
  return db.first(
    db.q.selectFrom('account_deletions').select(['purge_at', 'language']).where('account_id', '=', accountId),
  );
}

/** Whether the account's deletion is still requested and due at `now`. */
export async function isDeletionDue(db: Db, accountId: number, now: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .selectFrom('account_deletions')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('purge_at', '<=', now),
  );
  return row !== undefined;
}

/** The deletions due at `now`, oldest first, with the address for the last email. */
export async function dueDeletions(db: Db, now: number, limit: number) {
  return db.all(
    db.q
      .selectFrom('account_deletions as d')
      .innerJoin('accounts as a', 'a.id', 'd.account_id')
      .select(['d.account_id', 'd.language', 'a.email'])
      .where('d.purge_at', '<=', now)
      .orderBy('d.purge_at')
      .limit(limit),
  );
}

/** A single-use ticket (its digest) that cancels the account's pending deletion. */
export function cancelTicketStatement(
  db: Db,
  t: { tokenHash: string; accountId: number; purpose: string; expiresAt: number; now: number },
): Query {
  return db.q.insertInto('verification_tokens').values({
    token_hash: t.tokenHash,
    account_id: t.accountId,
    purpose: t.purpose,
    expires_at: t.expiresAt,
    created_at: t.now,
  });
}

/** How many child accounts the account is the parent of. */
export async function childCount(db: Db, parentId: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('family_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', parentId),
  );
  return row?.n ?? 0;
}

/** Requests the deletion; a second request while one is pending keeps the first date (rowsAffected 0). */
export function requestDeletionStatement(
  db: Db,
  d: { accountId: number; now: number; purgeAt: number; language: string },
): Query {
  return db.q
    .insertInto('account_deletions')
    .values({ account_id: d.accountId, requested_at: d.now, purge_at: d.purgeAt, language: d.language })
    .onConflict((oc) => oc.column('account_id').doNothing());
}
