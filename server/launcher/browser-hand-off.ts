/**
 * The launcher's hand-offs with the system browser (docs/launcher.md): the third-party sign-in's app request and
 * the login/sso code. Every secret is 256 random bits, stored as its SHA-256 only, and used once through one
 * conditional UPDATE … RETURNING, so two parallel uses cannot both pass.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../core/http/app-env';
import { digest, newToken } from '../core/security/tokens';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
/** As long as the provider flow it waits for (server/social/data.ts FLOW_TTL_MS). */
export const TPA_APP_TTL_MS = 10 * MINUTE;
export const SSO_CODE_TTL_MS = MINUTE;

/** Opens a third-party sign-in request for the launcher on `deviceId`; answers its id and the poll token. */
export async function createTpaAppRequest(c: Ctx, deviceId: string, clientId: string) {
  const now = c.var.clock.now();
  const requestId = newToken();
  const pollToken = newToken();
  await c.env.DB.prepare(
    `INSERT INTO tpa_app_requests (id_hash, poll_hash, device_id, client_id, created_at, expires_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
  )
    .bind(await digest(requestId), await digest(pollToken), deviceId, clientId, now, now + TPA_APP_TTL_MS)
    .run();
  return { requestId, pollToken, expiresIn: Math.floor(TPA_APP_TTL_MS / 1000) };
}

/** The browser hands its third-party session (by its token hash) to an open request: true for one caller. */
export async function approveTpaAppRequest(c: Ctx, requestId: string, tpaTokenHash: string): Promise<boolean> {
  const now = c.var.clock.now();
  const row = await c.env.DB.prepare(
    `UPDATE tpa_app_requests SET tpa_token_hash = ?2, approved_at = ?3
     WHERE id_hash = ?1 AND approved_at IS NULL AND expires_at > ?3 RETURNING id_hash`,
  )
    .bind(await digest(requestId), tpaTokenHash, now)
    .first();
  return row !== null;
}

export type TpaAppTaken =
  | { kind: 'pending' }
  | { kind: 'taken'; tpaTokenHash: string }
  /** Unknown, expired, already taken, another poll token or another device: all alike. */
  | { kind: 'gone' };

/** The launcher takes an approved request over (once); a request not approved yet is pending. */
export async function takeTpaAppRequest(
  c: Ctx,
  requestId: string,
  pollToken: string,
  deviceId: string,
): Promise<TpaAppTaken> {
  const db = c.env.DB;
  const now = c.var.clock.now();
  const idHash = await digest(requestId);
  const pollHash = await digest(pollToken);
  const taken = await db
    .prepare(
      `UPDATE tpa_app_requests SET redeemed_at = ?4
       WHERE id_hash = ?1 AND poll_hash = ?2 AND device_id = ?3 AND approved_at IS NOT NULL
         AND redeemed_at IS NULL AND expires_at > ?4
       RETURNING tpa_token_hash`,
    )
    .bind(idHash, pollHash, deviceId, now)
    .first<{ tpa_token_hash: string | null }>();
  if (taken?.tpa_token_hash) return { kind: 'taken', tpaTokenHash: taken.tpa_token_hash };
  const waiting = await db
    .prepare(
      `SELECT 1 AS open FROM tpa_app_requests
       WHERE id_hash = ?1 AND poll_hash = ?2 AND device_id = ?3 AND approved_at IS NULL AND expires_at > ?4`,
    )
    .bind(idHash, pollHash, deviceId, now)
    .first();
  return waiting === null ? { kind: 'gone' } : { kind: 'pending' };
}

/** Gives the third-party session a new token (the launcher's): the browser's copy stops working. */
export async function rekeyTpaSession(c: Ctx, tokenHash: string): Promise<string | null> {
  const token = newToken();
  const row = await c.env.DB.prepare(
    'UPDATE tpa_sessions SET token_hash = ?2 WHERE token_hash = ?1 AND expires_at > ?3 RETURNING token_hash',
  )
    .bind(tokenHash, await digest(token), c.var.clock.now())
    .first();
  return row === null ? null : token;
}

/** A login/sso code for the account (60 seconds, once). */
export async function issueSsoCode(c: Ctx, accountId: number, deviceId: string) {
  const now = c.var.clock.now();
  const code = newToken();
  const insert = c.env.DB.prepare(
    `INSERT INTO sso_codes (code_hash, account_id, device_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)`,
  ).bind(await digest(code), accountId, deviceId, now, now + SSO_CODE_TTL_MS);
  return { code, insert, expiresIn: Math.floor(SSO_CODE_TTL_MS / 1000) };
}

/** Uses a login/sso code: its account for exactly one caller, null when unknown, expired or used. */
export async function useSsoCode(c: Ctx, code: string): Promise<number | null> {
  const now = c.var.clock.now();
  const row = await c.env.DB.prepare(
    `UPDATE sso_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL AND expires_at > ?2
     RETURNING account_id`,
  )
    .bind(await digest(code), now)
    .first<{ account_id: number }>();
  return row?.account_id ?? null;
}

/** With every session of the account (server/sessions/end-sessions.ts): its unused codes go too. */
export function deleteAccountSsoCodesStatement(db: D1Database, accountId: number): D1PreparedStatement {
  return db.prepare('DELETE FROM sso_codes WHERE account_id = ?1').bind(accountId);
}
