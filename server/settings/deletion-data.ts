/**
 * Account deletion's own rows (server/settings/account-deletion.ts), written with the query builder
 * (server/core/db) for both engines.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db, Query } from '../core/db/engine';

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

/**
 * Cancels a pending deletion with a ticket, as one batch: the first statement uses the ticket up (only while live
 * and while the grace period runs; RETURNING its account), the second removes the deletion and the third writes the
 * audit entry, both only for the ticket this batch used (consumed at `now`).
 */
export function cancelDeletionQueries(
  db: Db,
  t: {
    tokenHash: string;
    purpose: string;
    now: number;
    ip: string | null;
    origin: { browser: string | null; os: string | null; country: string | null };
  },
) {
  const usedNow = (eb: ExpressionBuilder<Database, 'verification_tokens'>) =>
    eb.and([eb('token_hash', '=', t.tokenHash), eb('consumed_at', '=', t.now)]);
  return [
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: t.now })
      .where('token_hash', '=', t.tokenHash)
      .where('purpose', '=', t.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', t.now)
      .where(
        'account_id',
        'in',
        db.q.selectFrom('account_deletions').select('account_id').where('purge_at', '>', t.now),
      )
      .returning('account_id'),
    db.q
      .deleteFrom('account_deletions')
      .where('account_id', '=', (eb) => eb.selectFrom('verification_tokens').select('account_id').where(usedNow))
      .returning('account_id'),
    db.q
      .insertInto('audit_log')
      .columns(['account_id', 'event', 'ip', 'created_at', 'browser', 'os', 'country'])
      .expression(
        db.q
          .selectFrom('verification_tokens')
          .select((eb) => [
            'account_id',
            eb.val('account.deletion-cancelled').as('event'),
            eb.val(t.ip).as('ip'),
            eb.val(t.now).as('created_at'),
            eb.val(t.origin.browser).as('browser'),
            eb.val(t.origin.os).as('os'),
            eb.val(t.origin.country).as('country'),
          ])
          .where(usedNow),
      ),
  ] as const;
}

/** DEV_TOOLS (tests of ACCOUNT_HAS_CHILDREN): makes `childId` a child of `parentId`, or moves it to that parent. */
export function devLinkChildQuery(db: Db, childId: number, parentId: number, now: number) {
  return db.q
    .insertInto('family_links')
    .values({ child_id: childId, parent_id: parentId, created_at: now })
    .onConflict((oc) => oc.column('child_id').doUpdateSet({ parent_id: parentId }));
}
