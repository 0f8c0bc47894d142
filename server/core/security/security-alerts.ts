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
import { countAccountEvents } from '../data/audit';
import { hasAnyKnownDevice } from '../data/known-devices';
import type { AccountRow } from '../data/rows';
import { insertVerificationToken } from '../data/verification-tokens';
import type { Db } from '../db/engine';
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
export async function createNotMeToken(db: Db, accountId: number, now: number): Promise<string> {
  const token = newToken();
  const tokenHash = await digest(token);
  await insertVerificationToken(
    db,
    { tokenHash, accountId, purpose: NOT_ME_PURPOSE, expiresAt: now + NOT_ME_TTL_MS },
    now,
  );
  return token;
}

async function alert(c: Ctx, account: AccountRow, kind: AlertKind): Promise<void> {
  if (!account.security_alerts) return;
  const token = await createNotMeToken(c.var.db, account.id, c.var.clock.now());
  await sendSecurityAlert(c, account, kind, token);
}

/**
 * Called by startSession before a full sign-in is stored: when this browser
 * is new to the account, returns what sends the alert once the sign-in is
 * committed; otherwise null.
 */
export async function newDeviceAlert(c: Ctx, accountId: number, now: number): Promise<(() => Promise<void>) | null> {
  const db = c.var.db;
  const secret = await deviceSecretHash(c);
  if (await isKnownDevice(db, accountId, secret, now)) return null;
  if (!(await hasAnyKnownDevice(db, accountId))) return null;
  return async () => {
    const account = await findAccountById(c.var.db, accountId);
    if (account !== null) await alert(c, account, { kind: 'new-device' });
  };
}

/**
 * After a wrong second-step answer was recorded (audit `mfa.login.failed`):
 * the alert goes out when this answer is the threshold-th in the window.
 */
export async function failedSecondStepAlert(c: Ctx, account: AccountRow, now: number): Promise<void> {
  const n = await countAccountEvents(c.var.db, account.id, 'mfa.login.failed', now - FAILED_STEP_WINDOW_MS);
  if (n === FAILED_STEP_THRESHOLD) await alert(c, account, { kind: 'failed-second-step', count: n });
}
