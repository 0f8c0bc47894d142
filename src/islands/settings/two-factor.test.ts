import { describe, expect, it } from 'vitest';
import { enabledFactors, primaryFactor } from './two-factor';

describe('two-factor facts', () => {
  it('lists enabled factors with the primary first', () => {
    expect(enabledFactors({ authTypeList: ['EMAIL', 'TOTP', 'SMS'], primaryAuthType: 'SMS' })).toEqual(['SMS', 'TOTP']);
    expect(enabledFactors({ authTypeList: ['TOTP', 'SMS'], primaryAuthType: 'TOTP' })).toEqual(['TOTP', 'SMS']);
  });
  it('ignores EMAIL and a primary that is not on', () => {
    expect(enabledFactors({ authTypeList: ['EMAIL'], primaryAuthType: 'EMAIL' })).toEqual([]);
    expect(enabledFactors({ authTypeList: ['SMS'], primaryAuthType: 'TOTP' })).toEqual(['SMS']);
    expect(primaryFactor({ authTypeList: ['SMS'], primaryAuthType: null })).toBe('SMS');
    expect(primaryFactor({ authTypeList: [], primaryAuthType: null })).toBeUndefined();
  });
});
