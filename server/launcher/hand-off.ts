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
  const db = c.env.DB;
  const now = c.var.clock.now();
  const loginId = newToken();
  const sessionTicket = newToken();
  await db.batch([
    // Hand-offs nobody redeemed in time are of no use: drop the account's expired ones on the way.
    db.prepare('DELETE FROM launcher_logins WHERE account_id = ?1 AND expires_at <= ?2').bind(accountId, now),
    db
      .prepare(
        `INSERT INTO launcher_logins (login_id, ticket_hash, account_id, device_id, account_type, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
      )
      .bind(loginId, await digest(sessionTicket), accountId, deviceId, accountType, now, now + LAUNCHER_LOGIN_TTL_MS),
    auditStatement(db, { accountId, event: 'launcher.login', ip: clientIp(c), detail: { accountType } }, now),
  ]);
  return { loginId, sessionTicket };
}

export async function createAuthToken(c: Ctx, accountId: number, deviceId: string): Promise<string> {
  const db = c.env.DB;
  const now = c.var.clock.now();
  const token = newToken();
  await db.batch([
    db
      .prepare(
        `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(
        await digest(token),
        accountId,
        AUTH_TOKEN_PURPOSE,
        JSON.stringify({ deviceId }),
        now + AUTH_TOKEN_TTL_MS,
        now,
      ),
    auditStatement(db, { accountId, event: 'launcher.auth-token', ip: clientIp(c) }, now),
  ]);
  return token;
}
