/**
 * Legacy accounts' migration state (migrations/0012_legacy.sql, docs/legacy.md).
 * Parameterised SQL only; the migration is one batch whose first statement is
 * the conditional UPDATE that decides which of parallel calls wins.
 */
import * as z from 'zod/mini';

const legacyRow = z.object({
  account_id: z.number(),
  kind: z.enum(['email', 'id']),
  legacy_login_id: z.string(),
  support_code: z.string(),
  migrated_at: z.nullable(z.number()),
});
export type LegacyRow = z.infer<typeof legacyRow>;

/** The account's legacy row while its migration is still open; null for every other account. */
export async function pendingLegacy(db: D1Database, accountId: number): Promise<LegacyRow | null> {
  const row = await db
    .prepare('SELECT * FROM legacy_accounts WHERE account_id = ?1 AND migrated_at IS NULL')
    .bind(accountId)
    .first();
  return row === null ? null : legacyRow.parse(row);
}

/**
 * How a migration was proved, beyond the password (docs/legacy.md "Through a third-party sign-in"):
 * `emailVerified` the provider proved the mailbox of the legacy email (the account's email is then verified);
 * `detail` more of the audit entry (the provider).
 */
export interface MigrationVia {
  emailVerified?: boolean;
  detail?: Record<string, string>;
}

/**
 * Moves a legacy-email account to its email as sign-in id, in one batch (one
 * transaction): retires the legacy ID as a sign-in id while the migration is
 * open, closes the migration (RETURNING tells the one winner of parallel
 * calls: a later batch finds it closed and changes nothing), and audits only
 * when that close changed a row. The account row, its id and everything
 * hanging off it stay: the history is kept. True when this call migrated.
 */
export async function migrateToEmail(
  db: D1Database,
  accountId: number,
  ip: string | null,
  now: number,
  via: MigrationVia = {},
): Promise<boolean> {
  const open = `EXISTS (SELECT 1 FROM legacy_accounts WHERE account_id = ?1 AND kind = 'email' AND migrated_at IS NULL)`;
  const [, closed] = await db.batch([
    db
      .prepare(
        `UPDATE accounts SET login_id = NULL, email_verified = MAX(email_verified, ?3), updated_at = ?2
         WHERE id = ?1 AND ${open}`,
      )
      .bind(accountId, now, via.emailVerified === true ? 1 : 0),
    db
      .prepare(
        `UPDATE legacy_accounts SET migrated_at = ?2
         WHERE account_id = ?1 AND kind = 'email' AND migrated_at IS NULL RETURNING account_id`,
      )
      .bind(accountId, now),
    // changes(): the rows the close above changed (1 for the winner, 0 for a call that lost the race).
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT ?1, 'legacy.migrated', ?2, ?3, ?4 WHERE changes() = 1`,
      )
      .bind(accountId, ip, JSON.stringify({ to: 'email', ...via.detail }), now),
  ]);
  return (closed?.results.length ?? 0) === 1;
}

/**
 * Moves a legacy-ID account (kind 'id': no usable email) to a new email ID the
 * player proved by code (POST /no-auth/migrate), in one batch like
 * migrateToEmail: the account takes the address as its email, verified (the
 * code proved the mailbox), the legacy ID is retired as a sign-in id, the
 * migration closes (RETURNING names the one winner of parallel calls) and
 * `legacy.migrated` is audited only for it. The account keeps its id and
 * everything hanging off it. A batch that meets another account's address
 * fails as a whole (accounts.email is unique): the caller maps it to 20050.
 */
export async function migrateToNewId(
  db: D1Database,
  accountId: number,
  newId: string,
  ip: string | null,
  now: number,
  via: MigrationVia = {},
): Promise<boolean> {
  const open = `EXISTS (SELECT 1 FROM legacy_accounts WHERE account_id = ?1 AND kind = 'id' AND migrated_at IS NULL)`;
  const [, closed] = await db.batch([
    db
      .prepare(
        `UPDATE accounts SET email = ?3, email_verified = 1, login_id = NULL, updated_at = ?2
         WHERE id = ?1 AND ${open}`,
      )
      .bind(accountId, now, newId),
    db
      .prepare(
        `UPDATE legacy_accounts SET migrated_at = ?2
         WHERE account_id = ?1 AND kind = 'id' AND migrated_at IS NULL RETURNING account_id`,
      )
      .bind(accountId, now),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT ?1, 'legacy.migrated', ?2, ?3, ?4 WHERE changes() = 1`,
      )
      .bind(accountId, ip, JSON.stringify({ to: 'newId', ...via.detail }), now),
  ]);
  return (closed?.results.length ?? 0) === 1;
}
