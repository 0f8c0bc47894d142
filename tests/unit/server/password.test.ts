/** Password hashing and the PBKDF2 cap (production Workers refuse > 100,000 iterations per call). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pbkdf2CapError, PBKDF2_MAX_ITERATIONS_PER_CALL, pbkdf2Sha256 } from '../../../server/core/security/pbkdf2';
import {
  CURRENT_PARAMS,
  hashPassword,
  parseHash,
  PASSWORD_HASH_PARAMS,
  verifyAgainstDecoy,
  verifyPassword,
} from '../../../server/core/security/password';

const bytes = (s: string) => new TextEncoder().encode(s);

function spyIterations(): number[] {
  const seen: number[] = [];
  const original = crypto.subtle.deriveBits.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'deriveBits').mockImplementation((algorithm, key, length) => {
    seen.push((algorithm as Pbkdf2Params).iterations);
    return original(algorithm, key, length);
  });
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('the PBKDF2 guard', () => {
  it('throws above 100,000 iterations, before calling WebCrypto', async () => {
    const seen = spyIterations();
    await expect(pbkdf2Sha256(bytes('pw'), bytes('salt-salt-salt!!'), 100_001)).rejects.toBeInstanceOf(Pbkdf2CapError);
    await expect(pbkdf2Sha256(bytes('pw'), bytes('salt-salt-salt!!'), 600_000)).rejects.toThrow(/cap/);
    expect(seen).toEqual([]);
  });

  it('accepts exactly the cap, and refuses nonsense counts', async () => {
    expect((await pbkdf2Sha256(bytes('pw'), bytes('salt-salt-salt!!'), PBKDF2_MAX_ITERATIONS_PER_CALL)).length).toBe(
      32,
    );
    await expect(pbkdf2Sha256(bytes('pw'), bytes('s'), 0)).rejects.toThrow(RangeError);
    await expect(pbkdf2Sha256(bytes('pw'), bytes('s'), 1.5)).rejects.toThrow(RangeError);
  });

  it('hashing and verifying stay within the cap per call and total 600,000 iterations', async () => {
    const seen = spyIterations();
    const stored = await hashPassword('Correct-Horse-9');
    expect(seen.every((n) => n <= PBKDF2_MAX_ITERATIONS_PER_CALL)).toBe(true);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(600_000);
    seen.length = 0;
    await verifyPassword('Correct-Horse-9', stored);
    expect(seen.every((n) => n <= PBKDF2_MAX_ITERATIONS_PER_CALL)).toBe(true);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(600_000);
  });

  it('a stored hash claiming more than the cap per call is refused without deriving', async () => {
    const seen = spyIterations();
    const forged = `lfp1$200000$200000$${'A'.repeat(22)}$${'B'.repeat(43)}`;
    expect(parseHash(forged)).toBeNull();
    expect(await verifyPassword('x', forged)).toEqual({ ok: false, needsRehash: false });
    expect(seen).toEqual([]);
  });

  it('the current parameters are OWASP level and split into whole capped calls', () => {
    expect(CURRENT_PARAMS.totalIterations).toBeGreaterThanOrEqual(600_000);
    expect(CURRENT_PARAMS.iterationsPerCall).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS_PER_CALL);
    expect(CURRENT_PARAMS.totalIterations % CURRENT_PARAMS.iterationsPerCall).toBe(0);
  });
});

describe('password hashes', () => {
  it('are versioned, salted and verify only the right password', async () => {
    const a = await hashPassword('Correct-Horse-9');
    const b = await hashPassword('Correct-Horse-9');
    expect(a).toMatch(/^lfp1\$600000\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Correct-Horse-9', a)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('correct-Horse-9', a)).toEqual({ ok: false, needsRehash: false });
  });

  it('flag a hash with older parameters for rehash, only when the password matches', async () => {
    const legacy = await hashPassword('Correct-Horse-9', { totalIterations: 100_000, iterationsPerCall: 100_000 });
    expect(await verifyPassword('Correct-Horse-9', legacy)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('wrong', legacy)).toEqual({ ok: false, needsRehash: false });
  });

  it('normalise Unicode so the same typed password always matches', async () => {
    const stored = await hashPassword('Caf\u00e9-pass-1');
    expect((await verifyPassword('Cafe\u0301-pass-1', stored)).ok).toBe(true);
  });

  it('at the test cost: the same scheme, rehashed to the standard cost and back as the server asks', async () => {
    const { test, standard } = PASSWORD_HASH_PARAMS;
    expect(standard).toBe(CURRENT_PARAMS);
    const cheap = await hashPassword('Correct-Horse-9', test);
    expect(cheap).toMatch(/^lfp1\$1000\$1000\$/);
    expect(await verifyPassword('Correct-Horse-9', cheap, test)).toEqual({ ok: true, needsRehash: false });
    // A production server meeting a test-cost hash (a dev database promoted by mistake) rehashes it.
    expect(await verifyPassword('Correct-Horse-9', cheap)).toEqual({ ok: true, needsRehash: true });
    const strong = await hashPassword('Correct-Horse-9');
    expect(await verifyPassword('Correct-Horse-9', strong, test)).toEqual({ ok: true, needsRehash: true });
  });

  it('a decoy check costs what a check of the given parameters costs', async () => {
    const seen = spyIterations();
    await verifyAgainstDecoy('anything', PASSWORD_HASH_PARAMS.test);
    // The first check hashes the decoy, then checks against it; later ones only check.
    expect(seen).toEqual([1_000, 1_000]);
    seen.length = 0;
    await verifyAgainstDecoy('anything', PASSWORD_HASH_PARAMS.test);
    expect(seen).toEqual([1_000]);
    seen.length = 0;
    await verifyAgainstDecoy('anything');
    expect(seen.slice(-6)).toEqual(Array(6).fill(100_000));
  });

  it('refuse unknown formats', async () => {
    expect(await verifyPassword('x', 'plaintext')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toEqual({
      ok: false,
      needsRehash: false,
    });
  });
});
