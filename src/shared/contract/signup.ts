/**
 * Spec §7 "Sign-up and countries" (sign-up calls; countries and memberships
 * are in countries.ts) and §3 "Sign-up". The sign-up session token travels in
 * SIGNUP_TOKEN_HEADER (http.ts).
 */
import * as z from 'zod/mini';
import {
  birthday,
  blackBox,
  captchaToken,
  captchaVersion,
  clientId,
  countryCode,
  deviceId,
  email,
  hashedUserNo,
  opaqueToken,
  partnerKey,
  password,
  postBody,
  serverLanguage,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';

export const verifyAgeResponse = z.object({
  /** Under the age of digital consent for the country: the parental-consent flow applies. */
  isMinor: z.boolean(),
});

export const verifyAge = endpoint({
  id: 'verifyAge',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup/verify/age',
  unifiedPath: '/no-auth/unified/signup/verify/age',
  body: postBody({ countryCode, birthday, deviceId, captchaToken, captchaVersion }),
  response: verifyAgeResponse,
  auth: false,
  summary: 'Sign-up age check with country, birthday and a captcha token.',
});

export const signupInitResponse = z.object({ signUpSessionToken: opaqueToken });

export const signupInit = endpoint({
  id: 'signupInit',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup/init',
  unifiedPath: '/no-auth/unified/signup/init',
  body: postBody({}),
  response: signupInitResponse,
  auth: false,
  summary: 'Opens a sign-up session; the unified variant sends membershipNo explicitly.',
});

/** Spec §3 sign-up payload (web and child flows); the platform variants are in platform.ts. */
export const signupBody = postBody({
  email,
  password,
  newsletter: z.boolean(),
  clientId: z.optional(clientId),
  language: serverLanguage,
  countryCode,
  birthday,
  code: z.optional(verificationCode),
  codeType: z.optional(z.enum(['EMAIL'])),
  deviceId,
  partnerKey: z.optional(partnerKey),
  blackBox: z.optional(blackBox),
  hashedGlobalUserNo: z.optional(hashedUserNo),
});

export const signupResponse = z.object({
  email,
  hashedUserNo,
  hashedGlobalUserNo: hashedUserNo,
});

export const signup = endpoint({
  id: 'signup',
  base: 'account',
  method: 'POST',
  path: '/no-auth/signup',
  unifiedPath: '/no-auth/unified/signup',
  body: signupBody,
  response: signupResponse,
  auth: false,
  summary: 'Creates an account; needs the sign-up session token header.',
});

export const SIGNUP_ENDPOINTS = [verifyAge, signupInit, signup] as const;
