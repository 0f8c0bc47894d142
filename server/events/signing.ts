/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/events.md "Verifying a delivery"):
 *   webhook-signature: v1,<base64 HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)>
 * The endpoint secret is shown to the publisher as `whsec_<base64 of the key>`, the spec's format, so the
 * Standard Webhooks libraries (and the example receiver) take it as it is. WebCrypto does the HMAC; nothing else
 * here is cryptography.
 */
import { fromBase64, randomBytes, toBase64, utf8 } from '../core/security/bytes';

export const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: the HMAC-SHA256 block-size guidance and what the Standard Webhooks libraries generate. */
const SECRET_BYTES = 32;

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** A fresh endpoint secret in the Standard Webhooks format. */
export function newEndpointSecret(): string {
  return `${SECRET_PREFIX}${toBase64(randomBytes(SECRET_BYTES))}`;
}

/** The HMAC key of a `whsec_` secret; throws on anything else (a secret this code did not make). */
export function secretKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('An endpoint secret starts with whsec_');
  const key = fromBase64(secret.slice(SECRET_PREFIX.length));
  if (key.length < 24 || key.length > 64) throw new Error('An endpoint secret holds 24 to 64 bytes');
  return key;
}

/** The `webhook-signature` value of one attempt: `v1,` and the base64 HMAC of id, timestamp (seconds) and body. */
export async function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secretKeyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, utf8.encode(`${id}.${String(timestampSeconds)}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}
