/**
 * Issue 12 part B on the account-setting base (spec §7 leaves these payloads
 * "not shown"): creating and changing the password, the signed-in sessions
 * (list, sign out one, sign out all others) and the recent security activity.
 * docs/settings.md "Password, sessions and activity" describes each rule.
 */
import * as z from 'zod/mini';
import { countryCode, password, postBody, serverLanguage } from './common';
import { endpoint } from './endpoint';
import { isoDateTime } from './formats';
import { clientId, identifier } from './ids';
import { TRUSTED_DEVICE_TYPES } from './trusted-devices';

/** Spec §5 create: an account without a password (social sign-in only) sets its first one. */
export const createPassword = endpoint({
  id: 'createPassword',
  base: 'accountSetting',
  method: 'POST',
  path: '/password/create',
  body: postBody({ newPassword: password, language: serverLanguage }),
  response: z.object({
    /** How many other sessions were signed out (the player is told). */
    endedSessions: z.number().check(z.int(), z.gte(0)),
  }),
  auth: true,
  summary:
    'Sets the first password of an account that has none; needs a settings verification (403 20008 N=9). ' +
    'Signs out every other session and removes trusted devices.',
});

/** Spec §5 change: the current password, then a new one that is none of the last 5 (20062 the current, 20199). */
export const changePassword = endpoint({
  id: 'changePassword',
  base: 'accountSetting',
  method: 'POST',
  path: '/password/change',
  body: postBody({ currentPassword: password, newPassword: password, language: serverLanguage }),
  response: z.object({ endedSessions: z.number().check(z.int(), z.gte(0)) }),
  auth: true,
  summary:
    'Changes the password (current password required, 401 20002 when wrong). Signs out every other session ' +
    'and removes trusted devices.',
});

/** A session's public handle: derived from, and never revealing, its token hash. */
export const sessionId = identifier(64);

export const signedInSession = z.object({
  sessionId,
  /** Browser and system read from the User-Agent at sign-in; null when unknown. */
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  deviceType: z.enum(TRUSTED_DEVICE_TYPES),
  /** Approximate location: the country the sign-in came from (ISO 3166-1 alpha-2); null when unknown. */
  country: z.nullable(countryCode),
  signedInAt: isoDateTime(),
  lastActiveAt: isoDateTime(),
  /** The session of the request: "this device". */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const listSessions = endpoint({
  id: 'listSessions',
  base: 'accountSetting',
  method: 'GET',
  path: '/sessions',
  response: z.object({ sessions: z.array(signedInSession) }),
  auth: true,
  summary: 'Every signed-in session of the account, this one first, then by last activity.',
});

export const revokeSession = endpoint({
  id: 'revokeSession',
  base: 'accountSetting',
  method: 'POST',
  path: '/sessions/revoke',
  body: postBody({ sessionId, language: serverLanguage }),
  response: z.object({ signedOut: z.boolean() }),
  auth: true,
  summary:
    'Signs one other session out (signedOut false when it had already ended). The current session is ' +
    'refused (400 20022): signing out ends it.',
});

export const revokeOtherSessions = endpoint({
  id: 'revokeOtherSessions',
  base: 'accountSetting',
  method: 'POST',
  path: '/sessions/revoke-others',
  body: postBody({ language: serverLanguage }),
  response: z.object({ endedSessions: z.number().check(z.int(), z.gte(0)) }),
  auth: true,
  summary: 'Signs out every session of the account but this one.',
});

/** The security events the activity list shows (the audit log's names). */
export const ACTIVITY_EVENTS = [
  'signin.succeeded',
  'signin.refused',
  'password.failed',
  'password.created',
  'password.changed',
  'password.reset',
  'email.changed',
  'phone.changed',
  'mfa.totp.enabled',
  'mfa.totp.disabled',
  'mfa.sms.enabled',
  'mfa.sms.disabled',
  'mfa.backup-codes.generated',
  'trusted-device.added',
  'trusted-device.removed',
  'trusted-device.removed-all',
  'sessions.revoked',
  'session.revoked',
  'account.deletion-requested',
  'account.deletion-cancelled',
  'account.data-exported',
] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

export const activityEntry = z.object({
  event: z.enum(ACTIVITY_EVENTS),
  at: isoDateTime(),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  country: z.nullable(countryCode),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** The number of entries the activity list shows. */
export const ACTIVITY_LIMIT = 30;

export const listActivity = endpoint({
  id: 'listActivity',
  base: 'accountSetting',
  method: 'GET',
  path: '/activity',
  response: z.object({ events: z.array(activityEntry) }),
  auth: true,
  summary: `The last ${String(ACTIVITY_LIMIT)} sign-ins and security changes of the account, newest first.`,
});

/** An app (a client of the portal's identity provider) the player allowed to use the account (issue 27). */
export const connectedApp = z.object({
  clientId: z.string(),
  name: z.string(),
  /** Where the player can see who the app is (the consent screen's site). */
  site: z.string(),
  /** The scopes granted (OIDC scope names: openid, profile, email…). */
  scopes: z.array(z.string()),
  grantedAt: isoDateTime(),
});
export type ConnectedApp = z.infer<typeof connectedApp>;

export const listConnectedApps = endpoint({
  id: 'listConnectedApps',
  base: 'accountSetting',
  method: 'GET',
  path: '/apps',
  response: z.object({ apps: z.array(connectedApp) }),
  auth: true,
  summary: 'The apps the player allowed to sign in with the account (their consents), last granted first.',
});

export const revokeConnectedApp = endpoint({
  id: 'revokeConnectedApp',
  base: 'accountSetting',
  method: 'POST',
  path: '/apps/revoke',
  body: postBody({ clientId, language: serverLanguage }),
  response: z.object({ revoked: z.boolean() }),
  auth: true,
  summary:
    'Removes an app: forgets its consent and ends its tokens (with back-channel logout); false when it had none.',
});

export const ACCOUNT_SECURITY_ENDPOINTS = [
  createPassword,
  changePassword,
  listSessions,
  revokeSession,
  revokeOtherSessions,
  listActivity,
  listConnectedApps,
  revokeConnectedApp,
] as const;
