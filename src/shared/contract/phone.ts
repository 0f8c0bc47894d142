/**
 * verify-phone (spec §2, §5, §9; issue 12): the player's phone number, proven
 * by a texted 6-digit code (valid 5 minutes), and whether it may be used to
 * recover the account (phoneNumberResetEnabled). The spec leaves these
 * payloads "not shown"; they sit under the account-setting base. The server
 * enforces the §5 rules: valid number from the region's country list, no
 * leading zero, at most 4 accounts per number, a 90-day lock between changes.
 */
import * as z from 'zod/mini';
import { emptyResponse, phoneNo, postBody, putBody, serverLanguage, verificationCode } from './common';
import { endpoint } from './endpoint';

export const requestPhoneCode = endpoint({
  id: 'requestPhoneCode',
  base: 'accountSetting',
  method: 'POST',
  path: '/phone/request-code',
  body: postBody({ phoneNo, language: serverLanguage }),
  response: emptyResponse,
  auth: true,
  summary:
    'verify-phone: texts a 6-digit code (valid 5 minutes) to a new number after the phone rules (20205, 20134, PHONE_CHANGE_LOCKED).',
});

export const verifyPhone = endpoint({
  id: 'verifyPhone',
  base: 'accountSetting',
  method: 'PUT',
  path: '/phone',
  body: putBody({ phoneNo, verificationCode, resetEnabled: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary:
    'verify-phone: the texted code proves the number, which becomes the account phone (needs a settings verification).',
});

export const setPhoneReset = endpoint({
  id: 'setPhoneReset',
  base: 'accountSetting',
  method: 'PUT',
  path: '/phone/reset',
  body: putBody({ enabled: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'phoneNumberResetEnabled: whether the verified phone may be used to recover the account.',
});

export const PHONE_ENDPOINTS = [requestPhoneCode, verifyPhone, setPhoneReset] as const;
