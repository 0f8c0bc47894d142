/**
 * Security alerts (issue 18; docs/passkeys.md "Security alerts"):
 *
 * - **New device.** A full sign-in from a browser that has not signed in to
 *   the account before (no known_devices row for its device secret, or no
 *   device secret at all) emails the account holder. Not for the account's
 *   first browser ever (the one that created it, or the first after the
 *   device table existed): there is nothing to compare it with.
 * - **Failed second steps.** The third wrong second-factor answer of a
 *   sign-in within 15 minutes (someone has the password) emails the holder.
 *
 * Both carry a "this wasn't me" link: a single-use token (SHA-256 stored in
 * verification_tokens, purpose `not-me`, 7 days) that signs out every
 * session and sets a new password (server/settings/security-alert-routes.ts). Both
 * respect the player's choice (accounts.security_alerts); notices of account
 * changes do not depend on it.
 */
import type { Context } from 'hono';
import { findAccountById } from '../data/accounts';
import type { AccountRow } from '../data/rows';
import type { AppEnv } from '../http/app-env';
import { sendSecurityAlert, type AlertKind } from '../notices/security-notices';
import { deviceSecretHash, isKnownDevice } from './device-cookie';
import { digest, newToken } from './tokens';

type Ctx = Context<AppEnv>;

export const NOT_ME_PURPOSE = 'not-me';
export const NOT_ME_TTL_MS = 7 * 24 * 60 * 60_000;
/** Wrong second-step answers within the window that raise the alert (once, at exactly this count). */
export const FAILED_STEP_THRESHOLD = 3;
export const FAILED_STEP_WINDOW_MS = 15 * 60_000;

/** Stores a "this wasn't me" token for the account and returns it (for the email's link). */
export async function createNotMeToken(db: D1Database, accountId: number, now: number): Promise<string> {
  const token = newToken();
  await db
    .prepare(
      `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, created_at)
       VALUES (?1, ?2, ?3, '{}', ?4, ?5)`,
    )
    .bind(await digest(token), accountId, NOT_ME_PURPOSE, now + NOT_ME_TTL_MS, now)
    .run();
  return token;
}

async function alert(c: Ctx, account: AccountRow, kind: AlertKind): Promise<void> {
  if (!account.security_alerts) return;
  const token = await createNotMeToken(c.env.DB, account.id, c.var.clock.now());
  await sendSecurityAlert(c, account, kind, token);
}

/**
 * Called by startSession before a full sign-in is stored: when this browser
 * is new to the account, returns what sends the alert once the sign-in is
 * committed; otherwise null.
 */
export async function newDeviceAlert(c: Ctx, accountId: number, now: number): Promise<(() => Promise<void>) | null> {
  const db = c.env.DB;
  const secret = await deviceSecretHash(c);
  if (await isKnownDevice(db, accountId, secret, now)) return null;
  const seen = await db
    .prepare('SELECT 1 AS hit FROM known_devices WHERE account_id = ?1 LIMIT 1')
    .bind(accountId)
    .first<{ hit: number }>();
  if (seen === null) return null;
  return async () => {
    const account = await findAccountById(db, accountId);
    if (account !== null) await alert(c, account, { kind: 'new-device' });
  };
}

/**
 * After a wrong second-step answer was recorded (audit `mfa.login.failed`):
 * the alert goes out when this answer is the threshold-th in the window.
 */
export async function failedSecondStepAlert(c: Ctx, account: AccountRow, now: number): Promise<void> {
  const row = await c.env.DB.prepare(
    `SELECT COUNT(*) AS n FROM audit_log WHERE account_id = ?1 AND event = 'mfa.login.failed' AND created_at > ?2`,
  )
    .bind(account.id, now - FAILED_STEP_WINDOW_MS)
    .first<{ n: number }>();
  if (row?.n === FAILED_STEP_THRESHOLD) await alert(c, account, { kind: 'failed-second-step', count: row.n });
}
