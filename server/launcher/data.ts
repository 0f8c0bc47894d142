/**
 * Data access of the launcher (docs/launcher.md): autologin tokens, host hand-offs, auth tokens, third-party app
 * requests and login/sso codes. Every single-use secret is taken by one conditional UPDATE … RETURNING, so of two
 * parallel uses exactly one gets the row, on D1 and on PostgreSQL alike.
 */
import type { Db } from '../core/db/engine';

// ---- autologin tokens (./tokens.ts)

export function insertLauncherTokenStatement(
  db: Db,
  row: { token_hash: string; account_id: number; device_id: string; created_at: number; expires_at: number },
) {
  return db.q.insertInto('launcher_tokens').values(row);
}

export function revokeLauncherTokenStatement(db: Db, tokenHash: string, now: number) {
  return db.q
    .updateTable('launcher_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null);
}

/** Marks the token consumed and answers its account only when unused, unrevoked, unexpired and on this device. */
export async function consumeLauncherTokenRow(
  db: Db,
  tokenHash: string,
  deviceId: string,
  now: number,
): Promise<number | null> {
  const row = await db.first(
    db.q
      .updateTable('launcher_tokens')
      .set({ consumed_at: now })
      .where('token_hash', '=', tokenHash)
      .where('device_id', '=', deviceId)
      .where('consumed_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id'),
  );
  return row?.account_id ?? null;
}

/**
 * A consumed token presented again: revokes every live token of its account on its device, in one statement.
 * True when the token was a consumed one (something was revoked).
 */
export async function revokeDeviceTokensOfReused(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const rows = await db.all(
    db.q
      .updateTable('launcher_tokens')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb(
          eb.refTuple('account_id', 'device_id'),
          'in',
          eb
            .selectFrom('launcher_tokens')
            .select(['account_id', 'device_id'])
            .where('token_hash', '=', tokenHash)
            .where('consumed_at', 'is not', null)
            .$asTuple('account_id', 'device_id'),
        ),
      )
      .returning('account_id'),
  );
  return rows.length > 0;
}

export async function revokeLauncherToken(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.run(revokeLauncherTokenStatement(db, tokenHash, now));
}

// ---- host hand-offs (./hand-off.ts)

/** Hand-offs nobody redeemed in time are of no use: the account's expired ones. */
export function deleteExpiredLauncherLoginsStatement(db: Db, accountId: number, now: number) {
  return db.q.deleteFrom('launcher_logins').where('account_id', '=', accountId).where('expires_at', '<=', now);
}

export function insertLauncherLoginStatement(
  db: Db,
  row: {
    login_id: string;
    ticket_hash: string;
    account_id: number;
    device_id: string;
    account_type: 'EMAIL' | 'TPA';
    created_at: number;
    expires_at: number;
  },
) {
  return db.q.insertInto('launcher_logins').values(row);
}

export function insertAuthTokenStatement(
  db: Db,
  row: {
    token_hash: string;
    account_id: number;
    purpose: string;
    data: string;
    expires_at: number;
    created_at: number;
  },
) {
  return db.q.insertInto('verification_tokens').values(row);
}

// ---- third-party app requests and login/sso codes (./browser-hand-off.ts)

export async function insertTpaAppRequest(
  db: Db,
  row: {
    id_hash: string;
    poll_hash: string;
    device_id: string;
    client_id: string;
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db.run(db.q.insertInto('tpa_app_requests').values(row));
}

/** Hands a third-party session to an open request: true for exactly one caller. */
export async function approveTpaAppRequestRow(
  db: Db,
  idHash: string,
  tpaTokenHash: string,
  now: number,
): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('tpa_app_requests')
      .set({ tpa_token_hash: tpaTokenHash, approved_at: now })
      .where('id_hash', '=', idHash)
      .where('approved_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id_hash'),
  );
  return row !== undefined;
}

export interface TpaAppRequestKey {
  idHash: string;
  pollHash: string;
  deviceId: string;
}

/** Takes an approved request over, once: its third-party session's token hash, or null. */
export async function redeemTpaAppRequest(db: Db, key: TpaAppRequestKey, now: number): Promise<string | null> {
  const taken = await db.first(
    db.q
      .updateTable('tpa_app_requests')
      .set({ redeemed_at: now })
      .where('id_hash', '=', key.idHash)
      .where('poll_hash', '=', key.pollHash)
      .where('device_id', '=', key.deviceId)
      .where('approved_at', 'is not', null)
      .where('redeemed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('tpa_token_hash'),
  );
  return taken?.tpa_token_hash ?? null;
}

/** True while the request is open and not approved yet. */
export async function tpaAppRequestWaiting(db: Db, key: TpaAppRequestKey, now: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .selectFrom('tpa_app_requests')
      .select('id_hash')
      .where('id_hash', '=', key.idHash)
      .where('poll_hash', '=', key.pollHash)
      .where('device_id', '=', key.deviceId)
      .where('approved_at', 'is', null)
      .where('expires_at', '>', now),
  );
  return row !== undefined;
}

/** Gives a live third-party session a new token hash; true when it was live. */
export async function rekeyTpaSessionRow(db: Db, tokenHash: string, newHash: string, now: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .updateTable('tpa_sessions')
      .set({ token_hash: newHash })
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning('token_hash'),
  );
  return row !== undefined;
}

export function insertSsoCodeStatement(
  db: Db,
  row: { code_hash: string; account_id: number; device_id: string; created_at: number; expires_at: number },
) {
  return db.q.insertInto('sso_codes').values(row);
}

/** Uses a login/sso code: its account for exactly one caller, null when unknown, expired or used. */
export async function useSsoCodeRow(db: Db, codeHash: string, now: number): Promise<number | null> {
  const row = await db.first(
    db.q
      .updateTable('sso_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id'),
  );
  return row?.account_id ?? null;
}

// ---- with every session of the account (server/sessions/end-sessions.ts, server/settings/security-routes.ts)

/** With every session of the account: all its launcher tokens go too. */
export function revokeAccountLauncherTokensStatement(db: Db, accountId: number) {
  return db.q.deleteFrom('launcher_tokens').where('account_id', '=', accountId);
}

/** With every session of the account: its unused login/sso codes go too. */
export function deleteAccountSsoCodesStatement(db: Db, accountId: number) {
  return db.q.deleteFrom('sso_codes').where('account_id', '=', accountId);
}
