/**
 * Passkeys (WebAuthn Level 3; issue 18, not in the spec): register and manage
 * them in settings → security, sign in with one (passwordless: a user-verified
 * passkey is both factors), or answer the second step after a password with
 * one. The ceremony options are the WebAuthn JSON forms
 * (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON) passed through
 * as the server library makes them; the credentials the browser returns are
 * held to strict shapes here (base64url fields, known extension outputs only).
 * docs/passkeys.md.
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import { deviceId, emptyResponse, localTime, loginResponse, postBody, putBody, timeOffset } from './common';
import { endpoint } from './endpoint';
import { isoDateTime } from './formats';
import { identifier } from './ids';
import { deviceName } from './trusted-devices';

/** A base64url field of a credential (ID_PATTERN covers the base64url alphabet; no padding is sent). */
const b64url = (max: number) => identifier(max);
/** Credential ids are at most 1023 bytes (WebAuthn L3 §5.8.3): 1364 base64url characters. */
export const credentialId = b64url(1364);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** The only extension output the portal asks for (credProps: whether the passkey is discoverable). */
const clientExtensionResults = z.strictObject({
  credProps: z.optional(z.strictObject({ rk: z.optional(z.boolean()) })),
});
const attachment = z.optional(z.enum(['platform', 'cross-platform']));

export const registrationCredential = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    authenticatorData: z.optional(b64url(16384)),
    transports: z.optional(checked(z.array(z.enum(TRANSPORTS)), z.maxLength(TRANSPORTS.length))),
    publicKeyAlgorithm: z.optional(checked(z.number(), z.int())),
    publicKey: z.optional(b64url(4096)),
  }),
});

export const authenticationCredential = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16384),
    signature: b64url(2048),
    userHandle: z.optional(b64url(128)),
  }),
});

/** The WebAuthn options JSON, as the server library builds it; the browser library reads it. */
const ceremonyOptions = z.object({ options: z.looseObject({ challenge: z.string() }) });

export const passkeySummary = z.object({
  credentialId: z.string(),
  name: z.string(),
  createdAt: isoDateTime(),
  lastUsedAt: z.nullable(isoDateTime()),
  /** From the backup flags: true when the passkey is synced (backed up, e.g. to a password manager). */
  synced: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const startPasskeyRegistration = endpoint({
  id: 'startPasskeyRegistration',
  base: 'account',
  method: 'POST',
  path: '/passkey/registration/options',
  body: postBody({}),
  response: ceremonyOptions,
  auth: true,
  summary: 'Options to create a passkey (after settings verification).',
});

export const finishPasskeyRegistration = endpoint({
  id: 'finishPasskeyRegistration',
  base: 'account',
  method: 'POST',
  path: '/passkey/registration',
  body: postBody({ name: deviceName, credential: registrationCredential, localTime, timeOffset }),
  response: z.object({ passkey: passkeySummary }),
  auth: true,
  summary: 'Stores the new passkey under the given name (a notification email is sent).',
});

export const listPasskeys = endpoint({
  id: 'listPasskeys',
  base: 'account',
  method: 'GET',
  path: '/passkey',
  response: z.object({ passkeys: z.array(passkeySummary) }),
  auth: true,
  summary: 'The account’s passkeys, newest first.',
});

export const renamePasskey = endpoint({
  id: 'renamePasskey',
  base: 'account',
  method: 'PUT',
  path: '/passkey/name',
  body: putBody({ credentialId, name: deviceName }),
  response: emptyResponse,
  auth: true,
  summary: 'Renames a passkey.',
});

export const removePasskey = endpoint({
  id: 'removePasskey',
  base: 'account',
  method: 'PUT',
  path: '/passkey/remove',
  body: putBody({ credentialId, localTime, timeOffset }),
  response: emptyResponse,
  auth: true,
  summary: 'Removes a passkey (after settings verification; a notification email is sent).',
});

export const startPasskeySignIn = endpoint({
  id: 'startPasskeySignIn',
  base: 'account',
  method: 'POST',
  path: '/no-auth/passkey/sign-in/options',
  body: postBody({}),
  response: ceremonyOptions,
  auth: false,
  summary: 'Options to sign in with a passkey (no account named: the passkey says whose it is).',
});

export const finishPasskeySignIn = endpoint({
  id: 'finishPasskeySignIn',
  base: 'account',
  method: 'POST',
  path: '/no-auth/passkey/sign-in',
  body: postBody({
    credential: authenticationCredential,
    deviceId,
    autoLogin: z.boolean(),
    localTime: z.optional(localTime),
    timeOffset: z.optional(timeOffset),
  }),
  response: loginResponse,
  auth: false,
  summary: 'Signs in with a user-verified passkey (both factors); pauses at healup or terms like a password.',
});

export const startPasskeySecondStep = endpoint({
  id: 'startPasskeySecondStep',
  base: 'account',
  method: 'POST',
  path: '/no-auth/passkey/second-step/options',
  body: postBody({}),
  response: ceremonyOptions,
  auth: false,
  summary: 'Options to answer the sign-in second step with one of the account’s passkeys (pending sign-in).',
});

export const finishPasskeySecondStep = endpoint({
  id: 'finishPasskeySecondStep',
  base: 'account',
  method: 'POST',
  path: '/no-auth/passkey/second-step',
  body: postBody({ credential: authenticationCredential, deviceId }),
  response: emptyResponse,
  auth: false,
  summary: 'Answers the second step with a passkey; login complete then signs in.',
});

export const PASSKEY_ENDPOINTS = [
  startPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  renamePasskey,
  removePasskey,
  startPasskeySignIn,
  finishPasskeySignIn,
  startPasskeySecondStep,
  finishPasskeySecondStep,
] as const;
