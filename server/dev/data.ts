/**
 * Data access of the DEV_TOOLS test hooks (server/dev/*-routes.ts; never reachable without DEV_TOOLS): the states
 * tests put accounts in and read back. On the query builder (server/core/db/README.md), so the hooks work on D1 and
 * PostgreSQL alike.
 */
import type { Updateable } from 'kysely';
import type { Database, Db, Query } from '../core/db/engine';

/** The account columns the sign-in state hook may set (dev/signin-routes.ts devSetAccountState). */
export type AccountStateChanges = Pick<
  Updateable<Database['accounts']>,
  | 'ban_reason'
  | 'reactivation_required'
  | 'password_reset_required'
  | 'terms_accepted_at'
  | 'country_code'
  | 'birth_year'
  | 'birth_month'
  | 'sms_mfa_enabled'
  | 'phone_no'
  | 'email_verified'
  | 'status'
  | 'has_password'
  | 'membership_no'
  | 'is_minor'
>;

/** Sets the state; `before`: statements of the same batch that must see the state before it (guarded events). */
export async function setAccountState(
  db: Db,
  accountId: number,
  changes: AccountStateChanges,
  now: number,
  before: readonly Query[] = [],
) {
  await db.batch([
    ...before,
    db.q
      .updateTable('accounts')
      .set({ ...changes, updated_at: now })
      .where('id', '=', accountId),
  ]);
}

/** Trusts a device of the account for the browser holding `secretHash` (a new trust, or the old one renewed). */
export async function trustDevice(
  db: Db,
  t: { accountId: number; deviceId: string; secretHash: string; expiresAt: number },
  now: number,
) {
  await db.run(
    db.q
      .insertInto('trusted_devices')
      .values({
        account_id: t.accountId,
        device_id: t.deviceId,
        name: 'Test device',
        created_at: now,
        expires_at: t.expiresAt,
        secret_hash: t.secretHash,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'device_id']).doUpdateSet({ expires_at: t.expiresAt, secret_hash: t.secretHash }),
      ),
  );
}

/** Forgets every rate-limit and attempt counter. */
export async function resetRateLimits(db: Db) {
  await db.run(db.q.deleteFrom('rate_limits'));
}

export interface LegacyState {
  accountId: number;
  kind: 'email' | 'id';
  loginId: string;
  /** The account's email: its own (legacy email) or the placeholder of a legacy-ID account. */
  email: string;
  emailVerified: boolean;
  /** The password's hash in the legacy (bcrypt) format, as credential and history. */
  passwordHash: string;
  supportCode: string;
}

/** The statements that make an account a legacy one with an open migration (one batch with the caller's others). */
export function makeLegacyStatements(db: Db, l: LegacyState, now: number) {
  return [
    db.q
      .updateTable('accounts')
      .set({ login_id: l.loginId, email: l.email, email_verified: l.emailVerified ? 1 : 0, updated_at: now })
      .where('id', '=', l.accountId),
    db.q.updateTable('credentials').set({ password_hash: l.passwordHash }).where('account_id', '=', l.accountId),
    db.q.updateTable('password_history').set({ password_hash: l.passwordHash }).where('account_id', '=', l.accountId),
    db.q.insertInto('legacy_accounts').values({
      account_id: l.accountId,
      kind: l.kind,
      legacy_login_id: l.loginId,
      support_code: l.supportCode,
      created_at: now,
    }),
  ] as const;
}

/** When the account's legacy migration closed (null: open; undefined: never a legacy account). */
export async function legacyMigratedAt(db: Db, accountId: number): Promise<number | null | undefined> {
  const row = await db.first(
    db.q.selectFrom('legacy_accounts').select('migrated_at').where('account_id', '=', accountId),
  );
  return row === undefined ? undefined : row.migrated_at;
}

/** The account's audit events, oldest first. */
export async function auditEvents(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.all(
    db.q.selectFrom('audit_log').select('event').where('account_id', '=', accountId).orderBy('id'),
  );
  return rows.map((r) => r.event);
}
