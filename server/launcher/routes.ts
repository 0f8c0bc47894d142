/**
 * Launcher and store-connector sign-in (spec §7 "Launcher and login", §4 steps 6, 8, 9; docs/launcher.md):
 * the app login status, the launcher email login, the silent login (the session, else the device-bound
 * autologin token), the login completion that creates the hand-off to the host, the auth token of launchers
 * below 1.7.0, and the store connector's login (20100 for a blocked account). The steps after the password
 * are the web sign-in's (server/signin/sign-in.ts): second factor, terms, healup all apply.
 */
import type { Hono } from 'hono';
import {
  authToken,
  CONNECTOR_PLATFORMS,
  connectorLogin,
  getAppLoginStatus,
  launcherEmailLogin,
  launcherLoginComplete,
  launcherSilentLogin,
} from '../../src/shared/contract/launcher-login';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput, LOGIN_REQUIRED } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { passwordSignIn } from '../signin/password-sign-in';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { allowedAccount, resumeSignIn, signInAfterPassword } from '../signin/sign-in';
import { hashUserNumbers } from '../core/security/user-hash';
import { createAuthToken, createLauncherLogin } from './hand-off';
import { clearLauncherCookie, consumeLauncherToken, issueLauncherToken } from './tokens';

/** A full session, signed in on this device (a session without a device id is a dev hook's: any device). */
function deviceSession(session: Session | null, deviceId: string): Session {
  if (!session || session.level !== 'full') throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
  if (session.deviceId !== null && session.deviceId !== deviceId)
    throw new ApiError(401, LOGIN_REQUIRED, 'Signed in on another device');
  return session;
}

export function launcherRoutes(app: Hono<AppEnv>): void {
  mount(app, getAppLoginStatus, (_c, { session }) => Promise.resolve({ isLoggedIn: session?.level === 'full' }));

  mount(app, launcherEmailLogin, (c, { body }) =>
    passwordSignIn(c, body, { channel: 'launcher', captchaAction: 'launcher_login' }),
  );

  /**
   * Spec §4 step 6. A full session signed in on this device answers its login data. Otherwise, when the
   * launcher has autologin on, the device's autologin token signs in once (single use: the completion issues
   * the next). The token stood for a full sign-in on this device, second factor included, so the second
   * factor is not asked again; account state, terms and healup are.
   */
  mount(app, launcherSilentLogin, async (c, { body, session }) => {
    if (session?.level === 'full' && (session.deviceId === null || session.deviceId === body.deviceId))
      return resumeSignIn(c, session);
    if (!body.autoLogin) throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
    const used = await consumeLauncherToken(c, body.deviceId);
    clearLauncherCookie(c);
    if (used.kind === 'refused') {
      if (used.reused)
        await c.var.db.run(
          auditStatement(
            c.var.db,
            { accountId: null, event: 'launcher.token-reused', ip: clientIp(c) },
            c.var.clock.now(),
          ),
        );
      throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
    }
    const account = await findAccountById(c.var.db, used.accountId);
    if (!account) throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
    return signInAfterPassword(c, account, {
      rememberMe: true,
      deviceId: body.deviceId,
      detail: { channel: 'launcher-autologin', localTime: body.localTime, timeOffset: body.timeOffset },
      secondFactorDone: true,
      // The remembered launcher token, not a method the player used now: no amr.
      amr: [],
    });
  });

  /** Spec §4 step 8: the hand-off for the host; with autologin (a remember-me session) the next token too. */
  mount(app, launcherLoginComplete, async (c, { body, session }) => {
    const signedIn = deviceSession(session, body.deviceId);
    const account = await allowedAccount(c, signedIn, '20102');
    const handOff = await createLauncherLogin(c, account.id, body.deviceId, body.accountType);
    if (signedIn.rememberMe) await issueLauncherToken(c, account.id, body.deviceId);
    return { ...handOff, ...(await hashUserNumbers(c.env, account)) };
  });

  /** Launchers below 1.7.0 (spec §9): a short-lived token merged into the login data. */
  mount(app, authToken, async (c, { body, session }) => {
    const signedIn = deviceSession(session, body.deviceId);
    const account = await allowedAccount(c, signedIn, '20102');
    return { token: await createAuthToken(c, account.id, body.deviceId) };
  });

  /**
   * The store connector's login (spec §3 connector login response, §4 step 9): the signed-in player's
   * hashed user numbers for the connector. A blocked account answers 20100 with its reason and the session
   * ends, so the connector cancels its login.
   */
  mount(app, connectorLogin, async (c, { body, params, session }) => {
    const platform = params['platform'] ?? '';
    if (!(CONNECTOR_PLATFORMS as readonly string[]).includes(platform))
      throw badInput('No connector for this platform');
    if (!session || session.level !== 'full') throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
    if (session.deviceId !== null && session.deviceId !== body.deviceId)
      throw new ApiError(401, LOGIN_REQUIRED, 'Signed in on another device');
    const account = await allowedAccount(c, session, '20102');
    await c.var.db.run(
      auditStatement(
        c.var.db,
        {
          accountId: account.id,
          event: 'launcher.connector',
          ip: clientIp(c),
          detail: { platform, clientId: body.clientId },
        },
        c.var.clock.now(),
      ),
    );
    return hashUserNumbers(c.env, account);
  });
}
