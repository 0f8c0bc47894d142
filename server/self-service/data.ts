/**
 * Self-service storage (spec §3 self-service state, §4 recovery flow): the self-service sessions, the accounts a
 * recovery looks up, the once-a-week ID change claim, and the single-use password-reset tokens. Written with the
 * query builder (server/core/db), so it runs on D1 and PostgreSQL alike.
 */
import { accountRow, parseRow, type AccountRow } from '../core/data/rows';
import { endLiveTokensQuery, insertBareTokenQuery } from '../core/data/verification-tokens';
import type { Db } from '../core/db/engine';

// ---- Self-service sessions ----------------------------------------------------------------------

export interface NewSelfServiceSession {
  serialHash: string;
  operationType: string;
  browserHash: string;
  ip: string | null;
  expiresAt: number;
}

export async function insertSelfServiceSession(db: Db, s: NewSelfServiceSession, now: number): Promise<void> {
  await db.run(
    db.q.insertInto('self_service_sessions').values({
      serial_hash: s.serialHash,
      operation_type: s.operationType,
      browser_hash: s.browserHash,
      ip: s.ip,
      expires_at: s.expiresAt,
      created_at: now,
    }),
  );
}

/** The stored session row (parsed by the caller), undefined when unknown. */
export async function findSelfServiceSession(db: Db, serialHash: string): Promise<unknown> {
  return db.first(db.q.selectFrom('self_service_sessions').selectAll().where('serial_hash', '=', serialHash));
}

/** Records the look-up once (a session looks up one account); false when it was already done. */
export async function recordLookupOnce(
  db: Db,
  serialHash: string,
  found: { searchBy: 'email' | 'id' | 'phone'; target: string | null; accountId: number | null },
  now: number,
): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('self_service_sessions')
      .set({ looked_up_at: now, search_by: found.searchBy, target: found.target, account_id: found.accountId })
      .where('serial_hash', '=', serialHash)
      .where('looked_up_at', 'is', null)
      .returning('serial_hash'),
  );
  return row !== undefined;
}

/** Records the proved factors; `complete` marks the session verified. */
export function provedQuery(db: Db, serialHash: string, proved: string, complete: boolean, now: number) {
  return db.q
    .updateTable('self_service_sessions')
    .set((eb) => ({ proved, verified_at: complete ? eb.val(now) : eb.ref('verified_at') }))
    .where('serial_hash', '=', serialHash);
}

export async function setSessionNewEmail(db: Db, serialHash: string, email: string): Promise<void> {
  await db.run(
    db.q.updateTable('self_service_sessions').set({ new_email: email }).where('serial_hash', '=', serialHash),
  );
}

/** Spends the session (one conditional update: of two parallel uses exactly one wins); false when spent. */
export async function spendSelfServiceSession(db: Db, serialHash: string, now: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('self_service_sessions')
      .set({ used_at: now })
      .where('serial_hash', '=', serialHash)
      .where('used_at', 'is', null)
      .returning('serial_hash'),
  );
  return row !== undefined;
}

// ---- Accounts a recovery finds -------------------------------------------------------------------

export async function accountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  return parseRow(accountRow, await db.first(db.q.selectFrom('accounts').selectAll().where('email', '=', email)));
}

export async function accountByLoginId(db: Db, loginId: string): Promise<AccountRow | null> {
  return parseRow(accountRow, await db.first(db.q.selectFrom('accounts').selectAll().where('login_id', '=', loginId)));
}

/** The account of a verified number (proved when added, or the SMS second factor), most recently updated first. */
export async function accountIdByVerifiedPhone(db: Db, e164: string): Promise<number | null> {
  const row = await db.first(
    db.q
      .selectFrom('accounts')
      .select('id')
      .where('phone_no', '=', e164)
      .where((eb) => eb.or([eb('phone_verified_at', 'is not', null), eb('sms_mfa_enabled', '=', 1)]))
      .orderBy('updated_at', 'desc')
      .limit(1),
  );
  return row?.id ?? null;
}

/** Lifts the protected-mode flags a password reset answers (20036/20037/20102), in the reset's batch. */
export function clearResetFlagsQuery(db: Db, accountId: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ password_reset_required: 0, reactivation_required: 0, updated_at: now })
    .where('id', '=', accountId);
}

// ---- ID change wait ------------------------------------------------------------------------------

/** Claims the once-per-`waitMs` ID change atomically: of two parallel changes only one gets true. */
export async function claimIdChange(db: Db, accountId: number, now: number, waitMs: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('accounts')
      .set({ id_changed_at: now })
      .where('id', '=', accountId)
      .where((eb) => eb.or([eb('id_changed_at', 'is', null), eb('id_changed_at', '<=', now - waitMs)]))
      .returning('id'),
  );
  return row !== undefined;
}

/** Gives a claim back (the change failed): restores `previous` if the claim of `now` is still the stored one. */
export async function releaseIdChange(db: Db, accountId: number, previous: number | null, now: number) {
  await db.run(
    db.q
      .updateTable('accounts')
      .set({ id_changed_at: previous })
      .where('id', '=', accountId)
      .where('id_changed_at', '=', now),
  );
}

// ---- Password-reset tokens -----------------------------------------------------------------------

/** Ends the account's live tokens of `purpose` and stores a new one, in one batch. */
export async function replaceResetToken(
  db: Db,
  t: { accountId: number; purpose: string; tokenHash: string; expiresAt: number },
  now: number,
): Promise<void> {
  await db.batch([endLiveTokensQuery(db, t.accountId, t.purpose, now), insertBareTokenQuery(db, t, now)]);
}
