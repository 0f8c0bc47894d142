/**
 * The writes of the staff actions (docs/staff-console.md "Actions"), as statements for one batch with the staff
 * audit entry, so the change and its record are one unit. Each conditional write says in its WHERE what the
 * action needs (blocked, a pending deletion within its grace…): a refused action changes nothing.
 */
import type { Db } from '../core/db/engine';
import type { BanReason } from '../../src/shared/errors/codes';

export function setBanStatement(db: Db, accountId: number, banReason: BanReason, now: number) {
  return db.q.updateTable('accounts').set({ ban_reason: banReason, updated_at: now }).where('id', '=', accountId);
}

export function liftBanStatement(db: Db, accountId: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ ban_reason: null, updated_at: now })
    .where('id', '=', accountId)
    .where('ban_reason', 'is not', null);
}

export function requirePasswordResetStatement(db: Db, accountId: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ password_reset_required: 1, updated_at: now })
    .where('id', '=', accountId)
    .where('password_reset_required', '=', 0);
}

/**
 * Every OIDC grant of the account ends: its access and refresh tokens are revoked, its unused codes spent, its
 * device codes dropped (server/oidc refuses a revoked token, a used code and an unknown device code). On the
 * oidc_tokens_account index (migration 0021).
 */
export function revokeOidcGrantsStatements(db: Db, accountId: number, now: number) {
  return [
    db.q
      .updateTable('oidc_tokens')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null),
    db.q
      .updateTable('oidc_codes')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null),
    db.q.deleteFrom('oidc_device_codes').where('account_id', '=', accountId),
  ] as const;
}

/**
 * The account's attempt locks and counters (server/core/security/signin-policy.ts, code-guard.ts): the password
 * step per client (`a:<id>|…`), account-wide and captcha demand, and second-factor code entry.
 */
export function clearAccountLocksStatements(db: Db, accountId: number) {
  const subject = `a:${String(accountId)}`;
  return [
    db.q.deleteFrom('rate_limits').where('scope', 'in', ['auth:account', 'auth:captcha']).where('key', '=', subject),
    // The per-client keys start with the subject; the account id is digits, so the pattern has no wildcard in it.
    db.q.deleteFrom('rate_limits').where('scope', '=', 'auth:client').where('key', 'like', `${subject}|%`),
    db.q.deleteFrom('rate_limits').where('scope', '=', 'mfa:account').where('key', '=', String(accountId)),
  ] as const;
}

/** The account's locks that are in force now (before the clearing, for the audit's before). */
export async function activeLocks(db: Db, accountId: number, now: number): Promise<number> {
  const subject = `a:${String(accountId)}`;
  const rows = await db.all(
    db.q
      .selectFrom('rate_limits')
      .select('scope')
      .where('locked_until', '>', now)
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', 'in', ['auth:account', 'auth:captcha']), eb('key', '=', subject)]),
          eb.and([eb('scope', '=', 'auth:client'), eb('key', 'like', `${subject}|%`)]),
          eb.and([eb('scope', '=', 'mfa:account'), eb('key', '=', String(accountId))]),
        ]),
      ),
  );
  return rows.length;
}

/** Removes a pending deletion while its grace period runs (RETURNING the account: none when there was none). */
export function cancelDeletionStatement(db: Db, accountId: number, now: number) {
  return db.q
    .deleteFrom('account_deletions')
    .where('account_id', '=', accountId)
    .where('purge_at', '>', now)
    .returning(['account_id', 'purge_at']);
}
