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
import { banEvent } from '../events/data';
import { ensureDeviceSecret } from '../core/security/device-cookie';
import { resetRateLimits, setAccountState, trustDevice, type AccountStateChanges } from './data';

const DAY = 24 * 60 * 60_000;

export function devSigninRoutes(app: Hono<AppEnv>): void {
  mount(app, devSetAccountState, async (c, { body }) => {
    const now = c.var.clock.now();
    if (!(await findAccountById(c.var.db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
    const changes: AccountStateChanges = {
      ban_reason: body.banReason,
      reactivation_required: flag(body.reactivationRequired),
      password_reset_required: flag(body.passwordResetRequired),
      terms_accepted_at: body.termsAccepted === undefined ? undefined : body.termsAccepted ? now : null,
      country_code: body.countryCode,
      ...(body.birth === undefined
        ? {}
        : { birth_year: body.birth?.year ?? null, birth_month: body.birth?.month ?? null }),
      sms_mfa_enabled: flag(body.smsMfaEnabled),
      phone_no: body.phoneNo,
      email_verified: flag(body.emailVerified),
      status: body.status,
      has_password: flag(body.hasPassword),
      membership_no: body.accountMembershipNo,
      is_minor: flag(body.isMinor),
    };
    // Only what the body names is set (an absent field is undefined: the builder leaves its column alone).
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as AccountStateChanges;
    if (Object.keys(set).length === 0) throw badInput('Nothing to set');
    // A ban set or lifted here is a real one for the game back ends: the same event as the staff console's.
    const ban = body.banReason === undefined ? [] : banEvent(c.var.db, body.accountId, body.banReason, now);
    await setAccountState(c.var.db, body.accountId, set, now, ban);
    return {};
  });

  mount(app, devTrustDevice, async (c, { body }) => {
    const now = c.var.clock.now();
    if (!(await findAccountById(c.var.db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    // Trust is bound to the calling browser's device secret (issued now when it has none), as a real trust is.
    const secretHash = await ensureDeviceSecret(c);
    await trustDevice(
      c.var.db,
      { accountId: body.accountId, deviceId: body.deviceId, secretHash, expiresAt: now + (body.days ?? 30) * DAY },
      now,
    );
    return {};
  });

  mount(app, devResetRateLimits, async (c) => {
    await resetRateLimits(c.var.db);
    return {};
  });
}
