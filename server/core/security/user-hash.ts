/**
 * Hashed user numbers (spec §3 login response: hashedUserNo,
 * hashedGlobalUserNo). The portal stores them in cookies and analytics, so
 * they must identify a player without exposing the account id: each is an
 * HMAC-SHA256 of the number under a server key, base64url.
 *
 * Key: USER_HASH_KEY (base64 of 32 random bytes) when set. Until a deployment
 * sets it, a subkey is derived with HKDF-SHA256 from TOTP_ENCRYPTION_KEY
 * under its own label, so the two uses never share key material directly.
 * Without either the call fails loudly (a misconfiguration, never a silent
 * unhashed id).
 */
import * as z from 'zod/mini';
import { settingsOf, type Env } from '../env';
import { fromBase64, toBase64Url, utf8 } from './bytes';

const keyEnv = z.object({
  USER_HASH_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/))),
});

const HKDF_INFO = 'lumenforge/user-number-hash/v1';
const cache = new WeakMap<Env, Promise<CryptoKey>>();

async function deriveKey(env: Env): Promise<CryptoKey> {
  const parsed = keyEnv.safeParse(env);
  if (!parsed.success) throw new Error('USER_HASH_KEY must be base64 of 32 bytes');
  const own = parsed.data.USER_HASH_KEY;
  const hmac = { name: 'HMAC', hash: 'SHA-256' } as const;
  if (own !== undefined) return crypto.subtle.importKey('raw', fromBase64(own), hmac, false, ['sign']);
  const master = settingsOf(env).totpKey;
  if (master === null) throw new Error('Set USER_HASH_KEY (or TOTP_ENCRYPTION_KEY) to hash user numbers');
  const ikm = await crypto.subtle.importKey('raw', fromBase64(master), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: utf8.encode(HKDF_INFO) },
    ikm,
    { ...hmac, length: 256 },
    false,
    ['sign'],
  );
}

function keyOf(env: Env): Promise<CryptoKey> {
  let key = cache.get(env);
  if (!key) {
    key = deriveKey(env);
    cache.set(env, key);
  }
  return key;
}

async function mac(env: Env, label: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await keyOf(env), utf8.encode(label));
  return toBase64Url(new Uint8Array(signature));
}

export interface HashedUserNumbers {
  hashedUserNo: string;
  hashedGlobalUserNo: string;
}

/**
 * The global user number is the account id; the user number is the account
 * within its membership (region), so the two hashes differ and neither can
 * be linked to the other without the key.
 */
export async function hashUserNumbers(
  env: Env,
  account: { id: number; membership_no: number | null },
): Promise<HashedUserNumbers> {
  const [hashedUserNo, hashedGlobalUserNo] = await Promise.all([
    mac(env, `user:${String(account.membership_no ?? 0)}:${String(account.id)}`),
    mac(env, `global:${String(account.id)}`),
  ]);
  return { hashedUserNo, hashedGlobalUserNo };
}
