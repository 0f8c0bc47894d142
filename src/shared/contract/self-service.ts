/**
 * Spec §7 "Self-service" (base selfService) and §4 "Self-service recovery
 * flow": session, auth-type look-up, code verification, legacy check, found
 * email, ID-change code and the password-reset request used for 20126.
 *
 * Where the spec shows no shape (the code request, the verify answer, the
 * reset and the ID change themselves) the shapes are ours; the look-up takes
 * no password in its query (docs/self-service.md "Deviations").
 */
import * as z from 'zod/mini';
import {
  authType,
  captchaToken,
  captchaVersion,
  deviceId,
  email,
  emptyResponse,
  opaqueToken,
  password,
  postBody,
  putBody,
  queryBoolean,
  serverLanguage,
  twoFactorCode,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';
import { serialNumber, text } from './ids';
import { authTypesResponse } from './mfa';

/** Spec §3 self-service operation types. */
export const OPERATION_TYPES = ['resetPassword', 'findEmail', 'changeId'] as const;
export const operationType = z.enum(OPERATION_TYPES);

/** Spec §9 captcha actions of the self-service (set-password) dialog. */
export const SELF_SERVICE_CAPTCHA_ACTIONS = ['launcher_self_reset_password', 'web_self_reset_password'] as const;

/** How the account is looked up: by email, by legacy ID, or by phone number. */
export const SEARCH_BY = ['email', 'id', 'phone'] as const;

export { serialNumber };

export const createSelfServiceSession = endpoint({
  id: 'createSelfServiceSession',
  base: 'selfService',
  method: 'POST',
  path: '/no-auth/session',
  body: postBody({
    captchaToken,
    captchaVersion,
    operationType,
    /** Which §9 action the token was made for (the launcher's, else the web's). */
    captchaAction: z.optional(z.enum(SELF_SERVICE_CAPTCHA_ACTIONS)),
  }),
  response: z.object({ serialNumber }),
  auth: false,
  summary: 'Opens a self-service session; 20157 here means too many attempts.',
});

export const getSelfServiceAuthTypes = endpoint({
  id: 'getSelfServiceAuthTypes',
  base: 'selfService',
  method: 'GET',
  path: '/no-auth/mfa/{searchBy}/auth-type',
  query: z.strictObject({
    // Required here: a look-up belongs to a session (one account per session, captcha first).
    serialNumber,
    // An email, a legacy ID or a phone number, as the player typed it.
    value: text(1, 254),
    productId: z.optional(z.string().check(z.regex(/^\d{1,10}$/))),
    addParam: z.optional(text(0, 256)),
    captchaAction: z.optional(z.enum(SELF_SERVICE_CAPTCHA_ACTIONS)),
    isSetupPassword: z.optional(queryBoolean),
  }),
  response: authTypesResponse,
  auth: false,
  summary: 'Looks the account up by {searchBy} and returns its verification methods.',
});

/** A code goes out by email or SMS ({authType} email or sms); the first one and every resend. */
export const requestSelfServiceCode = endpoint({
  id: 'requestSelfServiceCode',
  base: 'selfService',
  method: 'POST',
  path: '/no-auth/mfa/{authType}/request-code',
  body: postBody({ serialNumber, language: z.optional(serverLanguage) }),
  response: emptyResponse,
  auth: false,
  summary: 'Sends the session’s email or SMS code (a resend replaces the code, never the failure count).',
});

/**
 * After a right code: `complete` when the session has proved everything its
 * operation needs; otherwise the account's second factors, one of which must
 * follow (an account's second factor is never skipped by a recovery).
 */
export const selfServiceVerifyResponse = z.object({
  complete: z.boolean(),
  authTypes: z.array(authType),
  primaryAuthType: z.nullable(authType),
  phoneNo: z.nullable(z.string()),
  hasBackupCodes: z.boolean(),
});
export type SelfServiceVerifyResponse = z.infer<typeof selfServiceVerifyResponse>;

export const verifySelfServiceCode = endpoint({
  id: 'verifySelfServiceCode',
  base: 'selfService',
  method: 'PUT',
  path: '/no-auth/mfa/{authType}/verify',
  body: putBody({ code: twoFactorCode, serialNumber, deviceId }),
  response: selfServiceVerifyResponse,
  auth: false,
  summary: 'Verifies the code of the {authType} method: email, totp, sms or backup_code.',
});

export const checkSelfServiceMigration = endpoint({
  id: 'checkSelfServiceMigration',
  base: 'selfService',
  method: 'GET',
  path: '/no-auth/op/migrate/check',
  query: z.strictObject({ serialNumber }),
  response: z.object({ isLegacy: z.boolean(), email: z.nullable(email), userId: z.nullable(z.string()) }),
  auth: false,
  summary: 'Whether the verified account is a legacy account, with its email or user id.',
});

export const getSelfServiceEmail = endpoint({
  id: 'getSelfServiceEmail',
  base: 'selfService',
  method: 'GET',
  path: '/no-auth/op/email',
  query: z.strictObject({ serialNumber }),
  response: z.object({
    /** The found id (masked email); null when no account was found. */
    id: z.nullable(z.string()),
    /** The region the account belongs to; differs from the build's region for an account elsewhere. */
    region: z.nullable(z.string()),
  }),
  auth: false,
  summary: 'Find email: the verified account’s id and region.',
});

export const requestIdChangeCode = endpoint({
  id: 'requestIdChangeCode',
  base: 'selfService',
  method: 'POST',
  path: '/no-auth/op/id/request-code',
  body: postBody({ newId: email, serialNumber, language: z.optional(serverLanguage) }),
  response: emptyResponse,
  auth: false,
  summary: 'Change ID: emails a code to the new address (one change per 7 days, else 20063).',
});

/** The verified session's new password (resetPassword); the session ends with it. */
export const resetSelfServicePassword = endpoint({
  id: 'resetSelfServicePassword',
  base: 'selfService',
  method: 'PUT',
  path: '/no-auth/op/password',
  body: putBody({ serialNumber, password, language: z.optional(serverLanguage) }),
  response: emptyResponse,
  auth: false,
  summary: 'Sets the new password of a fully verified resetPassword session; every session of the account ends.',
});

/** The same with a single-use reset link's token (support-case approval, /reset/request-reset). */
export const resetPasswordWithToken = endpoint({
  id: 'resetPasswordWithToken',
  base: 'selfService',
  method: 'PUT',
  path: '/no-auth/op/password/token',
  body: putBody({ token: opaqueToken, password, language: z.optional(serverLanguage) }),
  response: emptyResponse,
  auth: false,
  summary: 'Sets a new password with a reset link’s token (single use, one hour).',
});

/** Change ID, second step: the code sent to the new address; the account's email becomes it. */
export const changeSelfServiceId = endpoint({
  id: 'changeSelfServiceId',
  base: 'selfService',
  method: 'PUT',
  path: '/no-auth/op/id',
  body: putBody({ serialNumber, code: verificationCode, language: z.optional(serverLanguage) }),
  response: z.object({ email }),
  auth: false,
  summary: 'Confirms the new ID with its code (7 days between changes, else 20063).',
});

export const requestPasswordReset = endpoint({
  id: 'requestPasswordReset',
  base: 'selfService',
  method: 'POST',
  path: '/reset/request-reset',
  body: postBody({ email, language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary: 'Need-to-set-password (20126): emails a link to create a password.',
});

export const SELF_SERVICE_ENDPOINTS = [
  createSelfServiceSession,
  getSelfServiceAuthTypes,
  verifySelfServiceCode,
  requestSelfServiceCode,
  checkSelfServiceMigration,
  getSelfServiceEmail,
  requestIdChangeCode,
  changeSelfServiceId,
  resetSelfServicePassword,
  resetPasswordWithToken,
  requestPasswordReset,
] as const;
