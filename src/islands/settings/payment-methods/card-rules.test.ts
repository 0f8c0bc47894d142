import { describe, expect, it } from 'vitest';
import { cardDigits, expired, holderErrors, localCardErrors, luhnValid, parseExpiry } from './card-rules';

const NOW = new Date(2026, 10, 24);

describe('card rules', () => {
  it('checks the Luhn digit of 12 to 19 digits', () => {
    expect(luhnValid(cardDigits('4242 4242 4242 4242'))).toBe(true);
    expect(luhnValid(cardDigits('3782-822463-10005'))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242x24242424242')).toBe(false);
  });

  it('reads MM/YY and MM/YYYY; the expiry month itself is still valid', () => {
    expect(parseExpiry('12/31')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry(' 4 / 2030 ')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
    expect(expired({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(expired({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(expired({ month: 1, year: 2025 }, NOW)).toBe(true);
  });

  it('says what to fix in each card field', () => {
    expect(localCardErrors({ number: '4242 4242 4242 4242', expiry: '12/31', cvc: '123' }, NOW)).toEqual({});
    expect(localCardErrors({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, NOW)).toEqual({
      number: 'settings.payments.form.numberInvalid',
      expiry: 'settings.payments.form.expiryPast',
      cvc: 'settings.payments.form.cvcInvalid',
    });
    expect(localCardErrors({ number: '378282246310005', expiry: '1/2', cvc: '123' }, NOW)).toEqual({
      expiry: 'settings.payments.form.expiryInvalid',
      cvc: 'settings.payments.form.cvcInvalid',
    });
  });

  it('needs both names (at most 64 characters) and an email', () => {
    expect(holderErrors({ givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' })).toEqual({});
    expect(holderErrors({ givenName: '  ', surname: 'x'.repeat(65), email: 'ada@' })).toEqual({
      givenName: 'settings.payments.form.givenNameRequired',
      surname: 'settings.payments.form.nameTooLong',
      email: 'settings.payments.form.emailInvalid',
    });
  });
});
