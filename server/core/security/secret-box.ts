/**
 * Encryption of stored secrets (TOTP seeds) with AES-256-GCM through
 * WebCrypto. The key is 32 random bytes from env (TOTP_ENCRYPTION_KEY,
 * base64). The account id is bound as additional data, so a ciphertext copied
 * to another account's row does not decrypt.
 *
 * Format: `v1.<iv base64url>.<ciphertext+tag base64url>`.
 * Imported by scripts/seed.mjs: erasable TypeScript only, `.ts` import paths.
 */
import { fromBase64, fromBase64Url, randomBytes, toBase64Url, utf8 } from './bytes.ts';

async function importKey(keyBase64: string): Promise<CryptoKey> {
  const raw = fromBase64(keyBase64);
  if (raw.length !== 32) throw new Error('The encryption key must be 32 bytes (base64)');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealSecret(plaintext: string, keyBase64: string, accountId: number): Promise<string> {
  return sealBound(plaintext, keyBase64, `account:${accountId}`);
}

export async function openSecret(sealed: string, keyBase64: string, accountId: number): Promise<string> {
  return openBound(sealed, keyBase64, `account:${accountId}`);
}

/**
 * Seals under another binding than a player's (`staff:<id>` for staff TOTP seeds): a staff seed copied into a
 * player's row, or a player's into a staff row, does not open.
 */
export async function sealBound(plaintext: string, keyBase64: string, binding: string): Promise<string> {
  const iv = randomBytes(12);
  const key = await importKey(keyBase64);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(binding) },
    key,
    utf8.encode(plaintext),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function openBound(sealed: string, keyBase64: string, binding: string): Promise<string> {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || body === undefined) throw new Error('Unknown sealed secret format');
  const key = await importKey(keyBase64);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: utf8.encode(binding) },
    key,
    fromBase64Url(body),
  );
  return new TextDecoder().decode(plain);
}
