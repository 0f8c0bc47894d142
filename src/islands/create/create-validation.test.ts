import { describe, expect, it } from 'vitest';
import { isBlocklistedPassword } from '../../shared/validation/password-blocklist';
import type { CreateState } from './create-reducer';
import { stepErrors } from './create-validation';

const now = Date.UTC(2026, 10, 21);
const age = { countryCode: 'DE', birthday: '1990-04-07' };
const idle = { busy: false, errorCode: null, showErrors: true };

describe('create step checks (spec §5)', () => {
  it('age: country required, birthday required and a real past date', () => {
    const empty: CreateState = { step: 'age', ...idle, countryCode: '', birthday: { year: '', month: '', day: '' } };
    expect(stepErrors(empty, now)).toEqual({
      countryCode: 'form.country.required',
      birthday: 'error.input.birthday-required',
    });
    const feb30: CreateState = { ...empty, countryCode: 'DE', birthday: { year: '2001', month: '2', day: '30' } };
    expect(stepErrors(feb30, now)).toEqual({ birthday: 'error.input.birthday-invalid' });
    const future: CreateState = { ...empty, countryCode: 'DE', birthday: { year: '2027', month: '1', day: '1' } };
    expect(stepErrors(future, now)).toEqual({ birthday: 'error.input.birthday-invalid' });
    const ok: CreateState = { ...empty, countryCode: 'DE', birthday: { year: '1990', month: '4', day: '7' } };
    expect(stepErrors(ok, now)).toEqual({});
  });

  it('email: required and valid', () => {
    const at = (email: string): CreateState => ({ step: 'email', ...idle, age, email });
    expect(stepErrors(at(''))).toEqual({ email: 'error.input.email-required' });
    expect(stepErrors(at('not-an-email'))).toEqual({ email: 'error.input.email-invalid' });
    expect(stepErrors(at(' player@example.com '))).toEqual({});
  });

  it('code: exactly 6 digits', () => {
    const at = (code: string): CreateState => ({ step: 'code', ...idle, age, email: 'a@b.co', code, resent: false });
    expect(stepErrors(at('12345'))).toEqual({ code: 'error.input.verificationCode' });
    expect(stepErrors(at('123456'))).toEqual({});
  });

  it('details: password rules, not the email, confirm matches', () => {
    const at = (password: string, confirm: string, email = 'player@example.com'): CreateState => ({
      step: 'details',
      ...idle,
      age,
      email,
      code: '123456',
      password,
      confirm,
      newsletter: false,
    });
    expect(stepErrors(at('', ''))).toEqual({ password: 'form.password.required', confirm: 'form.confirm.required' });
    expect(stepErrors(at('short', 'short'))).toEqual({ password: 'error.form.20194' });
    expect(stepErrors(at('alllowercase1!', 'alllowercase1!'))).toEqual({ password: 'error.form.20195' });
    expect(stepErrors(at('Pässword-123', 'Pässword-123'))).toEqual({ password: 'error.form.20196' });
    expect(stepErrors(at('Pass word-123', 'Pass word-123'))).toEqual({ password: 'error.form.20197' });
    expect(stepErrors(at('Me@Example.com1', 'Me@Example.com1', 'me@example.com1'))).toEqual({
      password: 'error.form.20198',
    });
    expect(stepErrors(at('Strong-Pass-42', 'Strong-Pass-43'))).toEqual({ confirm: 'error.input.confirm-mismatch' });
    expect(stepErrors(at('Strong-Pass-42', 'Strong-Pass-42'))).toEqual({});
  });

  it('details: a blocklisted password, once the on-demand blocklist is there (issue 10)', () => {
    const at = (password: string): CreateState => ({
      step: 'details',
      ...idle,
      age,
      email: 'player@example.com',
      code: '123456',
      password,
      confirm: password,
      newsletter: false,
    });
    expect(stepErrors(at('Password1!'), now, isBlocklistedPassword)).toEqual({
      password: 'error.form.PASSWORD_TOO_COMMON',
    });
    expect(stepErrors(at('Player2024!'), now, isBlocklistedPassword)).toEqual({
      password: 'error.form.PASSWORD_TOO_COMMON',
    });
    // The §5 rule is reported first; before the list has loaded the API decides.
    expect(stepErrors(at('password'), now, isBlocklistedPassword)).toEqual({ password: 'error.form.20195' });
    expect(stepErrors(at('Password1!'), now)).toEqual({});
    expect(stepErrors(at('Strong-Pass-42'), now, isBlocklistedPassword)).toEqual({});
  });
});
