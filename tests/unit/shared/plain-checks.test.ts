/**
 * The plain checks screens run at start without zod (src/shared/validation/email-format.ts, code-format.ts,
 * birthday.ts) accept, refuse and return exactly what the zod schemas of the same rules do, with the same message
 * key: the reference API and the on-demand forms use the schemas, the screens' first script the plain checks.
 */
import { describe, expect, it } from 'vitest';
import { emailAddress } from '../../../src/shared/contract/formats';
import {
  checkBackupCode,
  checkVerificationCode,
  normalizeBackupCode,
} from '../../../src/shared/validation/code-format';
import { backupCodeSchema, verificationCodeSchema } from '../../../src/shared/validation/code';
import { birthdayProblem } from '../../../src/shared/validation/birthday';
import { dateOfBirthSchema } from '../../../src/shared/validation/date-of-birth';
import { emailSchema } from '../../../src/shared/validation/email';
import { checkEmail, isEmailAddress } from '../../../src/shared/validation/email-format';

type Parsed = { success: true; data: unknown } | { success: false; error: { issues: readonly { message: string }[] } };
const outcome = (parsed: Parsed) => (parsed.success ? parsed.data : parsed.error.issues[0]?.message);

const emails = [
  '',
  '   ',
  'ada@example.com',
  '  ada@example.com  ',
  'Ada.Lovelace+tag@mail.example.co.uk',
  'ada@example',
  'ada@@example.com',
  'ada example@example.com',
  '.ada@example.com',
  `${'a'.repeat(243)}@example.com`,
  `${'a'.repeat(244)}@example.com`,
  'ada@exa_mple.com',
  '<script>@x.io',
];

describe('email-format', () => {
  it.each(emails)('checkEmail(%j) is emailSchema', (input) => {
    const plain = checkEmail(input);
    expect('email' in plain ? plain.email : plain.error).toEqual(outcome(emailSchema.safeParse(input)));
  });

  it.each([...emails, 42, null, undefined, {}])('isEmailAddress(%j) is emailAddress()', (input) => {
    expect(isEmailAddress(input)).toBe(emailAddress().safeParse(input).success);
  });
});

describe('code-format', () => {
  const codes = [
    '',
    '123456',
    ' 123456 ',
    '12345',
    '1234567',
    '12345a',
    '１２３４５６',
    '12345678',
    '1234 5678',
    '1234-5678',
  ];

  it.each(codes)('checkVerificationCode(%j) is verificationCodeSchema', (input) => {
    const plain = checkVerificationCode(input);
    expect('code' in plain ? plain.code : plain.error).toEqual(outcome(verificationCodeSchema.safeParse(input)));
  });

  it.each(codes)('checkBackupCode(%j) is backupCodeSchema after normalizeBackupCode', (input) => {
    const plain = checkBackupCode(input);
    expect('code' in plain ? plain.code : plain.error).toEqual(
      outcome(backupCodeSchema.safeParse(normalizeBackupCode(input))),
    );
  });
});

describe('birthday', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it.each([
    '',
    '2000-01-31',
    '2000-02-30',
    '2024-02-29',
    '2023-02-29',
    '1899-12-31',
    '1900-01-01',
    '2026-11-24',
    '2026-11-25',
    '2000-1-1',
    'x',
  ])('birthdayProblem(%j) is dateOfBirthSchema', (input) => {
    const parsed = dateOfBirthSchema(() => now).safeParse(input);
    expect(birthdayProblem(input, now)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
  });
});
