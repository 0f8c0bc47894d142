/**
 * Web sign-in (spec §4 "Login flow", §7 "Launcher and login", web calls):
 * email login, login validate, web login status, login complete and silent
 * login, each with its [unified/] variant. The steps after the password are
 * in security/sign-in.ts.
 */
import type { Hono } from 'hono';
import {
  getWebLoginStatus,
  loginComplete,
  silentLogin,
  validateLogin,
  webEmailLogin,
} from '../../src/shared/contract/launcher-login';
import { emailSchema } from '../../src/shared/validation/email';
import { findAccountByLogin } from '../db/accounts';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { mount } from '../http/mount';
import { assertCaptcha } from '../providers/index';
import { purgeDueAccounts } from '../security/account-deletion';
import { checkPassword } from '../security/authenticate';
import { clientIp } from '../security/sessions';
import { completeSignIn, resumeSignIn, signInAfterPassword } from '../security/sign-in';
import { hitIp, LOOKUPS_PER_IP } from '../security/signin-limits';

/** Legacy login IDs (spec §1 "login with email or ID"): letters, digits, dot, dash, underscore. */
export const LEGACY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

/** An email (by the §5 rule) or a legacy ID; anything else is 20216. */
export function isLoginIdShape(id: string): boolean {
  return id.includes('@') ? emailSchema.safeParse(id).success : LEGACY_ID.test(id);
}

export function loginRoutes(app: Hono<AppEnv>): void {
  mount(app, webEmailLogin, async (c, { body }) => {
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'web_login');
    // A Pages Function cannot run on a schedule: sign-in attempts remove the accounts whose deletion is due.
    await purgeDueAccounts(c);
    const account = await findAccountByLogin(c.env.DB, body.id.trim());
    // checkPassword answers unknown accounts and wrong passwords alike (20002, decoy timing) and applies the limits.
    const { account: checked } = await checkPassword(c, account, body.password, {
      loginId: body.id,
      // assertCaptcha above verified the token; only the visible widget (v2) answers a captcha demand (20072).
      captchaSolved: body.captchaVersion === 'v2',
    });
    return signInAfterPassword(c, checked, {
      rememberMe: body.autoLogin,
      deviceId: body.deviceId,
      detail: { channel: 'web', localTime: body.localTime, timeOffset: body.timeOffset },
    });
  });

  /**
   * Before the password: the id's shape only (20216). Whether an account
   * exists, or has a password, is not told here (no account enumeration): an
   * account without a password answers the password step like a wrong
   * password, and its holder recovers through "Can't sign in?". Capped per
   * IP like sign-up's email check.
   */
  mount(app, validateLogin, async (c, { body }) => {
    await hitIp(c.env.DB, c.var.clock.now(), LOOKUPS_PER_IP, clientIp(c));
    if (!isLoginIdShape(body.id.trim())) throw new ApiError(400, '20216', 'Not an email address or a valid ID');
    return {};
  });

  mount(app, getWebLoginStatus, (_c, { session }) => Promise.resolve({ isLoggedIn: session?.level === 'full' }));

  mount(app, loginComplete, (c, { body, session }) => completeSignIn(c, session, body.deviceId));

  mount(app, silentLogin, (c, { session }) => resumeSignIn(c, session));
}
