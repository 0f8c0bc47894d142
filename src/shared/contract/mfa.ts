/**
 * Spec §7 two-factor calls: auth-type look-ups (login), the SMS code request,
 * backup codes, and the TOTP / SMS enable, confirm and disable calls whose
 * shapes the spec does not show (defined here; §4 "Two-factor" drives them).
 */
import * as z from 'zod/mini';
import {
  authType,
  deviceId,
  email,
  emptyResponse,
  phoneNo,
  postBody,
  putBody,
  serverLanguage,
  twoFactorCode,
  verificationCode,
  verifyMethod,
} from './common';
import { endpoint } from './endpoint';
import { secret } from './ids';
import { EMAIL_CODE_PURPOSES } from '../../routes/verification-purposes';

/** Spec §3 "Auth types"; phoneNo is masked by the server (e.g. +1******4567). */
export const authTypesResponse = z.object({
  authTypes: z.array(authType),
  primaryAuthType: z.nullable(authType),
  phoneNo: z.nullable(z.string()),
  email: z.optional(z.nullable(email)),
  /** Portal addition (issue 18): the account has a passkey, which can answer the second step too. */
  passkey: z.optional(z.boolean()),
});
export type AuthTypesResponse = z.infer<typeof authTypesResponse>;

export const getAuthTypes = endpoint({
  id: 'getAuthTypes',
  base: 'account',
  method: 'GET',
  path: '/no-auth/mfa/auth-types',
  unifiedPath: '/no-auth/unified/mfa/auth-types',
  query: z.strictObject({ email }),
  response: authTypesResponse,
  auth: false,
  summary: 'Two-factor methods of the account being signed in.',
});

export const getGlobalAuthTypes = endpoint({
  id: 'getGlobalAuthTypes',
  base: 'account',
  method: 'GET',
  path: '/no-auth/global/mfa/auth-types',
  query: z.strictObject({ email }),
  response: authTypesResponse,
  auth: false,
  summary: 'Two-factor methods for the global-account client and platform linking.',
});

export const getTpaAuthTypes = endpoint({
  id: 'getTpaAuthTypes',
  base: 'account',
  method: 'GET',
  path: '/no-auth/mfa/tpa/auth-types',
  unifiedPath: '/no-auth/unified/mfa/tpa/auth-types',
  response: authTypesResponse,
  auth: false,
  summary: 'Two-factor methods of the account behind the third-party session.',
});

export const requestSmsCode = endpoint({
  id: 'requestSmsCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/sms/request-code',
  unifiedPath: '/no-auth/unified/sms/request-code',
  // Signing in: the email identifies the account and its stored phone. Enabling SMS or VPC: the new phone number.
  body: postBody({ email: z.optional(email), phoneNo: z.optional(phoneNo), language: serverLanguage, deviceId }),
  response: emptyResponse,
  auth: false,
  summary: 'Texts a 6-digit code (valid 5 minutes).',
});

/**
 * Spec §3 "Backup code": 8 digits, single use. The server keeps only salted
 * slow hashes, so the digits come back only in the answer that created the
 * set (show them, offer the download then); later answers list the same
 * positions with `backupCode: null` and the used flags.
 */
export const backupCode = z.object({
  /** 1–10: the code's place in its set (the downloaded list is numbered the same way). */
  position: z.number().check(z.int(), z.gte(1)),
  backupCode: z.nullable(z.string().check(z.regex(/^\d{8}$/))),
  used: z.boolean(),
});
export const backupCodesResponse = z.object({ backupCodes: z.array(backupCode) });

/**
 * Spec §7 "password (hashed)": the client sends the account password itself
 * over TLS; the server checks it against its stored slow hash (a digest made
 * in the browser would become the password). The dialog's input takes 8 to 128
 * characters, what an account password can be (spec §9 says 32; see
 * src/shared/validation/code.ts).
 */
const backupCodePassword = secret(8, 128);

export const getBackupCodes = endpoint({
  id: 'getBackupCodes',
  base: 'account',
  method: 'POST',
  path: '/mfa/totp/backup-code',
  body: postBody({ password: backupCodePassword }),
  response: backupCodesResponse,
  auth: true,
  summary: 'Backup codes after the password prompt (used codes marked).',
});

export const regenerateBackupCodes = endpoint({
  id: 'regenerateBackupCodes',
  base: 'account',
  method: 'PUT',
  path: '/mfa/totp/backup-code',
  body: putBody({ password: backupCodePassword }),
  response: backupCodesResponse,
  auth: true,
  summary: 'Replaces every backup code with a new set.',
});

export const totpEnrolmentResponse = z.object({
  /** Base32 secret for manual entry. */
  secret: z.string().check(z.regex(/^[A-Z2-7]+=*$/)),
  /** otpauth:// URI for the QR code. */
  // A pattern rather than z.startsWith(): the same rule without one more zod check type on every page.
  otpauthUri: z.string().check(z.regex(/^otpauth:\/\/totp\//)),
});

export const startTotpEnrolment = endpoint({
  id: 'startTotpEnrolment',
  base: 'account',
  method: 'POST',
  path: '/mfa/totp',
  body: postBody({}),
  response: totpEnrolmentResponse,
  auth: true,
  summary: 'Authenticator setup: a new secret, pending until confirmed with a code.',
});

export const confirmTotp = endpoint({
  id: 'confirmTotp',
  base: 'account',
  method: 'PUT',
  path: '/mfa/totp/confirm',
  body: putBody({ code: verificationCode, primary: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'Confirms the pending authenticator with a code; enables it as default or secondary method.',
});

export const disableTotp = endpoint({
  id: 'disableTotp',
  base: 'account',
  method: 'DELETE',
  path: '/mfa/totp',
  response: emptyResponse,
  auth: true,
  summary: 'Turns the authenticator off (needs a recently verified session, see verifySettingsCode).',
});

export const enableSms = endpoint({
  id: 'enableSms',
  base: 'account',
  method: 'PUT',
  path: '/mfa/sms',
  body: putBody({ phoneNo, verificationCode, primary: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'Enables SMS verification for a phone proven by a texted code.',
});

export const disableSms = endpoint({
  id: 'disableSms',
  base: 'account',
  method: 'DELETE',
  path: '/mfa/sms',
  response: emptyResponse,
  auth: true,
  summary: 'Turns SMS verification off (needs a recently verified session, see verifySettingsCode).',
});

export const setPrimaryAuthType = endpoint({
  id: 'setPrimaryAuthType',
  base: 'account',
  method: 'PUT',
  path: '/mfa/primary',
  body: putBody({ authType }),
  response: emptyResponse,
  auth: true,
  summary: 'Set-primary-method dialog: makes an enabled method the default.',
});

export const verifySettingsCode = endpoint({
  id: 'verifySettingsCode',
  base: 'account',
  method: 'PUT',
  path: '/mfa/settings/verify',
  body: putBody({
    authType: verifyMethod,
    code: twoFactorCode,
    /**
     * The change this verification is for (the purpose of the email-code request). Beyond the spec: a
     * verification unlocks only its own purpose; one sent without a purpose checks the code and unlocks nothing.
     */
    purpose: z.optional(z.enum(EMAIL_CODE_PURPOSES)),
  }),
  response: emptyResponse,
  auth: true,
  summary:
    'Settings verification (spec §4): checks an emailed, texted, authenticator or backup code; the session may then make the change named by purpose (and only that one) for 10 minutes.',
});

export const skipMfaPromo = endpoint({
  id: 'skipMfaPromo',
  base: 'account',
  method: 'PUT',
  path: '/mfa/promo/skip',
  body: putBody({}),
  response: emptyResponse,
  auth: true,
  summary: 'promo-2fa "skip and remember": the account stops being offered two-factor after sign-in (skipMfaPromo).',
});

export const MFA_ENDPOINTS = [
  getAuthTypes,
  getGlobalAuthTypes,
  getTpaAuthTypes,
  requestSmsCode,
  getBackupCodes,
  regenerateBackupCodes,
  startTotpEnrolment,
  confirmTotp,
  disableTotp,
  enableSms,
  disableSms,
  setPrimaryAuthType,
  verifySettingsCode,
  skipMfaPromo,
] as const;
