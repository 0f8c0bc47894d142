/** Legacy bcrypt hashes (docs/legacy.md): verified through bcryptjs, and a right password asks for a rehash. */
import { describe, expect, it } from 'vitest';
import { isLegacyHash, legacyHash, verifyLegacyHash } from '../../../server/core/security/legacy-hash';
import { verifyPassword } from '../../../server/core/security/password';

describe('legacy bcrypt hashes', () => {
  it('recognises the modular crypt formats of bcrypt only', async () => {
    const hash = await legacyHash('Correct-Horse-9', 4);
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(isLegacyHash(hash)).toBe(true);
    expect(isLegacyHash(hash.replace('$2b$', '$2y$'))).toBe(true);
    expect(isLegacyHash(hash.replace('$2b$', '$2x$'))).toBe(false);
    expect(isLegacyHash(hash.slice(0, -1))).toBe(false);
    expect(isLegacyHash('lfp1$600000$100000$abc$def')).toBe(false);
  });

  it('verifyPassword accepts the right password with needsRehash, refuses a wrong one without', async () => {
    const hash = await legacyHash('Correct-Horse-9', 4);
    await expect(verifyPassword('Correct-Horse-9', hash)).resolves.toEqual({ ok: true, needsRehash: true });
    await expect(verifyPassword('Correct-Horse-8', hash)).resolves.toEqual({ ok: false, needsRehash: false });
    await expect(verifyLegacyHash('Correct-Horse-9', 'not a hash')).resolves.toBe(false);
  });
});
