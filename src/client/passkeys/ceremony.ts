/**
 * The browser half of a passkey ceremony, through @simplewebauthn/browser.
 * Loaded on demand only (`await import`), by the screens that use passkeys:
 * the library is a few kilobytes no page needs before the player asks for
 * a passkey (or the login page starts its autofill request after load).
 *
 * What the browser returns is reduced to the contract's strict shape: only
 * the extension output the portal asked for (credProps) travels.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { BodyOf } from '../../shared/contract/endpoint';
import type { finishPasskeyRegistration, finishPasskeySignIn } from '../../shared/contract/passkeys';

type RegistrationCredential = BodyOf<typeof finishPasskeyRegistration>['credential'];
export type AuthenticationCredential = BodyOf<typeof finishPasskeySignIn>['credential'];
type Transport = NonNullable<RegistrationCredential['response']['transports']>[number];
const TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

/** The server's options, as the contract passes them through (a loose object carrying the challenge). */
export type ServerOptions = { [key: string]: unknown; challenge: string };

export const supportsPasskeys = (): boolean => browserSupportsWebAuthn();
export const supportsAutofill = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** The player closed the browser's dialog, it timed out, or another ceremony replaced this one. */
export function isCancelled(error: unknown): boolean {
  if (error instanceof WebAuthnError)
    return error.code === 'ERROR_CEREMONY_ABORTED' || error.cause instanceof DOMException;
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

function extensions(results: RegistrationResponseJSON['clientExtensionResults']) {
  const rk = results.credProps?.rk;
  return rk === undefined ? {} : { credProps: { rk } };
}

export async function createPasskey(options: ServerOptions): Promise<RegistrationCredential> {
  // The server's options are WebAuthn's creation options JSON (server/passkeys/routes.ts builds them).
  const r = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  const transports = (r.response.transports ?? []).filter((t): t is Transport => TRANSPORTS.includes(t));
  return {
    id: r.id,
    rawId: r.rawId,
    type: 'public-key',
    ...(r.authenticatorAttachment === undefined ? {} : { authenticatorAttachment: r.authenticatorAttachment }),
    clientExtensionResults: extensions(r.clientExtensionResults),
    response: {
      clientDataJSON: r.response.clientDataJSON,
      attestationObject: r.response.attestationObject,
      ...(r.response.authenticatorData === undefined ? {} : { authenticatorData: r.response.authenticatorData }),
      transports,
      ...(r.response.publicKeyAlgorithm === undefined ? {} : { publicKeyAlgorithm: r.response.publicKeyAlgorithm }),
      ...(r.response.publicKey === undefined ? {} : { publicKey: r.response.publicKey }),
    },
  };
}

/** An assertion; `autofill` waits for the player to pick a passkey from the email field's suggestions. */
export async function assertPasskey(options: ServerOptions, autofill = false): Promise<AuthenticationCredential> {
  const r: AuthenticationResponseJSON = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  return {
    id: r.id,
    rawId: r.rawId,
    type: 'public-key',
    ...(r.authenticatorAttachment === undefined ? {} : { authenticatorAttachment: r.authenticatorAttachment }),
    clientExtensionResults: {},
    response: {
      clientDataJSON: r.response.clientDataJSON,
      authenticatorData: r.response.authenticatorData,
      signature: r.response.signature,
      ...(r.response.userHandle === undefined ? {} : { userHandle: r.response.userHandle }),
    },
  };
}

/** Ends a pending (autofill) request, e.g. before the button starts its own. */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}
