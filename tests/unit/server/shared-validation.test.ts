/** Spec §5 shared schemas (src/shared/validation), as the forms and the API use them. */
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  backupCodeSchema,
  backupCodesPasswordSchema,
  dateOfBirthSchema,
  deviceNameSchema,
  emailSchema,
  isRecentPassword,
  newPasswordSchema,
  normalizeBackupCode,
  passwordIssues,
  passwordSchema,
  verificationCodeSchema,
} from '../../../src/shared/validation/index';
import { parsePhone, phoneInputSchema } from '../../../src/shared/validation/phone';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('email', () => {
  it.each([
    ['', 'error.input.email-required'],
    ['   ', 'error.input.email-required'],
    ['plain', 'error.input.email-invalid'],
    ['a@b', 'error.input.email-invalid'],
    ['a b@c.com', 'error.input.email-invalid'],
    [`${'a'.repeat(250)}@b.co`, 'error.input.email-invalid'],
  ])('%j → %s', (value, message) => {
    expect(messages(emailSchema.safeParse(value))).toContain(message);
  });

  it('accepts and trims a valid address', () => {
    expect(emailSchema.parse('  player@example.com ')).toBe('player@example.com');
  });
});

describe('password rules (20194–20198)', () => {
  it.each([
    ['Sh0rt!', ['20194']],
    [`Aa1!${'x'.repeat(61)}`, ['20194']],
    ['alllower1!', ['20195']],
    ['ALLUPPER1!', ['20195']],
    ['NoDigits!!', ['20195']],
    ['NoSymbol11', ['20195']],
    ['Pässword1!', ['20196']],
    ['Pass word1!', ['20197']],
    ['Pass\tword1!', ['20196', '20197']],
    ['Correct-Horse-9', []],
  ])('%j → %j', (password, codes) => {
    expect(passwordIssues(password)).toEqual(codes);
    expect(messages(passwordSchema.safeParse(password))).toEqual(codes.map((c) => `error.form.${c}`));
  });

  it('refuses the email as password (20198), without case', () => {
    expect(passwordIssues('Player1!@Mail.com', 'player1!@mail.com')).toContain('20198');
  });

  it('checks confirmation and the email together', () => {
    const ok = newPasswordSchema.safeParse({
      email: 'p@example.com',
      password: 'Correct-Horse-9',
      confirmPassword: 'Correct-Horse-9',
    });
    expect(ok.success).toBe(true);
    const bad = newPasswordSchema.safeParse({
      email: 'Correct-Horse-9@x.co',
      password: 'Correct-Horse-9@x.co',
      confirmPassword: 'other',
    });
    expect(messages(bad)).toEqual(['error.form.20198', 'error.input.confirm-mismatch']);
  });

  it('not one of the last 5 (20199) checks only the 5 newest hashes', async () => {
    const verify = (pw: string, hash: string) => Promise.resolve({ ok: hash === `h:${pw}` });
    const hashes = ['h:a', 'h:b', 'h:c', 'h:d', 'h:e', 'h:f'];
    expect(await isRecentPassword('c', hashes, verify)).toBe(true);
    expect(await isRecentPassword('f', hashes, verify)).toBe(false);
  });
});

describe('codes', () => {
  it('verification code: exactly 6 digits', () => {
    expect(verificationCodeSchema.safeParse('012345').success).toBe(true);
    for (const v of ['12345', '1234567', '12a456', ''])
      expect(messages(verificationCodeSchema.safeParse(v))).toEqual(['error.input.verificationCode']);
  });

  it('backup code: 8 digits, typed as 4+4', () => {
    expect(backupCodeSchema.safeParse(normalizeBackupCode('1234 5678')).success).toBe(true);
    expect(backupCodeSchema.safeParse(normalizeBackupCode('1234-5678')).success).toBe(true);
    expect(backupCodeSchema.safeParse('1234567').success).toBe(false);
    expect(backupCodeSchema.safeParse('abcdefgh').success).toBe(false);
  });

  it('backup-codes password: 8 to 128 characters', () => {
    expect(backupCodesPasswordSchema.safeParse('x'.repeat(7)).success).toBe(false);
    expect(backupCodesPasswordSchema.safeParse('x'.repeat(8)).success).toBe(true);
    // Any password an account can have (sign-up takes up to 128), not spec §9's 32: longer ones must reach their codes.
    expect(backupCodesPasswordSchema.safeParse('x'.repeat(64)).success).toBe(true);
    expect(backupCodesPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(backupCodesPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('date of birth', () => {
  const now = Date.UTC(2026, 10, 21);
  const schema = dateOfBirthSchema(() => now);
  it.each([
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['2010-13-01', false],
    ['1899-12-31', false],
    ['2026-11-22', false],
    ['2026-11-21', true],
    ['21/11/2000', false],
  ])('%s → %s', (value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
  it('requires a value', () => {
    expect(messages(schema.safeParse(''))).toContain('error.input.birthday-required');
  });
  it('computes age in whole years', () => {
    expect(ageOn('2013-11-21', now)).toBe(13);
    expect(ageOn('2013-11-22', now)).toBe(12);
  });
});

describe('device name', () => {
  it.each([
    ['', 'error.input.trusted-device-name'],
    ['   ', 'error.input.trusted-device-name'],
    ['x'.repeat(129), 'error.input.length.device-name'],
    ['My <b>PC</b>', 'error.input.not-valid-device-name'],
    ['tab\there', 'error.input.not-valid-device-name'],
  ])('%j → %s', (value, message) => {
    expect(messages(deviceNameSchema.safeParse(value))).toEqual([message]);
  });
  it('accepts 1 to 128 characters, trimmed', () => {
    expect(deviceNameSchema.parse(' Living-room PC ')).toBe('Living-room PC');
    expect(deviceNameSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });
});

describe('phone', () => {
  it('parses a valid national number to E.164', () => {
    expect(parsePhone('201 555 0123', 'US')).toEqual({ e164: '+12015550123' });
    expect(phoneInputSchema.parse({ countryCode: 'GB', phoneNumber: '7400 123456' })).toBe('+447400123456');
  });
  it('refuses a leading zero and invalid numbers', () => {
    expect(parsePhone('07400123456', 'GB')).toEqual({ error: 'error.input.phone-leading-zero' });
    expect(parsePhone('123', 'US')).toEqual({ error: 'error.input.phone-invalid' });
    expect(parsePhone('555 0123 999', 'US')).toEqual({ error: 'error.input.phone-invalid' });
  });
});
