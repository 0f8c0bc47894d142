/**
 * The steps of a sign-in after the password, and the sessions they lead to.
 *
 *   password ─► account state ─► healup ─► terms ─► second factor ─► signed in
 *               20100 20226      20045     20255    20008 (N=9)
 *               20102 20037                20256 (a minor in a family: the parent's code, issue 14)
 *
 * Account state refuses outright, and only after a right password (no one
 * learns an account is blocked without its password). Each later step
 * pauses the sign-in: the browser gets a new `mfa_pending` session (sign-in
 * half done: the password was right) and the error code that sends the
 * portal to the step's screen. The step's call (healup, terms consent, the
 * second factor's verify) needs that pending session, and then login
 * complete re-evaluates every step from the account's stored state and
 * issues the full session only when none is left. So:
 *
 * - nothing after the password step can be reached without the password
 *   (every step call needs the pending session the password step created);
 * - consent and healup never change the session level: the only ways to a
 *   full session are this module with no step left, and the second factor's
 *   `completeSecondFactor` (issue 6), which must call
 *   `assertSecondFactorStep` first, and comes last, so no step is open then;
 * - login complete without the second factor answers 20008 again.
 */
import type { Amr } from '../core/security/amr';
import type { Context } from 'hono';
import type { LoginResponse } from '../../src/shared/contract/common';
import type { ErrorCode } from '../../src/shared/errors/codes';
import { CHILD_PAUSED_MESSAGE } from '../../src/shared/errors/payloads';
import {
  formatHealupItems,
  formatMissingVerificationCode,
  VERIFICATION_KIND,
  type HealupItem,
} from '../../src/shared/errors/payloads';
import { requestOrigin } from '../core/reference/request-origin';
import { termsOutstanding } from '../core/reference/terms';
import { findAccountById } from '../core/data/accounts';
import { CHILD_STATUS } from '../parental/data';
import { auditStatement } from '../core/data/audit';
import { markSecondFactorDone, secondFactorDone } from '../passkeys/data';
import type { AccountRow } from '../core/data/rows';
import { hasSecondFactor } from '../mfa/data';
import { isTrustedDevice, touchTrustedDeviceStatement } from '../core/data/trusted-devices';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, LOGIN_REQUIRED } from '../core/http/errors';
import { assertNotPendingDeletion } from '../settings/account-deletion';
import { deviceSecretHash } from '../core/security/device-cookie';
import { endSession, startSession, type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { hashUserNumbers } from '../core/security/user-hash';
import { consentingParent, sendCodeToParent } from '../parental/parent-codes';
import { assertLegacyMigrated } from '../legacy/gate';
import type { Db, Query } from '../core/db/engine';
import type { PasswordSuccess } from './authenticate';

type Ctx = Context<AppEnv>;

/**
 * Spec §8 account states, from the data. Reactivation answers 20102 where
 * the portal logs the player out or starts over (the password step, the
 * account read) and 20036 when a sign-in in progress meets it (silent
 * login, login complete, the step calls).
 */
export function accountStateError(account: AccountRow, reactivation: '20102' | '20036' = '20102'): ApiError | null {
  // 20100: the message is the reason code alone (readBanReason on the client).
  if (account.ban_reason !== null) return new ApiError(403, '20100', account.ban_reason);
  // A child its parent paused (status 0) says so in the message; the portal words it apart from the suspension.
  if (account.status === CHILD_STATUS.deactivated) return new ApiError(403, '20226', CHILD_PAUSED_MESSAGE);
  if (account.status !== 1)
    return new ApiError(403, '20226', 'Account suspended; a parent or guardian must reactivate it');
  if (account.reactivation_required) return new ApiError(403, reactivation, 'Account inactive; reactivation required');
  if (account.password_reset_required) return new ApiError(403, '20037', 'Password reset required');
  return null;
}

/** Spec §8 20045: the details a sign-in needs that the account lacks. */
export function healupItems(account: AccountRow): HealupItem[] {
  const items: HealupItem[] = [];
  if (account.country_code === null) items.push('country');
  if (account.birth_year === null || account.birth_month === null) items.push('birthday');
  return items;
}

export type SignInStep =
  | { kind: 'healup'; items: HealupItem[] }
  | { kind: 'terms' }
  | { kind: 'parent-terms' }
  | { kind: 'second-factor' }
  | { kind: 'done' };

/** The first step left, from the stored state. `secondFactorDone`: the session already passed it. */
export async function nextStep(
  db: Db,
  account: AccountRow,
  deviceSecret: string | null,
  now: number,
  secondFactorDone: boolean,
): Promise<SignInStep> {
  const items = healupItems(account);
  if (items.length > 0) return { kind: 'healup', items };
  if (termsOutstanding(account.terms_accepted_at))
    return (await consentingParent(db, account, now)) === null ? { kind: 'terms' } : { kind: 'parent-terms' };
  if (secondFactorDone || !hasSecondFactor(account)) return { kind: 'done' };
  // A trusted device (by the device secret its cookie carries, never a deviceId from the request) skips the
  // second factor only: the password was checked already.
  if (await isTrustedDevice(db, account.id, deviceSecret, now)) return { kind: 'done' };
  return { kind: 'second-factor' };
}

const PAUSE: Record<Exclude<SignInStep['kind'], 'done'>, { status: 401 | 403; code: ErrorCode }> = {
  healup: { status: 403, code: '20045' },
  terms: { status: 403, code: '20255' },
  'parent-terms': { status: 403, code: '20256' },
  'second-factor': { status: 401, code: '20008' },
};

/** Whether `error` is a step's pause (the pending session was set): login complete finishes that sign-in. */
export function isSignInPause(error: unknown): boolean {
  return error instanceof ApiError && Object.values(PAUSE).some((p) => p.code === error.code);
}

/** The error that sends the portal to a step's screen, with the message format the client parses. */
export function pauseError(step: Exclude<SignInStep, { kind: 'done' }>): ApiError {
  const { status, code } = PAUSE[step.kind];
  switch (step.kind) {
    case 'healup':
      return new ApiError(status, code, formatHealupItems(step.items));
    case 'terms':
      return new ApiError(status, code, 'The current Terms of Use must be accepted');
    case 'parent-terms':
      return new ApiError(status, code, 'A parent must consent to the current Terms of Use');
    case 'second-factor':
      return new ApiError(status, code, formatMissingVerificationCode(VERIFICATION_KIND.trustedDevice));
  }
}

/**
 * Hono keeps headers set on the context (a new session cookie, or the
 * clearing of one) on an error response only once the context's response
 * object exists; reading it here makes sure the cookie travels with the
 * error code that follows (tests/api/signin.test.ts checks both cases).
 */
function keepCookieOnError(c: Ctx): void {
  if (c.res.headers.getSetCookie().length === 0) throw new Error('No session cookie was set before the error');
}

/** Ends the session and throws `error` with the cookie cleared. */
async function endSessionWith(c: Ctx, error: ApiError): Promise<never> {
  await endSession(c);
  keepCookieOnError(c);
  throw error;
}

/**
 * The session's account when it may still sign in; otherwise the session
 * ends and the reason is thrown (20001 for a deleted account, else the
 * account-state code).
 */
export async function allowedAccount(
  c: Ctx,
  session: Session,
  reactivation: '20102' | '20036' = '20036',
): Promise<AccountRow> {
  const account = await findAccountById(c.var.db, session.accountId);
  if (!account) return endSessionWith(c, new ApiError(401, LOGIN_REQUIRED, 'Sign-in required'));
  return stillAllowed(c, account, reactivation);
}

/** allowedAccount for the account an `auth: true` endpoint was handed (server/core/http/mount.ts). */
export async function stillAllowed(
  c: Ctx,
  account: AccountRow,
  reactivation: '20102' | '20036' = '20036',
): Promise<AccountRow> {
  const refused = accountStateError(account, reactivation);
  return refused ? endSessionWith(c, refused) : account;
}

/**
 * For the second factor's verify call (issue 6): throws unless the pending
 * session's sign-in has reached the second factor (account state fine,
 * healup and terms done), so a verify cannot jump over an earlier step.
 */
export async function assertSecondFactorStep(c: Ctx, session: Session): Promise<void> {
  if (session.level !== 'mfa_pending') throw new ApiError(401, LOGIN_REQUIRED, 'No pending sign-in');
  const account = await allowedAccount(c, session);
  const step = await nextStep(c.var.db, account, null, c.var.clock.now(), true);
  if (step.kind !== 'done') throw pauseError(step);
}

/**
 * The 20256 pause emails the parent a code at once. A send refused by its cap
 * (or a mail failure) must not hide the pause: the child still gets 20256 and
 * can ask for the code again (request-code-to-parent answers the cap then).
 */
async function codeToParentOnPause(c: Ctx, account: AccountRow, now: number): Promise<void> {
  const parent = await consentingParent(c.var.db, account, now);
  if (parent === null) return;
  try {
    await sendCodeToParent(c, account, parent);
  } catch (e) {
    console.error('Parent code not sent at the sign-in pause', { error: e instanceof ApiError ? e.code : 'unknown' });
  }
}

/** Spec §3 login response. The healup step guarantees the country. */
export async function loginResponse(c: Ctx, account: AccountRow, autoLogin: boolean): Promise<LoginResponse> {
  if (account.country_code === null) throw pauseError({ kind: 'healup', items: healupItems(account) });
  return { countryCode: account.country_code, ...(await hashUserNumbers(c.env, account)), autoLogin };
}

export interface PasswordSignIn {
  rememberMe: boolean;
  deviceId: string;
  /** Non-secret context for the audit entry (the visitor's local time). */
  detail: Record<string, string | number>;
  /** A user-verified passkey signed in: it proved the second factor too (server/passkeys/routes.ts). */
  secondFactorDone?: boolean;
  /** How the player proved it is them (RFC 8176, server/core/security/amr.ts): recorded with the session. */
  amr: readonly Amr[];
  /**
   * The password check's writes, not made yet (`checkPasswordDeferred`): the first write of the sign-in takes them.
   * A sign-in that completes at once settles the counters in its session's batch and records one entry that says
   * both (`signin.succeeded` with `password: 'verified'`); any other outcome writes the check's own entry too.
   */
  password?: PasswordSuccess;
}

/** The password check's writes a sign-in still owes (PasswordSignIn.password), handed out once. */
class OwedCheck {
  constructor(private check: PasswordSuccess | undefined) {}

  take(): PasswordSuccess | undefined {
    const check = this.check;
    this.check = undefined;
    return check;
  }

  /** `statements`, after the check's settlement and entry when they are still owed. */
  with(...statements: Query[]): Query[] {
    const check = this.take();
    return check === undefined ? statements : [...check.settle, check.entry, ...statements];
  }

  async write(db: Db): Promise<void> {
    const statements = this.with();
    if (statements.length > 0) await db.batch(statements);
  }
}

/** After `checkPassword` succeeded: refuses, pauses at the first open step, or signs in. */
export async function signInAfterPassword(c: Ctx, account: AccountRow, s: PasswordSignIn): Promise<LoginResponse> {
  const owed = new OwedCheck(s.password);
  try {
    return await signInSteps(c, account, s, owed);
  } catch (e) {
    // An outcome that wrote nothing (a read that threw): the right password is still settled and recorded.
    await owed.write(c.var.db);
    throw e;
  }
}

async function signInSteps(c: Ctx, account: AccountRow, s: PasswordSignIn, owed: OwedCheck): Promise<LoginResponse> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  const refused = accountStateError(account);
  if (refused) {
    await c.var.db.batch(
      owed.with(
        auditStatement(db, { accountId: account.id, event: 'signin.refused', ip, detail: { code: refused.code } }, now),
      ),
    );
    throw refused;
  }
  // During a deletion's grace period the sign-in offers to cancel it instead (issue 12).
  await assertNotPendingDeletion(c, account, () => owed.write(db));
  // A legacy account whose migration is open answers 20211 or 20184 instead (docs/legacy.md).
  await assertLegacyMigrated(c, account, () => owed.write(db));
  const deviceSecret = await deviceSecretHash(c);
  const step = await nextStep(c.var.db, account, deviceSecret, now, s.secondFactorDone === true);
  if (step.kind !== 'done') {
    const pending = await startSession(c, account.id, {
      rememberMe: s.rememberMe,
      level: 'mfa_pending',
      deviceId: s.deviceId,
      amr: s.amr,
      alongside: owed.with(
        auditStatement(
          db,
          { accountId: account.id, event: 'signin.paused', ip, detail: { ...s.detail, step: step.kind } },
          now,
        ),
      ),
    });
    // Healup or terms are left: login complete must not ask the passkey's holder for another factor after them.
    if (s.secondFactorDone === true) await markSecondFactorDone(c.var.db, pending.tokenHash);
    if (step.kind === 'parent-terms') await codeToParentOnPause(c, account, now);
    keepCookieOnError(c);
    throw pauseError(step);
  }
  // Signed in at once: the password's counters settle with the session, and its one entry says both.
  const check = owed.take();
  const detail = check === undefined ? s.detail : { ...s.detail, password: 'verified' };
  await startSession(c, account.id, {
    rememberMe: s.rememberMe,
    level: 'full',
    deviceId: s.deviceId,
    amr: s.amr,
    alongside: [
      ...(check?.settle ?? []),
      touchTrustedDeviceStatement(db, account.id, deviceSecret, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'signin.succeeded', ip, detail, origin: requestOrigin(c) },
        now,
      ),
    ],
  });
  return loginResponse(c, account, s.rememberMe);
}

/**
 * Login complete: with a pending session, re-evaluates every step and signs
 * in (new token) when none is left; with a full session, answers its login
 * data (after any step that opened since, e.g. new terms).
 */
export async function completeSignIn(c: Ctx, session: Session | null, deviceId: string): Promise<LoginResponse> {
  if (!session) throw new ApiError(401, LOGIN_REQUIRED, 'No sign-in to complete');
  if (session.level === 'full') return resumeSignIn(c, session);
  // The pending sign-in belongs to the device that gave the password.
  if (session.deviceId !== deviceId) throw new ApiError(401, LOGIN_REQUIRED, 'No sign-in to complete on this device');
  const db = c.var.db;
  const now = c.var.clock.now();
  const account = await allowedAccount(c, session);
  const deviceSecret = await deviceSecretHash(c);
  const step = await nextStep(db, account, deviceSecret, now, await secondFactorDone(c.var.db, session.tokenHash));
  if (step.kind !== 'done') throw pauseError(step);
  await startSession(c, account.id, {
    rememberMe: session.rememberMe,
    level: 'full',
    deviceId,
    // What the pending sign-in proved (a passkey's second factor included) carries on.
    amr: session.amr,
    alongside: [
      touchTrustedDeviceStatement(db, account.id, deviceSecret, now),
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'signin.succeeded',
          ip: clientIp(c),
          detail: { completed: true },
          origin: requestOrigin(c),
        },
        now,
      ),
    ],
  });
  return loginResponse(c, account, session.rememberMe);
}

/**
 * Silent login (and login complete on a signed-in session): the existing
 * full session's login data, after checking the account is still allowed.
 * The session is not renewed, so its absolute lifetime still ends it.
 */
export async function resumeSignIn(c: Ctx, session: Session | null): Promise<LoginResponse> {
  if (!session || session.level !== 'full') throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
  const account = await allowedAccount(c, session);
  const step = await nextStep(c.var.db, account, null, c.var.clock.now(), true);
  if (step.kind !== 'done') throw pauseError(step);
  return loginResponse(c, account, session.rememberMe);
}
