/**
 * The rows of an email change and of its revert (server/settings/email-change.ts), written with the query builder
 * (server/core/db) for both engines. Each change or revert is one batch whose later statements run only when its
 * first one applied, so of two parallel requests exactly one writes anything.
 */
import { auditWhere, whileExists } from '../core/data/audit';
import { sql } from 'kysely';
import type { Db } from '../core/db/engine';
import { VERIFY_EMAIL_PURPOSE } from '../signup/email-links-data';
import { accountEvent } from '../events/data';

export interface EmailChangeRow {
  accountId: number;
  oldEmail: string;
  newEmail: string;
  /** Where the change came from, kept in the revert link's data and the audit entry. */
  source: string;
  ip: string | null;
  /** The SHA-256 of the revert link's token. */
  revertTokenHash: string;
  revertPurpose: string;
  revertExpiresAt: number;
  now: number;
}

/**
 * Marks a verification link's JSON data superseded, in the statement itself (the batch retires every link live when
 * it runs). JSON functions differ by engine: SQLite's json_set, PostgreSQL's jsonb concatenation; the column is text
 * on both. The same expression as server/signup/email-links-data.ts, which does not export it.
 */
function supersededData(db: Db) {
  return db.engine === 'd1'
    ? sql<string>`json_set(data, '$.superseded', json('true'))`
    : sql<string>`(data::jsonb || '{"superseded":true}'::jsonb)::text`;
}

/**
 * The batch of an email change. The first statement is the account update (rowsAffected 1 when the account still
 * had the old address); the rest apply only if the account now has the new address at this time. The new address
 * counts as verified (the caller proved it) and `id_changed_at` is set (spec §9: 7 days between ID changes).
 */
export function emailChangeQueries(db: Db, c: EmailChangeRow) {
  const applied = db.q
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', c.accountId)
    .where('email', '=', c.newEmail)
    .where('updated_at', '=', c.now);
  return [
    db.q
      .updateTable('accounts')
      .set({ email: c.newEmail, email_verified: 1, id_changed_at: c.now, updated_at: c.now })
      .where('id', '=', c.accountId)
      .where('email', '=', c.oldEmail),
    // Verification links sent to the old address die with it.
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: c.now, data: supersededData(db) })
      .where('account_id', '=', c.accountId)
      .where('purpose', '=', VERIFY_EMAIL_PURPOSE)
      .where('consumed_at', 'is', null)
      .where((eb) => eb.exists(applied)),
    db.q
      .insertInto('verification_tokens')
      .columns(['token_hash', 'account_id', 'purpose', 'data', 'expires_at', 'created_at'])
      .expression(
        db.q
          .selectNoFrom((eb) => [
            eb.val(c.revertTokenHash).as('token_hash'),
            eb.val(c.accountId).as('account_id'),
            eb.val(c.revertPurpose).as('purpose'),
            eb.val(JSON.stringify({ oldEmail: c.oldEmail, newEmail: c.newEmail, source: c.source })).as('data'),
            eb.val(c.revertExpiresAt).as('expires_at'),
            eb.val(c.now).as('created_at'),
          ])
          .where((eb) => eb.exists(applied)),
      ),
    auditWhere(
      db,
      whileExists(applied),
      { accountId: c.accountId, event: 'email.changed', ip: c.ip, detail: { source: c.source } },
      c.now,
    ),
    ...accountEvent(db, 'email.changed', c.accountId, {}, c.now, whileExists(applied)),
  ] as const;
}

/** Whether another account holds the address (case-insensitive, like the column). */
export async function emailHeldByOther(db: Db, accountId: number, email: string): Promise<boolean> {
  const row = await db.first(
    db.q.selectFrom('accounts').select('id').where('email', '=', email).where('id', '<>', accountId),
  );
  return row !== undefined;
}

/** A revert link's row by its token's digest (used or not), or undefined. */
export async function findRevertRow(db: Db, tokenHash: string, purpose: string) {
  return db.first(
    db.q
      .selectFrom('verification_tokens')
      .select(['account_id', 'data', 'expires_at', 'consumed_at'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('account_id', 'is not', null),
  );
}

export interface RevertRow {
  tokenHash: string;
  purpose: string;
  accountId: number;
  oldEmail: string;
  ip: string | null;
  now: number;
  /**
   * The link's data as this request writes it when it uses the link: the stored data plus a nonce of its own. No
   * other request writes the same text, so the later statements test for it to know this request used the link
   * (a plain text comparison, the same on both engines).
   */
  usedData: string;
}

/**
 * The batch that puts the old address back: the first statement uses the link (only while live) and writes
 * `usedData`; every other statement runs only if the link holds that data, so of two parallel uses one applies.
 * Restores the address, retires the account's other revert links, ends every session and trusted device, audits.
 */
export function revertQueries(db: Db, r: RevertRow) {
  const mine = db.q
    .selectFrom('verification_tokens')
    .select('token_hash')
    .where('token_hash', '=', r.tokenHash)
    .where('data', '=', r.usedData);
  return [
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: r.now, data: r.usedData })
      .where('token_hash', '=', r.tokenHash)
      .where('purpose', '=', r.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', r.now),
    db.q
      .updateTable('accounts')
      .set({ email: r.oldEmail, email_verified: 1, updated_at: r.now })
      .where('id', '=', r.accountId)
      .where((eb) => eb.exists(mine)),
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: r.now })
      .where('account_id', '=', r.accountId)
      .where('purpose', '=', r.purpose)
      .where('consumed_at', 'is', null)
      .where((eb) => eb.exists(mine)),
    db.q
      .deleteFrom('sessions')
      .where('account_id', '=', r.accountId)
      .where((eb) => eb.exists(mine)),
    db.q
      .deleteFrom('trusted_devices')
      .where('account_id', '=', r.accountId)
      .where((eb) => eb.exists(mine)),
    auditWhere(db, whileExists(mine), { accountId: r.accountId, event: 'email.reverted', ip: r.ip }, r.now),
    // Reverted is changed, for a back end: the account's address is the old one again.
    ...accountEvent(db, 'email.changed', r.accountId, {}, r.now, whileExists(mine)),
  ] as const;
}
