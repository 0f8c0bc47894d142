/**
 * The code a player types to activate a console (RFC 8628 user code) is a secret for its 10 minutes: about 38 bits
 * that, read from a copy of the database, would let anyone approve a console onto a stranger's account. It is stored
 * as a keyed hash, never in the clear (issue 26 §5): HMAC-SHA256 of the normalised code (./device.ts
 * normaliseUserCode). A keyed hash rather than a salted one because the portal finds the row by the typed code; a
 * plain SHA-256 of 28^8 codes would be reversed in seconds, the key makes that impossible without the secret.
 *
 * The key is derived with HKDF from OIDC_KEY_SECRET (the identity provider's own secret, DEV_SECRETS.oidcKey in
 * dev mode) with its own label, so the secret that seals the signing keys with AES-GCM is never used as an HMAC
 * key itself.
 */
import { fromBase64, utf8 } from '../core/security/bytes';

const LABEL = 'lumenforge/oidc/user-code/v1';

/** The HMAC key of one secret, derived once per isolate. */
const keys = new Map<string, Promise<CryptoKey>>();

function userCodeKey(secretBase64: string): Promise<CryptoKey> {
  let key = keys.get(secretBase64);
  if (key === undefined) {
    key = crypto.subtle
      .importKey('raw', fromBase64(secretBase64), 'HKDF', false, ['deriveKey'])
      .then((master) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode(LABEL) },
          master,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      );
    keys.set(secretBase64, key);
  }
  return key;
}

/** The stored form of a normalised user code: HMAC-SHA256, hex. */
export async function userCodeHash(secretBase64: string, normalised: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await userCodeKey(secretBase64), utf8.encode(normalised)),
  );
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
