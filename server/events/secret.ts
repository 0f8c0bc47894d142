/**
 * Endpoint secrets at rest. Unlike a client secret (stored as its hash), a webhook secret must be read back to sign,
 * so it is sealed: AES-256-GCM under a key derived with HKDF-SHA256 from TOTP_ENCRYPTION_KEY (the secret every
 * deployment already sets for sealed secrets) under a label of its own, with the endpoint id as additional data (a
 * sealed secret copied to another endpoint's row does not open). scripts/events-add.mjs bundles this module to seal
 * what it registers.
 */
import { fromBase64, fromBase64Url, randomBytes, toBase64Url, utf8 } from '../core/security/bytes';

const HKDF_INFO = 'lumenforge/event-endpoint-secret/v1';

async function sealingKey(masterBase64: string): Promise<CryptoKey> {
  const master = fromBase64(masterBase64);
  if (master.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be base64 of 32 bytes');
  const ikm = await crypto.subtle.importKey('raw', master, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: utf8.encode(HKDF_INFO) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function sealEndpointSecret(secret: string, masterBase64: string, endpointId: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(`event-endpoint:${endpointId}`) },
    await sealingKey(masterBase64),
    utf8.encode(secret),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function openEndpointSecret(sealed: string, masterBase64: string, endpointId: string): Promise<string> {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || body === undefined) throw new Error('Unknown sealed secret format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: utf8.encode(`event-endpoint:${endpointId}`) },
    await sealingKey(masterBase64),
    fromBase64Url(body),
  );
  return new TextDecoder().decode(plain);
}
