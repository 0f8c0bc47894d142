/**
 * The launcher's autologin token (docs/launcher.md "Autologin token"): 256 random bits in its own `__Host-`
 * cookie (HttpOnly, Secure, SameSite=Lax), stored as its SHA-256 only, bound to the launcher's device_id,
 * good for one silent login within LAUNCHER_TOKEN_TTL_MS.
 *
 * - issued by the launcher login completion when the player asked to stay signed in (autoLogin);
 * - consumed (single use) by the silent login, atomically with one conditional UPDATE … RETURNING, so two
 *   parallel silent logins with one token cannot both pass; the completion that follows issues the next one;
 * - a consumed token presented again means someone kept a copy: every token of the account on that device is
 *   revoked and the attempt audited;
 * - revoked by logout on the device, and with every session (server/sessions/end-sessions.ts).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../core/http/app-env';
import { digest, newToken } from '../core/security/tokens';

export const LAUNCHER_TOKEN_COOKIE = '__Host-lf_launcher';
const DAY = 24 * 60 * 60 * 1000;
/** As long as a remember-me session may live at most (server/core/security/sessions.ts). */
export const LAUNCHER_TOKEN_TTL_MS = 30 * DAY;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const COOKIE = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' } as const;

type Ctx = Context<AppEnv>;

/** The SHA-256 of the request's launcher token, or null without a well-formed one. */
export async function launcherTokenHash(c: Ctx): Promise<string | null> {
  const token = getCookie(c, LAUNCHER_TOKEN_COOKIE);
  return token === undefined || !TOKEN_SHAPE.test(token) ? null : digest(token);
}

export function clearLauncherCookie(c: Ctx): void {
  deleteCookie(c, LAUNCHER_TOKEN_COOKIE, COOKIE);
}

/** Issues a token for the account on the device; the request's previous token (if any) is revoked with it. */
export async function issueLauncherToken(c: Ctx, accountId: number, deviceId: string): Promise<void> {
  const db = c.env.DB;
  const now = c.var.clock.now();
  const token = newToken();
  const previous = await launcherTokenHash(c);
  const statements = [
    db
      .prepare(
        `INSERT INTO launcher_tokens (token_hash, account_id, device_id, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5)`,
      )
      .bind(await digest(token), accountId, deviceId, now, now + LAUNCHER_TOKEN_TTL_MS),
  ];
  if (previous !== null)
    statements.push(
      db
        .prepare('UPDATE launcher_tokens SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL')
        .bind(previous, now),
    );
  await db.batch(statements);
  setCookie(c, LAUNCHER_TOKEN_COOKIE, token, { ...COOKIE, maxAge: Math.floor(LAUNCHER_TOKEN_TTL_MS / 1000) });
}

export type Consumed = { kind: 'ok'; accountId: number } | { kind: 'refused'; reused: boolean };

/**
 * Uses the request's token for a silent login on `deviceId`: one conditional UPDATE marks it consumed and
 * answers its account only when it is unused, unrevoked, unexpired and bound to this device.
 */
export async function consumeLauncherToken(c: Ctx, deviceId: string): Promise<Consumed> {
  const hash = await launcherTokenHash(c);
  if (hash === null) return { kind: 'refused', reused: false };
  const db = c.env.DB;
  const now = c.var.clock.now();
  const row = await db
    .prepare(
      `UPDATE launcher_tokens SET consumed_at = ?3
       WHERE token_hash = ?1 AND device_id = ?2 AND consumed_at IS NULL AND revoked_at IS NULL AND expires_at > ?3
       RETURNING account_id`,
    )
    .bind(hash, deviceId, now)
    .first<{ account_id: number }>();
  if (row) return { kind: 'ok', accountId: row.account_id };
  // A consumed (not revoked) token again: revoke the whole device's tokens for that account.
  const reused = await db
    .prepare(
      `UPDATE launcher_tokens SET revoked_at = ?2
       WHERE revoked_at IS NULL AND (account_id, device_id) IN
         (SELECT account_id, device_id FROM launcher_tokens WHERE token_hash = ?1 AND consumed_at IS NOT NULL)
       RETURNING account_id`,
    )
    .bind(hash, now)
    .all<{ account_id: number }>();
  return { kind: 'refused', reused: reused.results.length > 0 };
}

/** Logout: the request's token is revoked and its cookie cleared. */
export async function revokeRequestLauncherToken(c: Ctx): Promise<void> {
  const hash = await launcherTokenHash(c);
  if (hash !== null)
    await c.env.DB.prepare('UPDATE launcher_tokens SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL')
      .bind(hash, c.var.clock.now())
      .run();
  if (getCookie(c, LAUNCHER_TOKEN_COOKIE) !== undefined) clearLauncherCookie(c);
}

/** With every session of the account (server/sessions/end-sessions.ts): all its launcher tokens go too. */
export function revokeAccountLauncherTokensStatement(db: D1Database, accountId: number): D1PreparedStatement {
  return db.prepare('DELETE FROM launcher_tokens WHERE account_id = ?1').bind(accountId);
}
