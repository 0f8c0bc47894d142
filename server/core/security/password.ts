/**
 * Password hashing (see docs/security.md for the choice and its measurements).
 *
 * Scheme `lfp1`: PBKDF2-HMAC-SHA256 at OWASP's 600,000 iterations, computed
 * as a chain of WebCrypto calls of at most 100,000 iterations each (the
 * production Workers cap): round 1 derives from the password, each next round
 * derives from the previous round's output with the same salt. An attacker
 * still pays 600,000 HMAC-SHA256 evaluations per guess.
 *
 * Stored format: `lfp1$<total iterations>$<iterations per call>$<salt>$<hash>`
 * (salt and hash base64url). The parameters travel with the hash, so a change
 * of parameters is detected at login and the hash is recomputed (rehash).
 *
 * Imported by scripts/seed.mjs through Node's type stripping: erasable
 * TypeScript only, explicit `.ts` import paths.
 */
import { equalBytes, fromBase64Url, randomBytes, toBase64Url, utf8 } from './bytes.ts';
import { PBKDF2_MAX_ITERATIONS_PER_CALL, pbkdf2Sha256 } from './pbkdf2.ts';
import { isLegacyHash, verifyLegacyHash } from './legacy-hash.ts';

export interface HashParams {
  readonly totalIterations: number;
  readonly iterationsPerCall: number;
}

/** OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256, 600,000 iterations. */
export const CURRENT_PARAMS: HashParams = { totalIterations: 600_000, iterationsPerCall: 100_000 };

/**
 * The cost the API hashes new passwords at: `standard` everywhere but the API test servers, which set
 * PASSWORD_HASH_COST=test beside DEV_TOOLS (server/core/env.ts; a production deployment refuses the variable).
 * Their suite signs up and in thousands of times: at 600,000 iterations the hashing took a sixth of its time
 * (docs/security.md). The scheme, the code path and the timing rules are the same; only the iteration count differs.
 */
export type HashCost = 'standard' | 'test';
export const PASSWORD_HASH_PARAMS: Readonly<Record<HashCost, HashParams>> = {
  standard: CURRENT_PARAMS,
  test: { totalIterations: 1_000, iterationsPerCall: 1_000 },
};

const SCHEME = 'lfp1';
const SALT_BYTES = 16;
const HASH_BITS = 256;
const FORMAT = /^lfp1\$(\d{1,9})\$(\d{1,9})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{43})$/;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, params: HashParams) {
  const { totalIterations, iterationsPerCall } = params;
  if (iterationsPerCall > PBKDF2_MAX_ITERATIONS_PER_CALL || totalIterations % iterationsPerCall !== 0)
    throw new RangeError('Hash parameters must split into whole calls within the PBKDF2 cap');
  let material = utf8.encode(password.normalize('NFC'));
  for (let done = 0; done < totalIterations; done += iterationsPerCall) {
    material = await pbkdf2Sha256(material, salt, iterationsPerCall, HASH_BITS);
  }
  return material;
}

export async function hashPassword(password: string, params: HashParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params);
  return [SCHEME, params.totalIterations, params.iterationsPerCall, toBase64Url(salt), toBase64Url(hash)].join('$');
}

export interface VerifyResult {
  readonly ok: boolean;
  /** The password matched but the stored hash uses other parameters: store a fresh hash. */
  readonly needsRehash: boolean;
}

export function parseHash(
  stored: string,
): { params: HashParams; salt: Uint8Array<ArrayBuffer>; hash: Uint8Array } | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const [, total, perCall, salt, hash] = m;
  const params = { totalIterations: Number(total), iterationsPerCall: Number(perCall) };
  if (
    params.iterationsPerCall < 1 ||
    params.iterationsPerCall > PBKDF2_MAX_ITERATIONS_PER_CALL ||
    params.totalIterations < params.iterationsPerCall ||
    params.totalIterations % params.iterationsPerCall !== 0
  )
    return null;
  return { params, salt: fromBase64Url(salt ?? ''), hash: fromBase64Url(hash ?? '') };
}

/** `current`: the parameters new hashes get (a right password on other parameters answers needsRehash). */
export async function verifyPassword(
  password: string,
  stored: string,
  current: HashParams = CURRENT_PARAMS,
): Promise<VerifyResult> {
  // A legacy account's bcrypt hash (docs/legacy.md): right means rehash into the current format (lazy migration).
  if (isLegacyHash(stored)) {
    const ok = await verifyLegacyHash(password, stored);
    return { ok, needsRehash: ok };
  }
  const parsed = parseHash(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const candidate = await derive(password, parsed.salt, parsed.params);
  const ok = equalBytes(candidate, parsed.hash);
  const upToDate =
    parsed.params.totalIterations === current.totalIterations &&
    parsed.params.iterationsPerCall === current.iterationsPerCall;
  return { ok, needsRehash: ok && !upToDate };
}

/**
 * A hash computed for no account, so a login for an unknown account costs the
 * same time as a wrong password (no account enumeration by timing). `params`:
 * the cost of the accounts' own hashes (the API's current parameters).
 */
const decoys = new Map<string, Promise<string>>();
export async function verifyAgainstDecoy(password: string, params: HashParams = CURRENT_PARAMS): Promise<void> {
  const key = `${params.totalIterations}/${params.iterationsPerCall}`;
  let decoy = decoys.get(key);
  if (decoy === undefined) {
    decoy = hashPassword('decoy-password-for-timing', params);
    decoys.set(key, decoy);
  }
  await verifyPassword(password, await decoy, params);
}
