/**
 * Data access of the staff console (docs/staff-console.md): staff accounts and sessions, the append-only staff
 * audit log, the account search (exact matches on indexed columns only) and the reads of the account view.
 * The writes of the actions themselves are in ./actions-data.ts.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../core/db/tables';
import type { Db } from '../core/db/engine';
import type { StaffRole } from '../../src/shared/staff/roles';

export interface StaffRow {
  id: number;
  email: string;
  display_name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret_sealed: string;
  disabled: boolean;
}

const STAFF_COLUMNS = [
  'id',
  'email',
  'display_name',
  'role',
  'password_hash',
  'totp_secret_sealed',
  'disabled',
] as const;

function staffRow(r: {
  id: number;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  totp_secret_sealed: string;
  disabled: number;
}): StaffRow {
  // The CHECK constraint of staff_accounts.role keeps the column to the three roles.
  return { ...r, role: r.role as StaffRole, disabled: r.disabled === 1 };
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const r = await db.first(db.q.selectFrom('staff_accounts').select(STAFF_COLUMNS).where('email', '=', email.trim()));
  return r === undefined ? null : staffRow(r);
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | null> {
  const r = await db.first(db.q.selectFrom('staff_accounts').select(STAFF_COLUMNS).where('id', '=', id));
  return r === undefined ? null : staffRow(r);
}

export interface NewStaff {
  email: string;
  displayName: string;
  role: StaffRole;
  passwordHash: string;
  totpSecretSealed: string;
}

/** Inserts a staff account; the unique email decides between two parallel adds (isUniqueViolation). */
export async function insertStaff(db: Db, s: NewStaff, now: number): Promise<number> {
  const r = await db.first(
    db.q
      .insertInto('staff_accounts')
      .values({
        email: s.email.trim(),
        display_name: s.displayName,
        role: s.role,
        password_hash: s.passwordHash,
        totp_secret_sealed: s.totpSecretSealed,
        created_at: now,
      })
      .returning('id'),
  );
  if (r === undefined) throw new Error('staff account insert returned no id');
  return r.id;
}

/** Takes a TOTP time step once: a code seen at this step (or an older one) is not accepted again. */
export async function useStaffTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('staff_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', staffId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
  );
  return r.rowsAffected === 1;
}

// ---- sessions

export interface StaffSessionRow {
  token_hash: string;
  staff_id: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
}

export function insertStaffSessionStatement(
  db: Db,
  s: {
    tokenHash: string;
    staffId: number;
    ip: string | null;
    now: number;
    idleExpiresAt: number;
    absoluteExpiresAt: number;
  },
) {
  return db.q.insertInto('staff_sessions').values({
    token_hash: s.tokenHash,
    staff_id: s.staffId,
    ip: s.ip,
    created_at: s.now,
    last_seen_at: s.now,
    idle_expires_at: s.idleExpiresAt,
    absolute_expires_at: s.absoluteExpiresAt,
  });
}

export async function findStaffSession(db: Db, tokenHash: string): Promise<StaffSessionRow | null> {
  const r = await db.first(
    db.q
      .selectFrom('staff_sessions')
      .select(['token_hash', 'staff_id', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at'])
      .where('token_hash', '=', tokenHash),
  );
  return r ?? null;
}

export async function touchStaffSession(db: Db, tokenHash: string, now: number, idleExpiresAt: number) {
  await db.run(
    db.q
      .updateTable('staff_sessions')
      .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
      .where('token_hash', '=', tokenHash),
  );
}

export function deleteStaffSessionStatement(db: Db, tokenHash: string) {
  return db.q.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash);
}

/** A staff member's sessions ended and expired ones swept at sign-in (the table stays small). */
export function deleteExpiredStaffSessionsStatement(db: Db, staffId: number, now: number) {
  return db.q
    .deleteFrom('staff_sessions')
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]));
}

// ---- the staff audit log: INSERT and SELECT only (tests/unit/server/staff-audit.test.ts)

export interface StaffAuditEntry {
  staffId: number;
  staffEmail: string;
  action: string;
  accountId: number | null;
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown> | null;
  ip: string | null;
}

const json = (v: Record<string, unknown> | null | undefined) =>
  v === undefined || v === null ? null : JSON.stringify(v);

/** The audit entry as one statement (RETURNING its id), for the batch of the change it records. */
export function staffAuditStatement(db: Db, e: StaffAuditEntry, now: number) {
  return db.q
    .insertInto('staff_audit')
    .values({
      staff_id: e.staffId,
      staff_email: e.staffEmail,
      action: e.action,
      account_id: e.accountId,
      reason: e.reason,
      before_json: json(e.before),
      after_json: json(e.after),
      detail_json: json(e.detail),
      ip: e.ip,
      created_at: now,
    })
    .returning('id');
}

export interface StaffAuditRow {
  id: number;
  created_at: number;
  staff_id: number;
  staff_email: string;
  action: string;
  account_id: number | null;
  reason: string;
  before_json: string | null;
  after_json: string | null;
  detail_json: string | null;
}

/** Newest first, below `cursor` (an id); by staff member or by account (each on its own index), or all. */
export async function searchStaffAudit(
  db: Db,
  f: { staffId?: number; accountId?: number; cursor?: number; limit: number },
): Promise<StaffAuditRow[]> {
  let q = db.q
    .selectFrom('staff_audit')
    .select([
      'id',
      'created_at',
      'staff_id',
      'staff_email',
      'action',
      'account_id',
      'reason',
      'before_json',
      'after_json',
      'detail_json',
    ])
    .orderBy('id', 'desc')
    .limit(f.limit);
  if (f.staffId !== undefined) q = q.where('staff_id', '=', f.staffId);
  if (f.accountId !== undefined) q = q.where('account_id', '=', f.accountId);
  if (f.cursor !== undefined) q = q.where('id', '<', f.cursor);
  return db.all(q);
}

// ---- account search: exact values on indexed columns, paged by account id

export interface FoundAccount {
  id: number;
  email: string;
  status: number;
  ban_reason: string | null;
  created_at: number;
}

export type AccountLookup =
  | { kind: 'email'; email: string }
  | { kind: 'id'; id: number }
  | { kind: 'phone'; e164: string }
  | { kind: 'provider'; provider: string; userId: string }
  | { kind: 'platform'; platform: string; userId: string }
  | { kind: 'legacy'; legacyId: string };

/** Accounts matching one exact value, in id order after `cursor`, at most `limit`. */
export async function findAccounts(db: Db, l: AccountLookup, cursor: number, limit: number): Promise<FoundAccount[]> {
  let q = db.q
    .selectFrom('accounts')
    .select(['accounts.id', 'accounts.email', 'accounts.status', 'accounts.ban_reason', 'accounts.created_at'])
    .where('accounts.id', '>', cursor)
    .orderBy('accounts.id')
    .limit(limit);
  switch (l.kind) {
    case 'email':
      q = q.where('accounts.email', '=', l.email);
      break;
    case 'id':
      q = q.where('accounts.id', '=', l.id);
      break;
    case 'phone':
      q = q.where('accounts.phone_no', '=', l.e164);
      break;
    case 'provider':
      q = q.where('accounts.id', 'in', (eb) =>
        eb
          .selectFrom('linked_providers')
          .select('account_id')
          .where('provider', '=', l.provider)
          .where('provider_user_id', '=', l.userId),
      );
      break;
    case 'platform':
      q = q.where('accounts.id', 'in', (eb) =>
        eb
          .selectFrom('platform_links')
          .select('account_id')
          .where('platform', '=', l.platform)
          .where('platform_user_id', '=', l.userId),
      );
      break;
    case 'legacy':
      q = q.where((eb) =>
        eb.or([
          eb('accounts.login_id', '=', l.legacyId),
          eb(
            'accounts.id',
            'in',
            eb.selectFrom('legacy_accounts').select('account_id').where('legacy_login_id', '=', l.legacyId),
          ),
        ]),
      );
      break;
  }
  return db.all(q);
}

// ---- the account view's reads (each on an index of its table by account)

/** The tables the account view lists an account's rows of, each read by its index on `account_id`. */
type AccountTable =
  'linked_providers' | 'platform_links' | 'passkeys' | 'trusted_devices' | 'sessions' | 'backup_codes';

/** A list of the account view: its table's columns and order (and a condition of its own), for one account. */
function ofAccount<T extends AccountTable, O>(db: Db, accountId: number, read: SelectQueryBuilder<Database, T, O>) {
  // Every table here names the account `account_id`: one filter for all of them.
  return db.all(read.where(sql<SqlBool>`${sql.ref('account_id')} = ${accountId}`));
}

export async function accountLinks(db: Db, accountId: number) {
  const { q } = db;
  const [providers, platforms, passkeys, trusted, sessions, backup] = await Promise.all([
    ofAccount(db, accountId, q.selectFrom('linked_providers').select(['provider', 'linked_at']).orderBy('linked_at')),
    ofAccount(db, accountId, q.selectFrom('platform_links').select(['platform', 'linked_at']).orderBy('linked_at')),
    ofAccount(
      db,
      accountId,
      q.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at']).orderBy('created_at'),
    ),
    ofAccount(db, accountId, q.selectFrom('trusted_devices').select(['name', 'expires_at']).orderBy('created_at')),
    ofAccount(
      db,
      accountId,
      q
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'ip'])
        .where('level', '=', 'full')
        .orderBy('created_at', 'desc')
        .limit(50),
    ),
    ofAccount(db, accountId, q.selectFrom('backup_codes').select('id').where('used_at', 'is', null).limit(1)),
  ]);
  return { providers, platforms, passkeys, trusted, sessions, hasBackupCodes: backup.length > 0 };
}

export async function accountFamily(db: Db, accountId: number) {
  const [parent, children] = await Promise.all([
    db.first(db.q.selectFrom('family_links').select('parent_id').where('child_id', '=', accountId)),
    db.all(db.q.selectFrom('family_links').select('child_id').where('parent_id', '=', accountId).orderBy('child_id')),
  ]);
  return { parentId: parent?.parent_id ?? null, childIds: children.map((c) => c.child_id) };
}

export async function accountCases(db: Db, accountId: number) {
  return db.all(
    db.q
      .selectFrom('support_cases')
      .select(['reference', 'status', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(20),
  );
}

export async function accountDeletion(db: Db, accountId: number) {
  const r = await db.first(
    db.q.selectFrom('account_deletions').select(['requested_at', 'purge_at']).where('account_id', '=', accountId),
  );
  return r ?? null;
}

/** The security-event timeline from the player audit log (newest first). */
export async function accountTimeline(db: Db, accountId: number, limit: number) {
  return db.all(
    db.q
      .selectFrom('audit_log')
      .select(['created_at', 'event', 'ip', 'browser', 'os', 'country'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit),
  );
}

/** Ownership cases for the console, newest first. */
export async function listCases(db: Db, status: 'open' | 'approved' | 'rejected' | null, limit: number) {
  let q = db.q
    .selectFrom('support_cases')
    .select(['reference', 'status', 'account_id', 'account_input', 'contact_email', 'description', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit);
  if (status !== null) q = q.where('status', '=', status);
  return db.all(q);
}

// ---- ops: a daily budget's use (the send gate's counters, server/core/security/send-gate.ts)

export async function budgetCounter(db: Db, scope: string, key: string) {
  const r = await db.first(
    db.q.selectFrom('rate_limits').select(['count', 'window_start']).where('scope', '=', scope).where('key', '=', key),
  );
  return r ?? null;
}
