/**
 * DEV_TOOLS test hooks for the sign-in states (src/shared/contract/dev-signin.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import { devResetRateLimits, devSetAccountState, devTrustDevice } from '../../src/shared/contract/dev-signin';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { ensureDeviceSecret } from '../core/security/device-cookie';

const DAY = 24 * 60 * 60_000;

export function devSigninRoutes(app: Hono<AppEnv>): void {
  mount(app, devSetAccountState, async (c, { body }) => {
    const db = c.env.DB;
    const now = c.var.clock.now();
    if (!(await findAccountById(db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    // Column names are fixed here; only values travel as parameters.
    const sets: [string, string | number | null][] = [];
    const flag = (v: boolean) => (v ? 1 : 0);
    if (body.banReason !== undefined) sets.push(['ban_reason', body.banReason]);
    if (body.reactivationRequired !== undefined) sets.push(['reactivation_required', flag(body.reactivationRequired)]);
    if (body.passwordResetRequired !== undefined)
      sets.push(['password_reset_required', flag(body.passwordResetRequired)]);
    if (body.termsAccepted !== undefined) sets.push(['terms_accepted_at', body.termsAccepted ? now : null]);
    if (body.countryCode !== undefined) sets.push(['country_code', body.countryCode]);
    if (body.birth !== undefined) {
      sets.push(['birth_year', body.birth?.year ?? null]);
      sets.push(['birth_month', body.birth?.month ?? null]);
    }
    if (body.smsMfaEnabled !== undefined) sets.push(['sms_mfa_enabled', flag(body.smsMfaEnabled)]);
    if (body.phoneNo !== undefined) sets.push(['phone_no', body.phoneNo]);
    if (body.emailVerified !== undefined) sets.push(['email_verified', flag(body.emailVerified)]);
    if (body.status !== undefined) sets.push(['status', body.status]);
    if (body.hasPassword !== undefined) sets.push(['has_password', flag(body.hasPassword)]);
    if (body.accountMembershipNo !== undefined) sets.push(['membership_no', body.accountMembershipNo]);
    if (body.isMinor !== undefined) sets.push(['is_minor', flag(body.isMinor)]);
    if (sets.length === 0) throw badInput('Nothing to set');
    const assignments = sets.map(([column], i) => `${column} = ?${String(i + 2)}`).join(', ');
    await db
      .prepare(`UPDATE accounts SET ${assignments}, updated_at = ?${String(sets.length + 2)} WHERE id = ?1`)
      .bind(body.accountId, ...sets.map(([, value]) => value), now)
      .run();
    return {};
  });

  mount(app, devTrustDevice, async (c, { body }) => {
    const db = c.env.DB;
    const now = c.var.clock.now();
    if (!(await findAccountById(db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    // Trust is bound to the calling browser's device secret (issued now when it has none), as a real trust is.
    const secretHash = await ensureDeviceSecret(c);
    await db
      .prepare(
        `INSERT INTO trusted_devices (account_id, device_id, name, created_at, expires_at, secret_hash)
         VALUES (?1, ?2, 'Test device', ?3, ?4, ?5)
         ON CONFLICT (account_id, device_id) DO UPDATE SET expires_at = ?4, secret_hash = ?5`,
      )
      .bind(body.accountId, body.deviceId, now, now + (body.days ?? 30) * DAY, secretHash)
      .run();
    return {};
  });

  mount(app, devResetRateLimits, async (c) => {
    await c.env.DB.prepare('DELETE FROM rate_limits').run();
    return {};
  });
}
