/** Session rows. Only the SHA-256 of a session token is ever stored or looked up. */
import type { Db } from '../db/engine';
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
  /** How it was signed in (server/core/security/amr.ts), as stored. */
  amr: string;
}

export function insertSessionStatement(db: Db, s: NewSession) {
  return db.q.insertInto('sessions').values({
    token_hash: s.tokenHash,
    account_id: s.accountId,
    level: s.level,
    remember_me: s.rememberMe ? 1 : 0,
    device_id: s.deviceId,
    ip: s.ip,
    created_at: s.now,
    last_seen_at: s.now,
    idle_expires_at: s.idleExpiresAt,
    absolute_expires_at: s.absoluteExpiresAt,
    browser: s.browser,
    os: s.os,
    device_type: s.deviceType,
    country: s.country,
    amr: s.amr,
  });
}

/** A second factor verified later in the session (settings verification): the session's amr as it is now. */
export function setSessionAmrStatement(db: Db, tokenHash: string, amr: string) {
  return db.q.updateTable('sessions').set({ amr }).where('token_hash', '=', tokenHash);
}

export function deleteSessionStatement(db: Db, tokenHash: string) {
  return db.q.deleteFrom('sessions').where('token_hash', '=', tokenHash);
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const row = await db.first(db.q.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash));
  return parseRow(sessionRow, row ?? null);
}

export async function touchSession(db: Db, tokenHash: string, now: number, idleExpiresAt: number) {
  await db.run(
    db.q
      .updateTable('sessions')
      .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
      .where('token_hash', '=', tokenHash),
  );
}

/** Ends every session of an account (password change, reset), optionally keeping one. */
export function deleteAccountSessionsStatement(db: Db, accountId: number, keepTokenHash: string | null) {
  const all = db.q.deleteFrom('sessions').where('account_id', '=', accountId);
  return keepTokenHash === null ? all : all.where('token_hash', '!=', keepTokenHash);
}
