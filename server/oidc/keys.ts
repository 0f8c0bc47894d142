/**
 * The identity provider's signing keys (ES256 and RS256, each on its own schedule), kept in the database with the private half sealed by OIDC_KEY_SECRET
 * (AES-GCM, the kid as additional data), rotated on a schedule read from the API clock:
 *
 * - a key signs from its `use_from` until the next key's `use_from` (KEY_ROTATION_MS later);
 * - the next key is created, and published in the JWKS, KEY_PUBLISH_AHEAD_MS before it signs, so relying parties
 *   that cache the JWKS already know it;
 * - a key stays published MAX_TOKEN_TTL_MS after its successor takes over, so tokens it signed still verify.
 *
 * The very first key signs at once (nothing can have cached a JWKS before it existed). Two isolates rotating at
 * the same moment insert one key: `use_from` is unique and the second insert is ignored.
 */
import { exportJWK, generateKeyPair, importJWK, type CryptoKey as JoseKey, type JWK } from 'jose';
import { fromBase64, fromBase64Url, randomBytes, toBase64Url, utf8 } from '../core/security/bytes';
import type { Db } from '../core/db/engine';
import { allSigningKeys as allKeys, insertSigningKey, type KeyRow } from './data';
import { KEY_PUBLISH_AHEAD_MS, KEY_ROTATION_MS, MAX_TOKEN_TTL_MS, SIGNING_ALGS, type SigningAlg } from './config';

async function aesKey(secretBase64: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64(secretBase64), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

async function seal(jwk: JWK, kid: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(`oidc-key:${kid}`) },
    await aesKey(secret),
    utf8.encode(JSON.stringify(jwk)),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

async function unseal(sealed: string, kid: string, secret: string): Promise<JWK> {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || body === undefined) throw new Error('Unknown sealed key format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: utf8.encode(`oidc-key:${kid}`) },
    await aesKey(secret),
    fromBase64Url(body),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as JWK;
}

async function createKey(db: Db, alg: SigningAlg, useFrom: number, now: number, secret: string): Promise<void> {
  // RSA: 2048 bits, what RS256 verifiers everywhere accept (RFC 7518 §3.3 minimum).
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const kid = toBase64Url(randomBytes(12));
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  const sealed = await seal({ ...(await exportJWK(privateKey)), kid, alg }, kid, secret);
  await insertSigningKey(db, alg, {
    kid,
    public_jwk: JSON.stringify(publicJwk),
    private_jwk_sealed: sealed,
    use_from: useFrom,
    created_at: now,
  });
}

/** The keys after making sure the schedule has its current and (when due) next key. */
async function scheduledKeys(db: Db, alg: SigningAlg, now: number, secret: string): Promise<KeyRow[]> {
  let keys = await allKeys(db, alg);
  const newest = keys.at(-1);
  if (newest === undefined) {
    await createKey(db, alg, now, now, secret);
    keys = await allKeys(db, alg);
  } else if (newest.use_from + KEY_ROTATION_MS - KEY_PUBLISH_AHEAD_MS <= now) {
    // After a long idle period the next key still gets its full publication time before it signs.
    await createKey(db, alg, Math.max(newest.use_from + KEY_ROTATION_MS, now + KEY_PUBLISH_AHEAD_MS), now, secret);
    keys = await allKeys(db, alg);
  }
  return keys;
}

function signingRow(keys: readonly KeyRow[], now: number): KeyRow {
  const usable = keys.filter((k) => k.use_from <= now);
  const row = usable.at(-1) ?? keys[0];
  if (row === undefined) throw new Error('No signing key');
  return row;
}

/** The key of an algorithm that signs now, as jose needs it. */
export async function signingKey(
  db: Db,
  alg: SigningAlg,
  now: number,
  secret: string,
): Promise<{ kid: string; key: JoseKey | Uint8Array }> {
  const row = signingRow(await scheduledKeys(db, alg, now, secret), now);
  const jwk = await unseal(row.private_jwk_sealed, row.kid, secret);
  return { kid: row.kid, key: await importJWK(jwk, alg) };
}

/** One algorithm's published keys: the one that signs, the next (published ahead), old ones while their tokens live. */
async function publishedOf(db: Db, alg: SigningAlg, now: number, secret: string): Promise<JWK[]> {
  const keys = await scheduledKeys(db, alg, now, secret);
  const current = signingRow(keys, now);
  const published = keys.filter((k, i) => {
    if (k.use_from >= current.use_from) return true;
    const successor = keys[i + 1];
    return successor !== undefined && successor.use_from + MAX_TOKEN_TTL_MS > now;
  });
  return published.map((k) => JSON.parse(k.public_jwk) as JWK);
}

/** RFC 7517 key set: every algorithm's published keys. */
export async function publishedKeys(db: Db, now: number, secret: string): Promise<{ keys: JWK[] }> {
  const sets = await Promise.all(SIGNING_ALGS.map((alg) => publishedOf(db, alg, now, secret)));
  return { keys: sets.flat() };
}
