/**
 * The one door to PBKDF2. Production Workers refuse a PBKDF2 call above
 * 100,000 iterations, but local workerd and Node do not, so a parameter slip
 * would pass every local test and break every sign-in in production. Every
 * PBKDF2 derivation in the API goes through this guard, which throws above the
 * cap everywhere (tests/unit/server/pbkdf2.test.ts and the API tests prove it).
 */

export const PBKDF2_MAX_ITERATIONS_PER_CALL = 100_000;

export class Pbkdf2CapError extends RangeError {
  constructor(iterations: number) {
    super(`PBKDF2 iterations ${iterations} exceed the Workers cap of ${PBKDF2_MAX_ITERATIONS_PER_CALL} per call`);
    this.name = 'Pbkdf2CapError';
  }
}

/** PBKDF2-HMAC-SHA256 through WebCrypto; `iterations` must be 1..100,000. */
export async function pbkdf2Sha256(
  secret: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  bits = 256,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`PBKDF2 iterations ${iterations} invalid`);
  if (iterations > PBKDF2_MAX_ITERATIONS_PER_CALL) throw new Pbkdf2CapError(iterations);
  const key = await crypto.subtle.importKey('raw', secret, 'PBKDF2', false, ['deriveBits']);
  const out = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, bits);
  return new Uint8Array(out);
}
