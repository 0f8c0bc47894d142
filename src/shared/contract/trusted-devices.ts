/**
 * Spec §7 trusted-device calls (settings list and edits, and the sign-in
 * verification that adds a device), §3 "Trusted device", §9 name 1–128 chars.
 */
import * as z from 'zod/mini';
import {
  deviceId,
  email,
  emptyResponse,
  localTime,
  putBody,
  queryBoolean,
  serverLanguage,
  timeOffset,
  twoFactorCode,
  verifyMethod,
} from './common';
import { endpoint } from './endpoint';
import { isoDateTime } from './formats';
import { TEXT_PATTERN } from './ids';

/** Spec §5, §9: device names are 1 to 128 characters of text (./ids: no control, format or private-use characters). */
export const deviceName = z.string().check(z.trim(), z.minLength(1), z.maxLength(128), z.regex(TEXT_PATTERN));

/** Spec §3: type UNDEFINED is shown as empty. */
export const TRUSTED_DEVICE_TYPES = ['UNDEFINED', 'PC', 'MOBILE', 'TABLET', 'CONSOLE', 'LAUNCHER'] as const;

export const trustedDevice = z.object({
  deviceId,
  name: z.string(),
  type: z.enum(TRUSTED_DEVICE_TYPES),
  /** ISO 8601 instants. */
  addedAt: isoDateTime(),
  lastLoginAt: z.nullable(isoDateTime()),
  /** Registration location, e.g. "Seoul, KR"; null when unknown. */
  location: z.nullable(z.string()),
  /** Days until the trust expires (the list shows it). */
  expiresInDays: z.number().check(z.int(), z.gte(0)),
});
export type TrustedDevice = z.infer<typeof trustedDevice>;

export const getTrustedDeviceNameSuggestion = endpoint({
  id: 'getTrustedDeviceNameSuggestion',
  base: 'account',
  method: 'GET',
  path: '/no-auth/trusted-device/name/suggestion',
  query: z.strictObject({ isLauncher: queryBoolean }),
  response: z.object({ suggestion: z.string().check(z.minLength(1), z.maxLength(128)) }),
  auth: false,
  summary: 'A name for this device, from its user agent (prefills the add-device dialog).',
});

export const listTrustedDevices = endpoint({
  id: 'listTrustedDevices',
  base: 'account',
  method: 'GET',
  path: '/trusted-device',
  response: z.object({ trustedDevices: z.array(trustedDevice) }),
  auth: true,
  summary: 'The account’s trusted devices.',
});

export const renameTrustedDevice = endpoint({
  id: 'renameTrustedDevice',
  base: 'account',
  method: 'PUT',
  path: '/trusted-device/name',
  body: putBody({ deviceId, name: deviceName }),
  response: emptyResponse,
  auth: true,
  summary: 'Renames a trusted device.',
});

export const addTrustedDevice = endpoint({
  id: 'addTrustedDevice',
  base: 'account',
  method: 'PUT',
  path: '/trusted-device',
  unifiedPath: '/unified/trusted-device',
  body: putBody({ name: deviceName, deviceId }),
  response: emptyResponse,
  auth: true,
  summary: 'Trusts this device after sign-in (remember me).',
});

const clock = { language: serverLanguage, localTime, timeOffset };

export const removeTrustedDevice = endpoint({
  id: 'removeTrustedDevice',
  base: 'account',
  method: 'PUT',
  path: '/trusted-device/reset',
  body: putBody({ deviceId, ...clock }),
  response: emptyResponse,
  auth: true,
  summary: 'Removes one trusted device (a notification email is sent in the given language).',
});

export const removeAllTrustedDevices = endpoint({
  id: 'removeAllTrustedDevices',
  base: 'account',
  method: 'PUT',
  path: '/trusted-device/reset/all',
  body: putBody(clock),
  response: emptyResponse,
  auth: true,
  summary: 'Removes every trusted device.',
});

export const verifyTpaTrustedDevice = endpoint({
  id: 'verifyTpaTrustedDevice',
  base: 'account',
  method: 'PUT',
  path: '/no-auth/tpa/trusted-device/verify',
  unifiedPath: '/no-auth/unified/tpa/trusted-device/verify',
  body: putBody({ deviceId, verificationCode: twoFactorCode, authType: verifyMethod, remember: z.boolean() }),
  response: emptyResponse,
  auth: false,
  summary: 'Third-party sign-in: verifies the two-factor code for this device.',
});

export const verifyTrustedDevice = endpoint({
  id: 'verifyTrustedDevice',
  base: 'account',
  method: 'PUT',
  path: '/no-auth/trusted-device/verify',
  unifiedPath: '/no-auth/unified/trusted-device/verify',
  body: putBody({
    email,
    deviceId,
    verificationCode: twoFactorCode,
    authType: verifyMethod,
    rememberMe: z.boolean(),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Sign-in: verifies the two-factor code for this device (rememberMe adds it as trusted).',
});

export const TRUSTED_DEVICE_ENDPOINTS = [
  getTrustedDeviceNameSuggestion,
  listTrustedDevices,
  renameTrustedDevice,
  addTrustedDevice,
  removeTrustedDevice,
  removeAllTrustedDevices,
  verifyTpaTrustedDevice,
  verifyTrustedDevice,
] as const;
