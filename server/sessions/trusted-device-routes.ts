/**
 * Trusted devices (spec §7): the sign-in second step that may remember the
 * device (PUT /no-auth/[unified/][tpa/]trusted-device/verify), the settings
 * list, rename, add, remove one, remove all, and the name suggestion.
 * A trusted device skips only the second factor of a sign-in in the browser
 * that holds its device secret (server/core/security/device-cookie.ts; never by
 * the deviceId a request names), and never the password.
 */
import type { Context, Hono } from 'hono';
import {
  addTrustedDevice,
  getTrustedDeviceNameSuggestion,
  listTrustedDevices,
  removeAllTrustedDevices,
  removeTrustedDevice,
  renameTrustedDevice,
  verifyTpaTrustedDevice,
  verifyTrustedDevice,
  type TrustedDevice,
} from '../../src/shared/contract/trusted-devices';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import {
  addTrustedDeviceStatement,
  deleteTrustedDevicesStatement,
  listTrustedDevices as listDevices,
  removeTrustedDevice as removeDevice,
  renameTrustedDevice as renameDevice,
  touchTrustedDeviceStatement,
  type TrustedDeviceRow,
} from '../core/data/trusted-devices';
import { visitorCountry } from '../core/reference/countries';
import { describeUserAgent } from '../core/reference/devices';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { noticeLocale, noticeTexts, sendSecurityNotice } from '../core/notices/send';
import { deviceWords } from '../core/notices/texts';
import { verifyFactor, type VerifyMethod } from '../mfa/second-factor';
import { ensureDeviceSecret } from '../core/security/device-cookie';
import { codeFactorAmr } from '../core/security/amr';
import { completeSecondFactor, type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { isRecentlyVerified, verificationRequired } from '../settings/verification';
import { assertSecondFactorStep } from '../signin/sign-in';
import { noPendingSignIn, signingInAccount } from '../signin/holder';

type Ctx = Context<AppEnv>;
const DAY = 24 * 60 * 60 * 1000;
const MAX_NAME = 128;

/** A suggested device name from the User-Agent, in the player's language: "Chrome on Windows". */
export function suggestDeviceName(c: Ctx, isLauncher: boolean): string {
  const t = noticeTexts(noticeLocale(c));
  const { browser, os } = describeUserAgent(c.req.header('User-Agent'));
  const app = isLauncher ? t.launcher : browser;
  return deviceWords(t, app, os).slice(0, MAX_NAME);
}

/** "Seoul, KR" from the edge's request data (the city only when it lies in the visitor country); null when unknown. */
function registrationLocation(c: Ctx): string | null {
  const cf = (c.req.raw as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
  const country = visitorCountry(c.req.raw, settingsOf(c.env).devTools);
  const city = typeof cf?.city === 'string' && cf.city.length > 0 ? cf.city.slice(0, 64) : null;
  if (city !== null && country !== null && cf?.country === country) return `${city}, ${country}`;
  return country;
}

/** Spec §5 "not a valid device name": control and format characters are refused (the schema trimmed it). */
function assertValidName(name: string): void {
  if (/\p{C}/u.test(name)) throw badInput('Device name contains control characters');
}

function toContract(row: TrustedDeviceRow, now: number): TrustedDevice {
  return {
    deviceId: row.device_id,
    name: row.name,
    type: row.type,
    addedAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
    location: row.location,
    expiresInDays: Math.max(0, Math.ceil((row.expires_at - now) / DAY)),
  };
}

function audit(c: Ctx, account: AccountRow, event: string, detail?: Record<string, string>) {
  return auditStatement(
    c.var.db,
    { accountId: account.id, event, ip: clientIp(c), ...(detail ? { detail } : {}) },
    c.var.clock.now(),
  );
}

interface SecondStep {
  session: Session | null;
  email?: string;
  deviceId: string;
  code: string;
  method: VerifyMethod;
  remember: boolean;
}

/**
 * The sign-in second step: only the holder of the pending sign-in of that
 * account (and device) may try; the code is checked (wrong codes count toward
 * the lock); with remember-me the device becomes trusted; then the pending
 * session is replaced by a full one under a new token. The login-complete
 * call finishes the sign-in as usual.
 */
async function verifySecondStep(c: Ctx, step: SecondStep): Promise<Record<string, never>> {
  const { session } = step;
  if (session?.level !== 'mfa_pending') throw noPendingSignIn();
  if (session.deviceId !== null && session.deviceId !== step.deviceId) throw noPendingSignIn();
  const account = await signingInAccount(c, session, step.email);
  // The sign-in must have reached this step: account allowed, healup and terms done (server/signin/sign-in.ts).
  await assertSecondFactorStep(c, session);
  const db = c.var.db;
  const now = c.var.clock.now();
  const name = suggestDeviceName(c, false);
  // Remembering binds the trust to this browser's device secret (issued now if it has none), not to deviceId.
  const secretHash = step.remember ? await ensureDeviceSecret(c) : null;
  const remembered =
    secretHash !== null
      ? [
          addTrustedDeviceStatement(
            db,
            {
              accountId: account.id,
              deviceId: step.deviceId,
              secretHash,
              name,
              type: describeUserAgent(c.req.header('User-Agent')).type,
              location: registrationLocation(c),
              signingIn: true,
            },
            now,
          ),
          touchTrustedDeviceStatement(db, account.id, secretHash, now),
          audit(c, account, 'trusted-device.added', { name }),
        ]
      : [];
  await verifyFactor(c, account, step.method, step.code, 'login', remembered);
  if (step.remember) await sendSecurityNotice(c, account.email, { key: 'deviceAdded', name });
  await completeSecondFactor(c, codeFactorAmr(step.method));
  return {};
}

export function trustedDeviceRoutes(app: Hono<AppEnv>): void {
  mount(app, verifyTrustedDevice, (c, { body, session }) =>
    verifySecondStep(c, {
      session,
      email: body.email,
      deviceId: body.deviceId,
      code: body.verificationCode,
      method: body.authType,
      remember: body.rememberMe,
    }),
  );

  mount(app, verifyTpaTrustedDevice, (c, { body, session }) =>
    verifySecondStep(c, {
      session,
      deviceId: body.deviceId,
      code: body.verificationCode,
      method: body.authType,
      remember: body.remember,
    }),
  );

  mount(app, getTrustedDeviceNameSuggestion, (c, { query }) =>
    Promise.resolve({ suggestion: suggestDeviceName(c, query.isLauncher) }),
  );

  mount(app, listTrustedDevices, async (c, { account }) => {
    const now = c.var.clock.now();
    const rows = await listDevices(c.var.db, account.id, now);
    return { trustedDevices: rows.map((r) => toContract(r, now)) };
  });

  mount(app, renameTrustedDevice, async (c, { body, account }) => {
    assertValidName(body.name);
    if (!(await renameDevice(c.var.db, account.id, body.deviceId, body.name, c.var.clock.now())))
      throw badInput('No such trusted device');
    await c.var.db.run(audit(c, account, 'trusted-device.renamed', { name: body.name }));
    return {};
  });

  /**
   * Remember-me after sign-in (spec §4 step 2): only this session's own device
   * (when the session knows it), and only while the sign-in or a settings
   * verification is fresh (403 20008 N=9 otherwise, verify first) — a stolen
   * older cookie cannot plant a device.
   */
  mount(app, addTrustedDevice, async (c, { body, session: s, account }) => {
    assertValidName(body.name);
    if (s.deviceId !== null && s.deviceId !== body.deviceId)
      throw new ApiError(403, '20038', 'Only the signed-in device can be trusted');
    const db = c.var.db;
    const now = c.var.clock.now();
    if (!(await isRecentlyVerified(db, s, 'trusted-device', now))) throw verificationRequired();
    const added = await db.run(
      addTrustedDeviceStatement(
        db,
        {
          accountId: account.id,
          deviceId: body.deviceId,
          secretHash: await ensureDeviceSecret(c),
          name: body.name,
          type: describeUserAgent(c.req.header('User-Agent')).type,
          location: registrationLocation(c),
          signingIn: false,
        },
        now,
      ),
    );
    if (added.rowsAffected !== 1) throw new ApiError(409, '20202', 'Device already trusted');
    await db.run(audit(c, account, 'trusted-device.added', { name: body.name }));
    await sendSecurityNotice(c, account.email, { key: 'deviceAdded', name: body.name });
    return {};
  });

  mount(app, removeTrustedDevice, async (c, { body, account }) => {
    const name = await removeDevice(c.var.db, account.id, body.deviceId, c.var.clock.now());
    if (name === null) throw badInput('No such trusted device');
    await c.var.db.run(audit(c, account, 'trusted-device.removed', { name }));
    await sendSecurityNotice(
      c,
      account.email,
      { key: 'deviceRemoved', name },
      { language: body.language, timeOffset: body.timeOffset },
    );
    return {};
  });

  mount(app, removeAllTrustedDevices, async (c, { body, account }) => {
    const db = c.var.db;
    const [removed] = await db.batch([
      deleteTrustedDevicesStatement(db, account.id),
      audit(c, account, 'trusted-device.reset-all'),
    ]);
    if (removed.rowsAffected > 0)
      await sendSecurityNotice(
        c,
        account.email,
        { key: 'devicesReset' },
        { language: body.language, timeOffset: body.timeOffset },
      );
    return {};
  });
}
