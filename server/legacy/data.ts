/**
 * Legacy accounts' migration state (migration 0012, docs/legacy.md), on the query builder
 * (server/core/db/README.md). A migration is one batch (one atomic unit on D1 and PostgreSQL) whose every statement
 * is guarded by the migration still being open, and whose conditional close (RETURNING) tells the one winner of
 * parallel calls.
 */
import * as z from 'zod/mini';
import { whileExists } from '../core/data/audit';
import type { Db } from '../core/db/engine';
import { accountEvent } from '../events/data';

const legacyRow = z.object({
  account_id: z.number(),
  kind: z.enum(['email', 'id']),
  legacy_login_id: z.string(),
  support_code: z.string(),
  migrated_at: z.nullable(z.number()),
});
export type LegacyRow = z.infer<typeof legacyRow>;

/** The account's legacy row while its migration is still open; null for every other account. */
export async function pendingLegacy(db: Db, accountId: number): Promise<LegacyRow | null> {
  const row = await db.first(
    db.q.selectFrom('legacy_accounts').selectAll().where('account_id', '=', accountId).where('migrated_at', 'is', null),
  );
  return row === undefined ? null : legacyRow.parse(row);
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

type LegacyKind = LegacyRow['kind'];

/** The account's migration of `kind`, still open: the guard of every statement of a migration's batch. */
function openMigration(db: Db, accountId: number, kind: LegacyKind) {
  return db.q
    .selectFrom('legacy_accounts')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('migrated_at', 'is', null);
}

/**
 * The batch of a migration: `legacy.migrated` audited and the account changed only while the migration is open
 * (both run before the close, so they see it open exactly when the close will change it), then the close, whose
 * RETURNING names the one winner of parallel calls (a later batch finds it closed and changes nothing). True when
 * this call migrated.
 */
async function migrate(
  db: Db,
  accountId: number,
  kind: LegacyKind,
  account: { email?: string; email_verified?: number },
  audit: { ip: string | null; detail: Record<string, string> },
  now: number,
): Promise<boolean> {
  // A legacy-ID account takes its first email (issue 28 §2): game back ends hear of it as of any email change.
  // Before the close, guarded like the audit: recorded only for the call that migrates.
  const event =
    account.email === undefined
      ? []
      : accountEvent(db, 'email.changed', accountId, {}, now, whileExists(openMigration(db, accountId, kind)));
  const results = await db.batch([
    ...event,
    db.q
      .insertInto('audit_log')
      .columns(['account_id', 'event', 'ip', 'detail', 'created_at'])
      .expression(
        openMigration(db, accountId, kind).select((eb) => [
          eb.val('legacy.migrated').as('event'),
          eb.val(audit.ip).as('ip'),
          eb.val(JSON.stringify(audit.detail)).as('detail'),
          eb.val(now).as('created_at'),
        ]),
      ),
    db.q
      .updateTable('accounts')
      .set({ ...account, login_id: null, updated_at: now })
      .where('id', '=', accountId)
      .where((eb) => eb.exists(openMigration(db, accountId, kind))),
    db.q
      .updateTable('legacy_accounts')
      .set({ migrated_at: now })
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('migrated_at', 'is', null)
      .returning('account_id'),
  ]);
  // The close is the last statement.
  return results.at(-1)?.rows.length === 1;
}

/**
 * Moves a legacy-email account to its email as sign-in id, in one batch (one transaction): retires the legacy ID as
 * a sign-in id while the migration is open, closes the migration and audits it (see `migrate`). The account row, its
 * id and everything hanging off it stay: the history is kept. True when this call migrated.
 */
export async function migrateToEmail(
  db: Db,
  accountId: number,
  ip: string | null,
  now: number,
  via: MigrationVia = {},
): Promise<boolean> {
  // A provider's proof of the mailbox verifies the email; without it the flag stays as it was.
  const account = via.emailVerified === true ? { email_verified: 1 } : {};
  return migrate(db, accountId, 'email', account, { ip, detail: { to: 'email', ...via.detail } }, now);
}

/**
 * Moves a legacy-ID account (kind 'id': no usable email) to a new email ID the player proved by code (POST
 * /no-auth/migrate), in one batch like migrateToEmail: the account takes the address as its email, verified (the
 * code proved the mailbox), the legacy ID is retired as a sign-in id, the migration closes and `legacy.migrated` is
 * audited only for the winner. The account keeps its id and everything hanging off it. A batch that meets another
 * account's address fails as a whole (accounts.email is unique: isUniqueViolation): the caller maps it to 20050.
 */
export async function migrateToNewId(
  db: Db,
  accountId: number,
  newId: string,
  ip: string | null,
  now: number,
  via: MigrationVia = {},
): Promise<boolean> {
  return migrate(
    db,
    accountId,
    'id',
    { email: newId, email_verified: 1 },
    { ip, detail: { to: 'newId', ...via.detail } },
    now,
  );
}
