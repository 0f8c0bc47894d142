/**
 * The launcher hand-off (spec §4 step 8, docs/launcher.md): what the portal gives the host launcher once the
 * player is signed in. The login completion creates a `login_id` and a secret session ticket (the host
 * redeems them with the game back end, once, within LAUNCHER_LOGIN_TTL_MS); launchers below 1.7.0 also ask
 * for an auth token. Only the tickets' and tokens' SHA-256 are stored.
 */
import type { Context } from 'hono';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import { digest, newToken } from '../core/security/tokens';
import { deleteExpiredLauncherLoginsStatement, insertAuthTokenStatement, insertLauncherLoginStatement } from './data';

export const LAUNCHER_LOGIN_TTL_MS = 5 * 60_000;
export const AUTH_TOKEN_TTL_MS = 5 * 60_000;
export const AUTH_TOKEN_PURPOSE = 'launcher.auth-token';

type Ctx = Context<AppEnv>;

export async function createLauncherLogin(
  c: Ctx,
  accountId: number,
  deviceId: string,
  accountType: 'EMAIL' | 'TPA',
): Promise<{ loginId: string; sessionTicket: string }> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const loginId = newToken();
  const sessionTicket = newToken();
  await db.batch([
    // Hand-offs nobody redeemed in time are of no use: drop the account's expired ones on the way.
    deleteExpiredLauncherLoginsStatement(db, accountId, now),
    insertLauncherLoginStatement(db, {
      login_id: loginId,
      ticket_hash: await digest(sessionTicket),
      account_id: accountId,
      device_id: deviceId,
      account_type: accountType,
      created_at: now,
      expires_at: now + LAUNCHER_LOGIN_TTL_MS,
    }),
    auditStatement(db, { accountId, event: 'launcher.login', ip: clientIp(c), detail: { accountType } }, now),
  ]);
  return { loginId, sessionTicket };
}

export async function createAuthToken(c: Ctx, accountId: number, deviceId: string): Promise<string> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const token = newToken();
  await db.batch([
    insertAuthTokenStatement(db, {
      token_hash: await digest(token),
      account_id: accountId,
      purpose: AUTH_TOKEN_PURPOSE,
      data: JSON.stringify({ deviceId }),
      expires_at: now + AUTH_TOKEN_TTL_MS,
      created_at: now,
    }),
    auditStatement(db, { accountId, event: 'launcher.auth-token', ip: clientIp(c) }, now),
  ]);
  return token;
}
