/**
 * Keyed hashes of the identity provider, each under its own key derived with HKDF from OIDC_KEY_SECRET (the
 * provider's own secret, DEV_SECRETS.oidcKey in dev mode) and a label, so the secret that seals the signing keys
 * with AES-GCM is never used as an HMAC key itself, and no two uses share a key.
 */
import { fromBase64, utf8 } from '../core/security/bytes';

/** The HMAC key of one secret and label, derived once per isolate. */
const keys = new Map<string, Promise<CryptoKey>>();

function derivedKey(secretBase64: string, label: string): Promise<CryptoKey> {
  const id = `${label}\n${secretBase64}`;
  let key = keys.get(id);
  if (key === undefined) {
    key = crypto.subtle
      .importKey('raw', fromBase64(secretBase64), 'HKDF', false, ['deriveKey'])
      .then((master) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode(label) },
          master,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      );
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of a message under the key of a label, hex. */
export async function labelledMac(secretBase64: string, label: string, message: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await derivedKey(secretBase64, label), utf8.encode(message)),
  );
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
