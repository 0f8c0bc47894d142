/** The pair code the launcher and the system browser both show (docs/launcher.md). */
import { describe, expect, it } from 'vitest';
import { pairCode } from '../../../../src/client/launcher/pair-code';

describe('pairCode', () => {
  it('is six digits in two groups, the same for the same request on both sides', async () => {
    const id = 'x'.repeat(43);
    const code = await pairCode(id);
    expect(code).toMatch(/^\d{3} \d{3}$/);
    expect(await pairCode(id)).toBe(code);
  });
  it('differs between requests', async () => {
    const codes = new Set(await Promise.all(['a', 'b', 'c', 'd', 'e'].map((c) => pairCode(c.repeat(43)))));
    expect(codes.size).toBe(5);
  });
});
