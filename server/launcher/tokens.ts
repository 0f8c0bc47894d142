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
import {
  consumeLauncherTokenRow,
  insertLauncherTokenStatement,
  revokeDeviceTokensOfReused,
  revokeLauncherToken,
  revokeLauncherTokenStatement,
} from './data';

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
  const db = c.var.db;
  const now = c.var.clock.now();
  const token = newToken();
  const previous = await launcherTokenHash(c);
  const insert = insertLauncherTokenStatement(db, {
    token_hash: await digest(token),
    account_id: accountId,
    device_id: deviceId,
    created_at: now,
    expires_at: now + LAUNCHER_TOKEN_TTL_MS,
  });
  await db.batch(previous === null ? [insert] : [insert, revokeLauncherTokenStatement(db, previous, now)]);
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
  const db = c.var.db;
  const now = c.var.clock.now();
  const accountId = await consumeLauncherTokenRow(db, hash, deviceId, now);
  if (accountId !== null) return { kind: 'ok', accountId };
  // A consumed (not revoked) token again: revoke the whole device's tokens for that account.
  return { kind: 'refused', reused: await revokeDeviceTokensOfReused(db, hash, now) };
}

/** Logout: the request's token is revoked and its cookie cleared. */
export async function revokeRequestLauncherToken(c: Ctx): Promise<void> {
  const hash = await launcherTokenHash(c);
  if (hash !== null) await revokeLauncherToken(c.var.db, hash, c.var.clock.now());
  if (getCookie(c, LAUNCHER_TOKEN_COOKIE) !== undefined) clearLauncherCookie(c);
}

/** With every session of the account (server/sessions/end-sessions.ts): all its launcher tokens go too. */
export { revokeAccountLauncherTokensStatement } from './data';
