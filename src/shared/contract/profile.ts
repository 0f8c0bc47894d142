/**
 * Profile settings (issue 12 part A) on the account-setting base (spec §7:
 * /api/account-setting/v1.0; the spec leaves these payloads "not shown"):
 * the full name, the player tag, the email change (request a code for the
 * new address, confirm it) and the signed-out revert of an email change.
 * The personal info itself is read with getAccount (settings.ts).
 *
 * Field bounds here are the transport's (oversized → 400 20022); the name
 * rules (src/shared/validation/profile-names.ts) and offensive words are the
 * API's checks (400 20216).
 */
import * as z from 'zod/mini';
import {
  email,
  emptyResponse,
  opaqueToken,
  password,
  postBody,
  putBody,
  serverLanguage,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';
import { TEXT_PATTERN } from './ids';
import { playerTagSchema } from './settings';

/** Any text up to 256 characters: the rules themselves (2–64, letters…) answer 20216, not 20022. */
const fullNameField = z.string().check(z.minLength(1), z.maxLength(256), z.regex(TEXT_PATTERN));
/** Up to 64 printable characters; the tag rule (3–16 letters and digits) answers 20216. */
const tagNameField = z.string().check(z.minLength(1), z.maxLength(64), z.regex(TEXT_PATTERN));

export const updateFullName = endpoint({
  id: 'updateFullName',
  base: 'accountSetting',
  method: 'PUT',
  path: '/name',
  body: putBody({ fullName: fullNameField, language: serverLanguage }),
  response: z.object({ fullName: z.string() }),
  auth: true,
  summary:
    'Personal info: sets the full name (2–64 letters, spaces and single punctuation marks; no offensive words: 20216). Needs a verified email (20038).',
});

export const changePlayerTag = endpoint({
  id: 'changePlayerTag',
  base: 'accountSetting',
  method: 'PUT',
  path: '/player-tag',
  body: putBody({ name: tagNameField, language: serverLanguage }),
  response: z.object({ playerTag: playerTagSchema, renamesRemaining: z.number().check(z.int(), z.gte(0)) }),
  auth: true,
  summary:
    'Player tag = name + a new random 4-digit number (3–16 letters and digits, no offensive words: 20216). Two changes (spec §9; choosing the first name is free); none left: 20038. Needs a verified email (20038).',
});

export const requestEmailChange = endpoint({
  id: 'requestEmailChange',
  base: 'accountSetting',
  method: 'POST',
  path: '/email/request-code',
  body: postBody({ newEmail: email, password: z.optional(password), language: serverLanguage }),
  response: emptyResponse,
  auth: true,
  summary:
    'Email change, step 1: proves the player (the current password, or without one a settings verification: 20008 N=9) and sends a 6-digit code, valid 30 minutes, to the new address. 20010 linked to another account, 20011 used in another region, 20002 wrong password, 20038 email not verified.',
});

export const confirmEmailChange = endpoint({
  id: 'confirmEmailChange',
  base: 'accountSetting',
  method: 'PUT',
  path: '/email',
  body: putBody({ newEmail: email, code: verificationCode, language: serverLanguage }),
  response: z.object({ email }),
  auth: true,
  summary:
    'Email change, step 2: the code sent to the new address (20013 wrong, 20068 expired or replaced) makes it the account email; the old address gets a notice with a revert link (7 days, once).',
});

export const getEmailRevert = endpoint({
  id: 'getEmailRevert',
  base: 'accountSetting',
  method: 'POST',
  path: '/no-auth/email/revert/check',
  body: postBody({ token: opaqueToken }),
  response: z.object({ email }),
  auth: false,
  summary: 'Revert link (signed out): the address it would restore. 20068 unknown or used, 20018 expired.',
});

export const revertEmailChange = endpoint({
  id: 'revertEmailChange',
  base: 'accountSetting',
  method: 'PUT',
  path: '/no-auth/email/revert',
  body: putBody({ token: opaqueToken, language: serverLanguage }),
  response: z.object({ email }),
  auth: false,
  summary:
    'Revert link (signed out, once): restores the old address, signs every session out and removes trusted devices. 20068 unknown or used, 20018 expired, 20010 the old address is now another account’s.',
});

export const PROFILE_ENDPOINTS = [
  updateFullName,
  changePlayerTag,
  requestEmailChange,
  confirmEmailChange,
  getEmailRevert,
  revertEmailChange,
] as const;
