/** Session rows. Only the SHA-256 of a session token is ever stored or looked up. */
import { parseRow, sessionRow, type SessionRow } from './rows';

export interface NewSession {
  tokenHash: string;
  accountId: number;
  level: 'full' | 'mfa_pending';
  rememberMe: boolean;
  deviceId: string | null;
  ip: string | null;
  now: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  /** What it was signed in from (server/core/reference/request-origin.ts), for the devices-and-sessions list. */
  browser: string | null;
  os: string | null;
  deviceType: string;
  country: string | null;
}

export function insertSessionStatement(db: D1Database, s: NewSession): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO sessions (token_hash, account_id, level, remember_me, device_id, ip, created_at, last_seen_at,
         idle_expires_at, absolute_expires_at, browser, os, device_type, country)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    )
    .bind(
      s.tokenHash,
      s.accountId,
      s.level,
      s.rememberMe ? 1 : 0,
      s.deviceId,
      s.ip,
      s.now,
      s.idleExpiresAt,
      s.absoluteExpiresAt,
      s.browser,
      s.os,
      s.deviceType,
      s.country,
    );
}

export function deleteSessionStatement(db: D1Database, tokenHash: string): D1PreparedStatement {
  return db.prepare('DELETE FROM sessions WHERE token_hash = ?1').bind(tokenHash);
}

export async function findSession(db: D1Database, tokenHash: string): Promise<SessionRow | null> {
  const row = await db.prepare('SELECT * FROM sessions WHERE token_hash = ?1').bind(tokenHash).first();
  return parseRow(sessionRow, row);
}

export async function touchSession(db: D1Database, tokenHash: string, now: number, idleExpiresAt: number) {
  await db
    .prepare('UPDATE sessions SET last_seen_at = ?2, idle_expires_at = ?3 WHERE token_hash = ?1')
    .bind(tokenHash, now, idleExpiresAt)
    .run();
}

/** Ends every session of an account (password change, reset), optionally keeping one. */
export function deleteAccountSessionsStatement(
  db: D1Database,
  accountId: number,
  keepTokenHash: string | null,
): D1PreparedStatement {
  return db
    .prepare('DELETE FROM sessions WHERE account_id = ?1 AND token_hash IS NOT ?2')
    .bind(accountId, keepTokenHash);
}
