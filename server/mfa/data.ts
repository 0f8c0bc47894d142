/**
 * Two-factor state of an account (spec §3 auth types, §4 "Two-factor"):
 * authenticator (TOTP), SMS verification, the primary method, backup codes,
 * and the settings-verification mark of a session. Written with the query builder (server/core/db).
 *
 * The primary method is kept consistent inside each UPDATE (SQLite and
 * PostgreSQL both evaluate SET expressions on the old row), so two concurrent settings changes cannot
 * leave a primary that is not enabled: enabling a factor makes it primary when
 * asked or when no other factor is primary; disabling the primary hands it to
 * the other enabled factor, else back to EMAIL (no second factor).
 */
import type { AuthType } from '../../src/shared/contract/common';
import type { EmailCodePurpose } from '../../src/routes/verification-purposes';
import type { AccountRow } from '../core/data/rows';
import type { Db } from '../core/db/engine';

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

/** True when the account has no second factor left (backup codes go with the last one, in the same batch). */
function noFactorLeft(db: Db, accountId: number) {
  return db.q
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_enabled_at', 'is not', null), eb('sms_mfa_enabled', '=', 1)]));
}

/** Deletes the account's backup codes when no second factor is left (as the batch sees the account). */
function deleteOrphanBackupCodes(db: Db, accountId: number) {
  return db.q
    .deleteFrom('backup_codes')
    .where('account_id', '=', accountId)
    .where((eb) => eb.not(eb.exists(noFactorLeft(db, accountId))));
}

// ---- Authenticator ----------------------------------------------------------------------------

/** Stores a pending (not yet confirmed) sealed secret; refused (0 changes) while TOTP is enabled. */
export async function storePendingTotp(db: Db, accountId: number, sealed: string, now: number) {
  const r = await db.run(
    db.q
      .updateTable('accounts')
      .set({ totp_secret_enc: sealed, totp_last_step: null, updated_at: now })
      .where('id', '=', accountId)
      .where('totp_enabled_at', 'is', null),
  );
  return r.rowsAffected === 1;
}

/** Activates the pending secret `sealed` (still the stored one) with the step of the confirming code. */
export function enableTotpQuery(
  db: Db,
  accountId: number,
  sealed: string,
  step: number,
  primary: boolean,
  now: number,
) {
  return db.q
    .updateTable('accounts')
    .set((eb) => ({
      totp_enabled_at: now,
      totp_last_step: step,
      updated_at: now,
      primary_auth_type: primary
        ? 'TOTP'
        : eb
            .case()
            .when(eb.and([eb('primary_auth_type', '=', 'SMS'), eb('sms_mfa_enabled', '=', 1)]))
            .then(eb.ref('primary_auth_type'))
            .else('TOTP')
            .end(),
    }))
    .where('id', '=', accountId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_secret_enc', '=', sealed);
}

/**
 * Records that the code of `step` was used. Accepted once: after step T is
 * used, T and earlier are refused (false), even for two parallel requests.
 */
export async function useTotpStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('accounts')
      .set({ totp_last_step: step })
      .where('id', '=', accountId)
      .where('totp_enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
  );
  return r.rowsAffected === 1;
}

export function disableTotpQueries(db: Db, accountId: number, now: number) {
  return [
    db.q
      .updateTable('accounts')
      .set((eb) => ({
        totp_secret_enc: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: now,
        primary_auth_type: eb.case().when('sms_mfa_enabled', '=', 1).then('SMS').else('EMAIL').end(),
      }))
      .where('id', '=', accountId),
    // Backup codes are a stand-in for a second factor; with none left they would be a hidden one.
    deleteOrphanBackupCodes(db, accountId),
  ] as const;
}

// ---- SMS ----------------------------------------------------------------------------------------

/** Accounts other than `accountId` whose verified phone is `e164` (spec §9: at most 4 per number). */
export async function countAccountsWithPhone(db: Db, e164: string, accountId: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone_no', '=', e164)
      .where('id', '!=', accountId)
      .where('phone_verified_at', 'is not', null),
  );
  return row?.n ?? 0;
}

/** Sets the verified phone and turns SMS verification on; a new number restarts the 90-day change lock. */
export function enableSmsQuery(db: Db, accountId: number, e164: string, primary: boolean, now: number) {
  return db.q
    .updateTable('accounts')
    .set((eb) => ({
      // e164 is never null, so `=` says what SQLite's `IS` said: the same number keeps its lock's start.
      phone_changed_at: eb
        .case()
        .when('phone_no', '=', e164)
        .then(eb.fn.coalesce('phone_changed_at', eb.val(now)))
        .else(now)
        .end(),
      phone_no: e164,
      phone_verified_at: now,
      sms_mfa_enabled: 1,
      updated_at: now,
      primary_auth_type: primary
        ? 'SMS'
        : eb
            .case()
            .when(eb.and([eb('primary_auth_type', '=', 'TOTP'), eb('totp_enabled_at', 'is not', null)]))
            .then(eb.ref('primary_auth_type'))
            .else('SMS')
            .end(),
    }))
    .where('id', '=', accountId);
}

/** Turns SMS verification off; the phone stays on the account (and its change lock with it). */
export function disableSmsQueries(db: Db, accountId: number, now: number) {
  return [
    db.q
      .updateTable('accounts')
      .set((eb) => ({
        sms_mfa_enabled: 0,
        updated_at: now,
        primary_auth_type: eb.case().when('totp_enabled_at', 'is not', null).then('TOTP').else('EMAIL').end(),
      }))
      .where('id', '=', accountId),
    deleteOrphanBackupCodes(db, accountId),
  ] as const;
}

/** Makes an enabled factor the primary one; 0 changes when it is not enabled. */
export function setPrimaryQuery(db: Db, accountId: number, factor: SecondFactor, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ primary_auth_type: factor, updated_at: now })
    .where('id', '=', accountId)
    .where((eb) => (factor === 'TOTP' ? eb('totp_enabled_at', 'is not', null) : eb('sms_mfa_enabled', '=', 1)));
}

/** The player chose not to be offered two-factor set-up again. */
export async function markMfaPromoSkipped(db: Db, accountId: number, now: number): Promise<void> {
  await db.run(db.q.updateTable('accounts').set({ skip_mfa_promo: 1, updated_at: now }).where('id', '=', accountId));
}

// ---- Backup codes -------------------------------------------------------------------------------

export interface BackupCodeRow {
  id: number;
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
}

/** The account's current set in creation order (the order the player was shown). */
export async function listBackupCodes(db: Db, accountId: number): Promise<BackupCodeRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('backup_codes')
      .select(['id', 'code_hash', 'used_at', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('id'),
  );
  return rows.map((r) => ({ id: r.id, codeHash: r.code_hash, usedAt: r.used_at, createdAt: r.created_at }));
}

/** A new set replaces the old one in the same batch: the old codes stop working at once. */
export function replaceBackupCodesQueries(db: Db, accountId: number, hashes: readonly string[], now: number) {
  return [
    db.q.deleteFrom('backup_codes').where('account_id', '=', accountId),
    ...hashes.map((h) =>
      db.q.insertInto('backup_codes').values({ account_id: accountId, code_hash: h, created_at: now }),
    ),
  ];
}

/** Marks a code used. Only one of two parallel uses changes the row; the other gets false. */
export async function markBackupCodeUsed(db: Db, accountId: number, id: number, now: number) {
  const r = await db.run(
    db.q
      .updateTable('backup_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null),
  );
  return r.rowsAffected === 1;
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

export function markSettingsVerifiedQuery(
  db: Db,
  sessionTokenHash: string,
  purpose: EmailCodePurpose,
  accountId: number,
  now: number,
  validMs: number,
) {
  return db.q
    .insertInto('verification_tokens')
    .values({
      token_hash: settingsKey(sessionTokenHash, purpose),
      account_id: accountId,
      purpose: SETTINGS_PURPOSE,
      expires_at: now + validMs,
      created_at: now,
    })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ expires_at: now + validMs, created_at: now }));
}

/**
 * When the session was last verified for this purpose, or signed in (a sign-in
 * counts for every purpose), null when it never was (or the session is gone).
 */
export async function lastSettingsVerification(
  db: Db,
  sessionTokenHash: string,
  purpose: EmailCodePurpose,
): Promise<number | null> {
  const row = await db.first(
    db.q.selectNoFrom((eb) => [
      eb
        .selectFrom('verification_tokens')
        .select('created_at')
        .where('token_hash', '=', settingsKey(sessionTokenHash, purpose))
        .where('purpose', '=', SETTINGS_PURPOSE)
        .as('verified_at'),
      eb.selectFrom('sessions').select('created_at').where('token_hash', '=', sessionTokenHash).as('signed_in_at'),
    ]),
  );
  // No session: null, as SQL's max(…, NULL) said before.
  if (row?.signed_in_at == null) return null;
  return Math.max(row.verified_at ?? 0, row.signed_in_at);
}
