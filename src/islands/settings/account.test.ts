import { describe, expect, it } from 'vitest';
import { accountStateSchema } from '../../client/stores/account-parse';
import { formatPlayerTag } from './account';

describe('player tag', () => {
  it('shows name#number from the server object', () => {
    expect(formatPlayerTag({ name: 'Ember', number: '0427' })).toBe('Ember#0427');
  });
  it('shows nothing for a missing tag', () => {
    expect(formatPlayerTag(null)).toBeUndefined();
    expect(formatPlayerTag(undefined)).toBeUndefined();
  });
  it('is parsed with the contract shape when the account loads: a malformed tag is refused', () => {
    expect(accountStateSchema.safeParse({ playerTag: { name: 'Ember', number: '0427' } }).success).toBe(true);
    expect(accountStateSchema.safeParse({ playerTag: { name: 'Ember', number: '42' } }).success).toBe(false);
    expect(accountStateSchema.safeParse({ playerTag: 'Ember#0427' }).success).toBe(false);
  });
});
