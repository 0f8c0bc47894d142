/**
 * The web sign-up email step and the emailed verification link (spec §1
 * "a sign-up email step (validate email, request or send a code, verify the
 * code, create the account)", §4 "Account verification": a link valid 24
 * hours, a fresh one on request). Spec §7 lists only the platform variants of
 * the email calls (platform.ts); these are the web ones the create screen and
 * the verify-email landing page call. Paths follow the web sign-up calls of
 * signup.ts, with the [unified/] variants where sign-up has them.
 */
import * as z from 'zod/mini';
import { email, emptyResponse, opaqueToken, postBody, serverLanguage, verificationCode } from './common';
import { endpoint } from './endpoint';

export const webSignupEmailValidate = endpoint({
  id: 'webSignupEmailValidate',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup/email/validate',
  unifiedPath: '/no-auth/unified/signup/email/validate',
  body: postBody({ email }),
  response: emptyResponse,
  auth: false,
  summary:
    'Web sign-up: checks that an email can be used for a new account (20050 already used, BLOCKED_EMAIL_DOMAIN, 20011 used in another region). Sends nothing.',
});

export const webSignupEmailRequestCode = endpoint({
  id: 'webSignupEmailRequestCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup/email/request-code',
  unifiedPath: '/no-auth/unified/signup/email/request-code',
  body: postBody({ email, language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary:
    'Web sign-up: emails a 6-digit code (in the given language) to prove the address; a new request replaces the previous code. Rate limited (20157, 20187).',
});

export const webSignupEmailVerifyCode = endpoint({
  id: 'webSignupEmailVerifyCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup/email/verify-code',
  unifiedPath: '/no-auth/unified/signup/email/verify-code',
  body: postBody({ email, code: verificationCode }),
  response: emptyResponse,
  auth: false,
  summary:
    'Web sign-up: checks the emailed code without using it up (20013 wrong code, 20018 expired, 20157 too many attempts); sign-up then sends the same code with codeType EMAIL.',
});

export const verifyEmailLinkResponse = z.object({
  email,
  /** The link had been used before and the email is verified: nothing changed. */
  alreadyVerified: z.boolean(),
});

export const verifyEmailLink = endpoint({
  id: 'verifyEmailLink',
  base: 'account',
  method: 'POST',
  path: '/no-auth/email/verify',
  body: postBody({ token: opaqueToken }),
  response: verifyEmailLinkResponse,
  auth: false,
  summary:
    'The emailed verification link (valid 24 hours): marks the email verified. 20018 when the link expired, 20068 when it was replaced by a newer link or is unknown.',
});

export const resendVerifyEmailLink = endpoint({
  id: 'resendVerifyEmailLink',
  base: 'account',
  method: 'POST',
  path: '/no-auth/email/verify/resend',
  body: postBody({ token: opaqueToken, language: serverLanguage }),
  response: z.object({ alreadyVerified: z.boolean() }),
  auth: false,
  summary:
    'Sends a fresh verification link to the account an expired or replaced link belonged to (the old link stops working); alreadyVerified when there is nothing to verify. 20068 for an unknown token.',
});

export const SIGNUP_EMAIL_ENDPOINTS = [
  webSignupEmailValidate,
  webSignupEmailRequestCode,
  webSignupEmailVerifyCode,
  verifyEmailLink,
  resendVerifyEmailLink,
] as const;
