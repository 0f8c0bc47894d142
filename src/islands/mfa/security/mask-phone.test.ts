import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone';

describe('phone masking', () => {
  it('keeps the plus sign and the last 4 digits', () => {
    expect(maskPhone('+14155550123')).toBe('+•••••••0123');
    expect(maskPhone('0123')).toBe('0123');
  });
});
