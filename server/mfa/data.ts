/**
 * Two-factor state of an account (spec §3 auth types, §4 "Two-factor"):
 * authenticator (TOTP), SMS verification, the primary method, backup codes,
 * and the settings-verification mark of a session. Parameterised SQL only.
 *
 * The primary method is kept consistent inside each UPDATE (SQLite evaluates
 * SET expressions on the old row), so two concurrent settings changes cannot
 * leave a primary that is not enabled: enabling a factor makes it primary when
 * asked or when no other factor is primary; disabling the primary hands it to
 * the other enabled factor, else back to EMAIL (no second factor).
 */
import type { AuthType } from '../../src/shared/contract/common';
import type { EmailCodePurpose } from '../../src/routes/verification-purposes';
import type { AccountRow } from '../core/data/rows';

export type SecondFactor = Exclude<AuthType, 'EMAIL'>;

/** The account's enabled second factors, primary first, and the primary (null without any). */
export function authTypesOf(account: AccountRow): { authTypes: SecondFactor[]; primaryAuthType: SecondFactor | null } {
  const enabled: SecondFactor[] = [];
  if (account.totp_enabled_at !== null) enabled.push('TOTP');
  if (account.sms_mfa_enabled && account.phone_no !== null) enabled.push('SMS');
  const stated = enabled.find((t) => t === account.primary_auth_type);
  const primary = stated ?? enabled[0] ?? null;
  return {
    authTypes: primary === null ? [] : [primary, ...enabled.filter((t) => t !== primary)],
    primaryAuthType: primary,
  };
}

/** A sign-in of this account needs a second step (unless the device is trusted). */
export function hasSecondFactor(account: AccountRow): boolean {
  // A passkey is a second factor too (issue 18); the auth types answer says so beside the spec's types.
  return authTypesOf(account).authTypes.length > 0 || account.passkey_count > 0;
}

const NO_FACTOR_LEFT = `NOT EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND (totp_enabled_at IS NOT NULL OR sms_mfa_enabled = 1))`;

// ---- Authenticator ----------------------------------------------------------------------------

/** Stores a pending (not yet confirmed) sealed secret; refused (0 changes) while TOTP is enabled. */
export async function storePendingTotp(db: D1Database, accountId: number, sealed: string, now: number) {
  const r = await db
    .prepare(
      `UPDATE accounts SET totp_secret_enc = ?2, totp_last_step = NULL, updated_at = ?3
       WHERE id = ?1 AND totp_enabled_at IS NULL`,
    )
    .bind(accountId, sealed, now)
    .run();
  return r.meta.changes === 1;
}

/** Activates the pending secret `sealed` (still the stored one) with the step of the confirming code. */
export function enableTotpStatement(
  db: D1Database,
  accountId: number,
  sealed: string,
  step: number,
  primary: boolean,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET totp_enabled_at = ?4, totp_last_step = ?3, updated_at = ?4,
         primary_auth_type = CASE WHEN ?5 = 1 OR NOT (primary_auth_type = 'SMS' AND sms_mfa_enabled = 1)
           THEN 'TOTP' ELSE primary_auth_type END
       WHERE id = ?1 AND totp_enabled_at IS NULL AND totp_secret_enc = ?2`,
    )
    .bind(accountId, sealed, step, now, primary ? 1 : 0);
}

/**
 * Records that the code of `step` was used. Accepted once: after step T is
 * used, T and earlier are refused (false), even for two parallel requests.
 */
export async function useTotpStep(db: D1Database, accountId: number, step: number): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE accounts SET totp_last_step = ?2
       WHERE id = ?1 AND totp_enabled_at IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?2)`,
    )
    .bind(accountId, step)
    .run();
  return r.meta.changes === 1;
}

export function disableTotpStatements(db: D1Database, accountId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE accounts SET totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = ?2,
           primary_auth_type = CASE WHEN sms_mfa_enabled = 1 THEN 'SMS' ELSE 'EMAIL' END
         WHERE id = ?1`,
      )
      .bind(accountId, now),
    // Backup codes are a stand-in for a second factor; with none left they would be a hidden one.
    db.prepare(`DELETE FROM backup_codes WHERE account_id = ?1 AND ${NO_FACTOR_LEFT}`).bind(accountId),
  ];
}

// ---- SMS ----------------------------------------------------------------------------------------

/** Accounts other than `accountId` whose verified phone is `e164` (spec §9: at most 4 per number). */
export async function countAccountsWithPhone(db: D1Database, e164: string, accountId: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM accounts WHERE phone_no = ?1 AND id != ?2 AND phone_verified_at IS NOT NULL')
    .bind(e164, accountId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Sets the verified phone and turns SMS verification on; a new number restarts the 90-day change lock. */
export function enableSmsStatement(
  db: D1Database,
  accountId: number,
  e164: string,
  primary: boolean,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET
         phone_changed_at = CASE WHEN phone_no IS ?2 THEN coalesce(phone_changed_at, ?3) ELSE ?3 END,
         phone_no = ?2, phone_verified_at = ?3, sms_mfa_enabled = 1, updated_at = ?3,
         primary_auth_type = CASE WHEN ?4 = 1 OR NOT (primary_auth_type = 'TOTP' AND totp_enabled_at IS NOT NULL)
           THEN 'SMS' ELSE primary_auth_type END
       WHERE id = ?1`,
    )
    .bind(accountId, e164, now, primary ? 1 : 0);
}

/** Turns SMS verification off; the phone stays on the account (and its change lock with it). */
export function disableSmsStatements(db: D1Database, accountId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE accounts SET sms_mfa_enabled = 0, updated_at = ?2,
           primary_auth_type = CASE WHEN totp_enabled_at IS NOT NULL THEN 'TOTP' ELSE 'EMAIL' END
         WHERE id = ?1`,
      )
      .bind(accountId, now),
    db.prepare(`DELETE FROM backup_codes WHERE account_id = ?1 AND ${NO_FACTOR_LEFT}`).bind(accountId),
  ];
}

/** Makes an enabled factor the primary one; 0 changes when it is not enabled. */
export function setPrimaryStatement(db: D1Database, accountId: number, factor: SecondFactor, now: number) {
  return db
    .prepare(
      `UPDATE accounts SET primary_auth_type = ?2, updated_at = ?3
       WHERE id = ?1 AND ((?2 = 'TOTP' AND totp_enabled_at IS NOT NULL) OR (?2 = 'SMS' AND sms_mfa_enabled = 1))`,
    )
    .bind(accountId, factor, now);
}

// ---- Backup codes -------------------------------------------------------------------------------

export interface BackupCodeRow {
  id: number;
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
}

/** The account's current set in creation order (the order the player was shown). */
export async function listBackupCodes(db: D1Database, accountId: number): Promise<BackupCodeRow[]> {
  const { results } = await db
    .prepare('SELECT id, code_hash, used_at, created_at FROM backup_codes WHERE account_id = ?1 ORDER BY id')
    .bind(accountId)
    .all<{ id: number; code_hash: string; used_at: number | null; created_at: number }>();
  return results.map((r) => ({ id: r.id, codeHash: r.code_hash, usedAt: r.used_at, createdAt: r.created_at }));
}

/** A new set replaces the old one in the same batch: the old codes stop working at once. */
export function replaceBackupCodesStatements(
  db: D1Database,
  accountId: number,
  hashes: readonly string[],
  now: number,
): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM backup_codes WHERE account_id = ?1').bind(accountId),
    ...hashes.map((h) =>
      db
        .prepare('INSERT INTO backup_codes (account_id, code_hash, created_at) VALUES (?1, ?2, ?3)')
        .bind(accountId, h, now),
    ),
  ];
}

/** Marks a code used. Only one of two parallel uses changes the row; the other gets false. */
export async function markBackupCodeUsed(db: D1Database, accountId: number, id: number, now: number) {
  const r = await db
    .prepare('UPDATE backup_codes SET used_at = ?3 WHERE id = ?2 AND account_id = ?1 AND used_at IS NULL')
    .bind(accountId, id, now)
    .run();
  return r.meta.changes === 1;
}

// ---- Settings verification ----------------------------------------------------------------------

/**
 * A session that passed settings verification is marked in verification_tokens
 * under a key derived from its (already hashed) token and the purpose the
 * verification was made for, so the mark dies with the session's token (a new
 * sign-in or a rotated session starts unverified) and unlocks only its own
 * purpose (issue 12).
 */
const settingsKey = (sessionTokenHash: string, purpose: EmailCodePurpose) =>
  `settings-verified:${purpose}:${sessionTokenHash}`;
const SETTINGS_PURPOSE = 'settings.verified';

export function markSettingsVerifiedStatement(
  db: D1Database,
  sessionTokenHash: string,
  purpose: EmailCodePurpose,
  accountId: number,
  now: number,
  validMs: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO verification_tokens (token_hash, account_id, purpose, expires_at, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (token_hash) DO UPDATE SET expires_at = ?4, created_at = ?5`,
    )
    .bind(settingsKey(sessionTokenHash, purpose), accountId, SETTINGS_PURPOSE, now + validMs, now);
}

/**
 * When the session was last verified for this purpose, or signed in (a sign-in
 * counts for every purpose), null when it never was.
 */
export async function lastSettingsVerification(
  db: D1Database,
  sessionTokenHash: string,
  purpose: EmailCodePurpose,
): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT max(coalesce(
         (SELECT created_at FROM verification_tokens WHERE token_hash = ?2 AND purpose = ?3), 0),
         (SELECT created_at FROM sessions WHERE token_hash = ?1)) AS at`,
    )
    .bind(sessionTokenHash, settingsKey(sessionTokenHash, purpose), SETTINGS_PURPOSE)
    .first<{ at: number | null }>();
  return row?.at ?? null;
}
