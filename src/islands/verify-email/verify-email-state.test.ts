import { describe, expect, it } from 'vitest';
import { offersFreshLink, readToken, stateFromOutcome } from './verify-email-state';

describe('verify-email landing states', () => {
  it('reads an opaque token and refuses anything else', () => {
    expect(readToken(new URLSearchParams('token=abcDEF0123456789_-.~xyz'))).toBe('abcDEF0123456789_-.~xyz');
    expect(readToken(new URLSearchParams(''))).toBeUndefined();
    expect(readToken(new URLSearchParams('token=short'))).toBeUndefined();
    expect(readToken(new URLSearchParams('token=%3Cscript%3Ealert(1)%3C%2Fscript%3E'))).toBeUndefined();
  });

  it('maps the verify outcome', () => {
    expect(stateFromOutcome({ ok: true, email: 'a@b.co', alreadyVerified: false })).toEqual({
      kind: 'verified',
      email: 'a@b.co',
      alreadyVerified: false,
    });
    expect(stateFromOutcome({ ok: false, code: '20018' })).toEqual({ kind: 'expired' });
    expect(stateFromOutcome({ ok: false, code: '20068' })).toEqual({ kind: 'replaced' });
    expect(stateFromOutcome({ ok: false, code: 'NETWORK_ERROR' })).toEqual({ kind: 'failed', code: 'NETWORK_ERROR' });
  });

  it('offers a fresh link for expired and replaced links only', () => {
    expect(offersFreshLink({ kind: 'expired' })).toBe(true);
    expect(offersFreshLink({ kind: 'replaced' })).toBe(true);
    expect(offersFreshLink({ kind: 'missing' })).toBe(false);
    expect(offersFreshLink({ kind: 'verified', email: 'a@b.co', alreadyVerified: true })).toBe(false);
  });
});
