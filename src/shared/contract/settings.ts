/**
 * Spec §7 "Settings, MFA and trusted devices": the account read and the
 * settings verification email code, plus the verify-email request. MFA calls
 * are in mfa.ts, trusted devices in trusted-devices.ts. The field names of
 * the account response are the server's (spec §3); the client renames them on
 * load (isVerified → emailVerified, phoneNo → phoneNumber, name → fullName,
 * hasSetPassword → hasPassword, enableUserPhoneReset → phoneNumberResetEnabled).
 */
import * as z from 'zod/mini';
import { SOCIAL_PROVIDERS } from '../../regions/schema';
import { authType, countryCode, email, emptyResponse, membershipNo, phoneNo, postBody, serverLanguage } from './common';
import { endpoint } from './endpoint';

/** Spec §3 "Other": a linked social account. */
/** Spec §3: a name plus a random 4-digit number, shown as name#1234; null until a name is chosen. */
export const playerTagSchema = z.object({ name: z.string(), number: z.string().check(z.regex(/^\d{4}$/)) });
export type PlayerTag = z.infer<typeof playerTagSchema>;

export const linkedAccount = z.object({ type: z.enum(SOCIAL_PROVIDERS), email: z.nullable(email) });

export const accountResponse = z.object({
  email,
  isVerified: z.boolean(),
  /** Null until the account has one (accounts made before sign-up asked; healup, 20045, fills it). */
  countryCode: z.nullable(countryCode),
  birthMonth: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(12))),
  birthYear: z.nullable(z.number().check(z.int(), z.gte(1900))),
  membershipNo: z.nullable(membershipNo),
  name: z.string(),
  playerTag: z.nullable(playerTagSchema),
  renamesRemaining: z.number().check(z.int(), z.gte(0)),
  phoneNo: z.nullable(phoneNo),
  enableUserPhoneReset: z.boolean(),
  hasSetPassword: z.boolean(),
  enableMail: z.boolean(),
  searchable: z.boolean(),
  skipMfaPromo: z.boolean(),
  primaryAuthType: z.nullable(authType),
  authTypeList: z.array(authType),
  tpaAccountList: z.array(linkedAccount),
  trustedDeviceCount: z.number().check(z.int(), z.gte(0)),
  twitchUserId: z.nullable(z.string()),
  steamName: z.nullable(z.string()),
  isMinor: z.boolean(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

export const getAccount = endpoint({
  id: 'getAccount',
  base: 'account',
  method: 'GET',
  path: '/account',
  response: accountResponse,
  auth: true,
  summary: 'The signed-in account (settings info). Not called in the one region.',
});

/**
 * Spec §7: the settings email-code request posts to a route the caller
 * supplies; the contract fixes the set of routes as the settings screens that
 * need a verified session (spec §4 "Settings verification"); the list and
 * the screen → purpose table are in src/routes/verification-purposes.ts.
 */
export { EMAIL_CODE_PURPOSES, type EmailCodePurpose } from '../../routes/verification-purposes';

export const requestEmailCode = endpoint({
  id: 'requestEmailCode',
  base: 'account',
  method: 'POST',
  path: '/email/request-code/{purpose}',
  body: postBody({ language: serverLanguage }),
  response: z.object({
    /** True when the session is already verified for this purpose: go straight to the target route. */
    isBypassed: z.optional(z.boolean()),
  }),
  auth: true,
  summary: 'Settings verification: emails a code for the given purpose, unless recently verified.',
});

export const requestVerifyEmail = endpoint({
  id: 'requestVerifyEmail',
  base: 'account',
  method: 'POST',
  path: '/id/request-verify-email',
  body: postBody({ language: serverLanguage }),
  response: emptyResponse,
  auth: true,
  summary: 'Sends a fresh email verification link (valid 24 hours).',
});

export const SETTINGS_ENDPOINTS = [getAccount, requestEmailCode, requestVerifyEmail] as const;
