/** Sealed secrets (TOTP seeds), tokens and codes. */
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../../server/core/security/secret-box';
import { digest, newToken, numericCode } from '../../../server/core/security/tokens';

const KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
const OTHER_KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

describe('secret box (AES-256-GCM)', () => {
  it('round-trips and never stores the plaintext', async () => {
    const sealed = await sealSecret('JBSWY3DPEHPK3PXP', KEY, 42);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openSecret(sealed, KEY, 42)).toBe('JBSWY3DPEHPK3PXP');
    expect(await sealSecret('JBSWY3DPEHPK3PXP', KEY, 42)).not.toBe(sealed);
  });

  it('fails for another account, another key or a tampered ciphertext', async () => {
    const sealed = await sealSecret('JBSWY3DPEHPK3PXP', KEY, 42);
    await expect(openSecret(sealed, KEY, 43)).rejects.toThrow();
    await expect(openSecret(sealed, OTHER_KEY, 42)).rejects.toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    await expect(openSecret(tampered, KEY, 42)).rejects.toThrow();
  });

  it('refuses a key that is not 32 bytes', async () => {
    await expect(sealSecret('x', btoa('short'), 1)).rejects.toThrow(/32 bytes/);
  });
});

describe('tokens and codes', () => {
  it('tokens carry 256 bits and differ', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('digest is SHA-256 hex', async () => {
    expect(await digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('numeric codes have the requested digits, leading zeros kept, and spread evenly', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 5000; i++) {
      const code = numericCode(6);
      expect(code).toMatch(/^\d{6}$/);
      counts[Number(code[0])] = (counts[Number(code[0])] ?? 0) + 1;
    }
    for (const n of counts) expect(n).toBeGreaterThan(350);
    expect(numericCode(8)).toMatch(/^\d{8}$/);
  });
});
