/**
 * The launcher's hand-offs with the system browser (docs/launcher.md "Third-party sign-in in the launcher",
 * "Account pages in the browser: login/sso"). Not in spec §7: paths and shapes chosen by this contract.
 *
 * - Third-party sign-in: the framed portal opens an app request (requestTpaApp), the provider's pages run in
 *   the system browser, whose login/tpa-callback-app hands its third-party session to that request
 *   (approveTpaApp); the frame takes it over (redeemTpaApp) and signs in with login/tpa/launcher.
 * - login/sso: the signed-in framed portal asks for a one-time code (requestSsoCode), opens
 *   login/sso?code=… in the system browser, which redeems it for a web session (redeemSsoCode).
 *
 * A module of its own: only the screens that use these calls load it, never login or create.
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import { clientId, deviceId, loginResponse, postBody } from './common';
import { endpoint } from './endpoint';
import { tpaSessionResponse } from './social';

/** 256 random bits, base64url (server/core/security/tokens.ts newToken). */
export const launcherSecret = checked(z.string(), z.regex(/^[A-Za-z0-9_-]{43}$/));

export const requestTpaApp = endpoint({
  id: 'requestTpaApp',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/app/request',
  body: postBody({ clientId, deviceId }),
  response: z.object({ requestId: launcherSecret, pollToken: launcherSecret, expiresIn: z.number() }),
  auth: false,
  summary: 'Launcher: opens a third-party sign-in request that the system browser finishes (10 minutes).',
});

export const approveTpaApp = endpoint({
  id: 'approveTpaApp',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/app/approve',
  body: postBody({ requestId: launcherSecret }),
  response: z.object({}),
  auth: false,
  summary: "System browser: hands this browser's third-party session to the launcher's request (once).",
});

export const redeemTpaApp = endpoint({
  id: 'redeemTpaApp',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/app/redeem',
  body: postBody({ requestId: launcherSecret, pollToken: launcherSecret, deviceId }),
  response: z.object({ ready: z.boolean(), session: z.optional(tpaSessionResponse) }),
  auth: false,
  summary: 'Launcher: waits for its request; once approved, takes the third-party session over (once).',
});

/** Seconds an SSO code lives. */
export const SSO_CODE_TTL_S = 60;

export const requestSsoCode = endpoint({
  id: 'requestSsoCode',
  base: 'account',
  method: 'POST',
  path: '/launcher/sso/code',
  body: postBody({ deviceId }),
  response: z.object({ code: launcherSecret, expiresIn: z.number() }),
  auth: true,
  summary: 'Launcher, signed in on this device: a one-time code that signs the system browser in (login/sso).',
});

export const redeemSsoCode = endpoint({
  id: 'redeemSsoCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/sso',
  body: postBody({ code: launcherSecret, deviceId }),
  response: loginResponse,
  auth: false,
  summary: 'login/sso: redeems a one-time SSO code for a web session (once, within 60 seconds).',
});

export const LAUNCHER_APP_ENDPOINTS = [requestTpaApp, approveTpaApp, redeemTpaApp, requestSsoCode, redeemSsoCode];
