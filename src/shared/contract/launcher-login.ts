/**
 * Spec §7 "Launcher and login": web, launcher, third-party, migration,
 * support-desk and ban-flow sign-in calls. Auth-type look-ups live in mfa.ts,
 * trusted-device verification in trusted-devices.ts, child sign-in in parental.ts.
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import {
  blackBox,
  captchaToken,
  captchaVersion,
  clientId,
  countryCode,
  birthday,
  deviceId,
  email,
  emptyResponse,
  hashedUserNo,
  localTime,
  loginId,
  loginResponse,
  oauthCode,
  oauthState,
  opaqueToken,
  password,
  postBody,
  putBody,
  serverLanguage,
  timeOffset,
  tokenResponse,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';
import { getAppLoginStatus, getWebLoginStatus } from './login-status';
import { SOCIAL_PROVIDERS } from '../../regions/schema';
import { tpaSessionResponse } from './social';

// The login-status calls live in their own file: the app shell asks for them on every guarded page.
export { getAppLoginStatus, getWebLoginStatus, loginStatusResponse } from './login-status';

const clock = { localTime, timeOffset };

/** The store platforms with a connector (spec §1: the PC game-store platform). */
export const CONNECTOR_PLATFORMS = ['steam'] as const;
export type ConnectorPlatform = (typeof CONNECTOR_PLATFORMS)[number];

/** Spec §3 connector login response: the hashed user numbers. */
export const connectorLoginResponse = z.object({ hashedUserNo, hashedGlobalUserNo: hashedUserNo });

export const connectorLogin = endpoint({
  id: 'connectorLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/global/{platform}/login/connector',
  body: postBody({ clientId, deviceId }),
  response: connectorLoginResponse,
  auth: false,
  summary: 'Store-connector sign-in for a platform: exchanges the connector session for a portal session.',
});

export const authToken = endpoint({
  id: 'authToken',
  base: 'account',
  method: 'POST',
  path: '/auth-token',
  body: postBody({ deviceId }),
  response: tokenResponse,
  auth: true,
  summary: 'Launcher below 1.7.0: an auth token merged into the login data handed to the host launcher.',
});

export const launcherEmailLogin = endpoint({
  id: 'launcherEmailLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/launcher/email/login',
  body: postBody({ id: loginId, password, deviceId, autoLogin: z.boolean(), captchaToken, captchaVersion, ...clock }),
  response: loginResponse,
  auth: false,
  summary: 'Launcher sign-in with email or ID and password.',
});

export const launcherTpaLogin = endpoint({
  id: 'launcherTpaLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/launcher',
  body: postBody({ clientId, deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  summary: 'Launcher sign-in with the third-party session set by tpa-session-cookie.',
});

export const launcherSilentLogin = endpoint({
  id: 'launcherSilentLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/launcher/silent',
  body: postBody({ autoLogin: z.boolean(), clientId, deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  summary: 'Launcher silent sign-in from the existing portal session.',
});

/** Login session handed to the host launcher (spec §3 launcher state loginSessionInfo, §4 step 8). */
export const launcherCompleteResponse = z.object({
  loginId: opaqueToken,
  sessionTicket: opaqueToken,
  hashedUserNo,
  hashedGlobalUserNo: hashedUserNo,
});

export const launcherLoginComplete = endpoint({
  id: 'launcherLoginComplete',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/launcher/complete',
  body: postBody({ deviceId, accountType: z.enum(['EMAIL', 'TPA']) }),
  response: launcherCompleteResponse,
  auth: false,
  summary: 'Finishes a launcher sign-in and returns the session handed to the host launcher.',
});

export const migrateAccount = endpoint({
  id: 'migrateAccount',
  base: 'account',
  method: 'POST',
  path: '/no-auth/migrate',
  body: postBody({ id: loginId, password, newId: email, refId: opaqueToken }),
  response: emptyResponse,
  auth: false,
  summary: 'Migrates a legacy ID account to an email ID.',
});

/** The email of a third-party session, when the provider shared one. */
export const sessionEmailResponse = z.object({ email: z.nullable(email) });

export const steamTpaSessionCookie = endpoint({
  id: 'steamTpaSessionCookie',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/steam/tpa-session-cookie',
  body: postBody({ clientId, steamSessionTicket: opaqueToken }),
  response: sessionEmailResponse,
  auth: false,
  summary: 'Store-connector sign-in: sets the third-party session from a store session ticket.',
});

export const tpaSessionCookie = endpoint({
  id: 'tpaSessionCookie',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/tpa-session-cookie',
  unifiedPath: '/no-auth/unified/login/tpa/tpa-session-cookie',
  // `state` is checked against the browser's flow cookie for every provider (docs/social.md); the spec shows it
  // only for the microblogging provider, so the schema keeps it optional and the server refuses it missing.
  body: postBody({ tpaType: z.enum(SOCIAL_PROVIDERS), code: oauthCode, state: z.optional(oauthState) }),
  // The spec's `email` plus what the callback screen does next (login, sign-up, social link): docs/social.md.
  response: tpaSessionResponse,
  auth: false,
  summary:
    'Sets the third-party session from a provider callback code and says what follows (login, signup, needsEmail, socialLink). Twitter identities not yet linked: NOT_EXIST_TWITTER_ACCOUNT.',
});

export const tpaLogin = endpoint({
  id: 'tpaLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa',
  unifiedPath: '/no-auth/unified/login/tpa',
  body: postBody({ deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  flowSession: 'tpa',
  summary: 'Signs in with the third-party session.',
});

export const getTpaSessionEmail = endpoint({
  id: 'getTpaSessionEmail',
  base: 'account',
  method: 'GET',
  path: '/no-auth/tpa/session/email',
  response: sessionEmailResponse,
  auth: false,
  summary: 'The email the third-party provider shared for the current third-party session.',
});

export const signupTpaWithEmail = endpoint({
  id: 'signupTpaWithEmail',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup-tpa-with-email',
  unifiedPath: '/no-auth/unified/signup-tpa-with-email',
  body: postBody({ id: email, password, blackbox: blackBox }),
  response: loginResponse,
  auth: false,
  summary: 'Creates an account for the third-party session with an email and password, then signs in.',
});

export const validateLogin = endpoint({
  id: 'validateLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/validate',
  unifiedPath: '/no-auth/unified/login/validate',
  body: postBody({ id: loginId, deviceId }),
  response: emptyResponse,
  auth: false,
  summary: 'Checks an id before sign-in; problems (legacy email, password not set…) answer with their error code.',
});

export const webEmailLogin = endpoint({
  id: 'webEmailLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/web/email/login',
  unifiedPath: '/no-auth/unified/web/email/login',
  body: postBody({ id: loginId, password, captchaToken, captchaVersion, deviceId, ...clock, autoLogin: z.boolean() }),
  response: loginResponse,
  auth: false,
  summary: 'Web sign-in with email or ID and password.',
});

export const healup = endpoint({
  id: 'healup',
  base: 'account',
  method: 'PUT',
  path: '/no-auth/healup',
  unifiedPath: '/no-auth/unified/healup',
  body: putBody({ countryCode: z.optional(countryCode), birthday: z.optional(birthday) }),
  response: emptyResponse,
  auth: false,
  summary: 'Completes missing country and birth information (error 20045 lists the items).',
});

export const loginComplete = endpoint({
  id: 'loginComplete',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/complete',
  unifiedPath: '/no-auth/unified/login/complete',
  body: postBody({ deviceId }),
  response: loginResponse,
  auth: false,
  summary: 'Finishes a sign-in that was paused for verification (terms, healup, trusted device).',
});

export const silentLogin = endpoint({
  id: 'silentLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/silent',
  unifiedPath: '/no-auth/unified/login/silent',
  body: postBody({ deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  summary: 'Silent sign-in from the existing session (launcher, third-party, web).',
});

export const migrateLegacyLogin = endpoint({
  id: 'migrateLegacyLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/migrate-legacy',
  body: postBody({ id: loginId, password, email, deviceId }),
  response: emptyResponse,
  auth: false,
  summary: 'Error 20211: moves the account to its legacy email, after which the client retries the sign-in.',
});

export const globalLogin = endpoint({
  id: 'globalLogin',
  base: 'account',
  method: 'POST',
  path: '/no-auth/global/login',
  body: postBody({ id: loginId, password, captchaToken, captchaVersion, deviceId }),
  response: loginResponse,
  auth: false,
  summary: 'Global-account client sign-in (path chosen by this contract; the spec does not show it).',
});

export const globalVerifyWithCode = endpoint({
  id: 'globalVerifyWithCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/global/verify-with-code',
  body: postBody({
    email,
    code: verificationCode,
    codeType: z.enum(['SIGNUP', 'LOGIN', 'RESET_PASSWORD']),
    social: z.boolean(),
  }),
  response: loginResponse,
  auth: false,
  summary: 'Global-account client: verifies an emailed code (path chosen by this contract; not shown in the spec).',
});

/**
 * Sends the code that globalVerifyWithCode checks (added by the r2-global branch: the spec shows the check but no
 * sender). The code goes to the signed-in session's own address only while it is unverified (docs/global-screens.md).
 */
export const globalVerifyRequestCode = endpoint({
  id: 'globalVerifyRequestCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/global/verify/request-code',
  body: postBody({ email, language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary: 'Emails the code of globalVerifyWithCode.',
});

export const loginToken = endpoint({
  id: 'loginToken',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/token',
  body: postBody({ id: loginId, password, captchaToken, captchaVersion }),
  response: tokenResponse,
  auth: false,
  summary:
    'Global ban flow: a one-time token (5 minutes) that opens the support desk for a blocked account whose password is right.',
});

export const tpaLoginToken = endpoint({
  id: 'tpaLoginToken',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/token/tpa',
  body: postBody({}),
  response: tokenResponse,
  auth: false,
  summary: 'Global ban flow for a third-party session: a one-time support-desk token.',
});

/**
 * The support desk's sign-in URL: https, or http on a loopback host (the dev support-desk page of a local API,
 * docs/support-desk.md). The portal navigates to it, so nothing else (javascript:, data:) may pass. A pattern
 * and a refinement rather than z.url(), whose string-format code every page would load (zod features are
 * bundled once for the whole site).
 */
const deskUrl = checked(
  z.string(),
  z.regex(/^https?:\/\/\S+$/),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
    } catch {
      return false;
    }
  }),
);

/** Spec §7 login/zendesk: where the browser goes to be signed into the support desk. */
export const deskSignInResponse = z.object({ returnUrl: deskUrl });

export const zendeskLogin = endpoint({
  id: 'zendeskLogin',
  base: 'account',
  method: 'GET',
  path: '/no-auth/login/zendesk',
  unifiedPath: '/no-auth/unified/login/zendesk',
  query: z.strictObject({ token: opaqueToken }),
  response: deskSignInResponse,
  auth: false,
  summary:
    "Exchanges a one-time login/token token (single use, 5 minutes) for the support desk's JWT single-sign-on URL.",
});

export const moveToZendesk = endpoint({
  id: 'moveToZendesk',
  base: 'account',
  method: 'POST',
  path: '/login/zendesk/move',
  body: postBody({}),
  response: deskSignInResponse,
  auth: true,
  summary:
    "login/move-to-zendesk: the signed-in player's support-desk JWT single-sign-on URL (path chosen by this contract; the spec does not show it).",
});

export const LAUNCHER_LOGIN_ENDPOINTS = [
  connectorLogin,
  authToken,
  launcherEmailLogin,
  launcherTpaLogin,
  launcherSilentLogin,
  launcherLoginComplete,
  migrateAccount,
  steamTpaSessionCookie,
  tpaSessionCookie,
  tpaLogin,
  getTpaSessionEmail,
  signupTpaWithEmail,
  validateLogin,
  getAppLoginStatus,
  getWebLoginStatus,
  webEmailLogin,
  healup,
  loginComplete,
  silentLogin,
  migrateLegacyLogin,
  globalLogin,
  globalVerifyWithCode,
  globalVerifyRequestCode,
  loginToken,
  tpaLoginToken,
  zendeskLogin,
  moveToZendesk,
] as const;
