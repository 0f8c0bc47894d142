/**
 * Web sign-in (spec §4 "Login flow", §7 "Launcher and login", web calls):
 * email login, login validate, web login status, login complete and silent
 * login, each with its [unified/] variant, and the global-account client's
 * login. The password step is security/password-sign-in.ts (shared with the
 * launcher); the steps after the password are in security/sign-in.ts.
 */
import type { Hono } from 'hono';
import {
  getWebLoginStatus,
  globalLogin,
  loginComplete,
  silentLogin,
  validateLogin,
  webEmailLogin,
} from '../../src/shared/contract/launcher-login';
import { emailSchema } from '../../src/shared/validation/email';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { clientIp } from '../core/http/client-ip';
import { passwordSignIn } from './password-sign-in';
import { completeSignIn, resumeSignIn } from './sign-in';
import { hitIp, LOOKUPS_PER_IP } from '../core/security/signin-limits';

/** Legacy login IDs (spec §1 "login with email or ID"): letters, digits, dot, dash, underscore. */
export const LEGACY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

/** An email (by the §5 rule) or a legacy ID; anything else is 20216. */
export function isLoginIdShape(id: string): boolean {
  return id.includes('@') ? emailSchema.safeParse(id).success : LEGACY_ID.test(id);
}

export function loginRoutes(app: Hono<AppEnv>): void {
  mount(app, webEmailLogin, (c, { body }) => passwordSignIn(c, body, { channel: 'web', captchaAction: 'web_login' }));

  /**
   * The global-account client's sign-in (spec §7 "A global-account client also handles login"): the web
   * password step, recorded as the global channel. Its body has no remember me and no local clock.
   */
  mount(app, globalLogin, (c, { body }) => passwordSignIn(c, body, { channel: 'global', captchaAction: 'web_login' }));

  /**
   * Before the password: the id's shape only (20216). Whether an account
   * exists, or has a password, is not told here (no account enumeration): an
   * account without a password answers the password step like a wrong
   * password, and its holder recovers through "Can't sign in?". Capped per
   * IP like sign-up's email check.
   */
  mount(app, validateLogin, async (c, { body }) => {
    await hitIp(c.var.db, c.var.clock.now(), LOOKUPS_PER_IP, clientIp(c));
    if (!isLoginIdShape(body.id.trim())) throw new ApiError(400, '20216', 'Not an email address or a valid ID');
    return {};
  });

  mount(app, getWebLoginStatus, (_c, { session }) => Promise.resolve({ isLoggedIn: session?.level === 'full' }));

  mount(app, loginComplete, (c, { body, session }) => completeSignIn(c, session, body.deviceId));

  mount(app, silentLogin, (c, { session }) => resumeSignIn(c, session));
}
