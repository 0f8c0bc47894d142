import { describe, expect, it } from 'vitest';
import { formatPlayerTag } from './account';

describe('player tag', () => {
  it('shows name#number from the server object', () => {
    expect(formatPlayerTag({ name: 'Ember', number: '0427' })).toBe('Ember#0427');
  });
  it('keeps an already formatted tag', () => {
    expect(formatPlayerTag('Ember#0427')).toBe('Ember#0427');
  });
  it('shows nothing for a missing or malformed tag', () => {
    expect(formatPlayerTag(null)).toBeUndefined();
    expect(formatPlayerTag('')).toBeUndefined();
    expect(formatPlayerTag({ name: 'Ember', number: '42' })).toBeUndefined();
  });
});
