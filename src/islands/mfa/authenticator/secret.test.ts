import { describe, expect, it } from 'vitest';
import { groupSecret, plainSecret } from './secret';

describe('authenticator secret', () => {
  it('groups the base32 secret in fours without padding', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEH======')).toBe('JBSW Y3DP EH');
  });
  it('copies without spaces or padding', () => {
    expect(plainSecret('jbsw y3dp eh==')).toBe('JBSWY3DPEH');
  });
});
