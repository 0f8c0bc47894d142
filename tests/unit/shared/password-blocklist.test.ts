/**
 * The password blocklist (issue 10 item 7, ASVS 6.2.4): the list shipped with
 * the project is the package's, and the matching refuses common passwords and
 * their trivial variants (case, trailing symbols, digits and symbols around,
 * look-alike characters), the service's name and the email's local part, while
 * passwords that only contain a common word pass.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../../../src/shared/validation/common-passwords';
import { PASSWORD_MAX, passwordIssues } from '../../../src/shared/validation/password';
import {
  BLOCKLIST_SIZE,
  blocklistForms,
  isBlocklistedPassword,
  MAX_DECORATION,
} from '../../../src/shared/validation/password-blocklist';

describe('the list', () => {
  const entries = COMMON_PASSWORDS.split('\n');

  it('is the first 10,000 of @zxcvbn-ts/language-common (regenerate: scripts/common-passwords.mjs)', () => {
    expect(entries).toEqual(dictionary['passwords-common'].slice(0, BLOCKLIST_SIZE));
  });

  it('holds at least ASVS 6.2.4’s 3,000 most common passwords, unique, lowercase', () => {
    expect(entries.length).toBe(BLOCKLIST_SIZE);
    expect(BLOCKLIST_SIZE).toBeGreaterThanOrEqual(3000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.filter((e) => e !== e.toLowerCase() || e === '')).toEqual([]);
  });
});

describe('forms compared with the list', () => {
  it('lowercase, without trailing symbols, the core and the core with look-alikes undone', () => {
    expect(blocklistForms('Password1!')).toEqual(['password1!', 'password1', 'password']);
    expect(blocklistForms('P@ssw0rd1!')).toEqual(['p@ssw0rd1!', 'p@ssw0rd1', 'p@ssw0rd', 'password']);
    expect(blocklistForms('!Dragon2024!')).toEqual(['!dragon2024!', '!dragon2024', 'dragon']);
  });

  it(`drops the core when more than ${String(MAX_DECORATION)} digits and symbols surround it`, () => {
    expect(blocklistForms('Monkey8472910463!')).toEqual(['monkey8472910463!', 'monkey8472910463']);
  });
});

describe('isBlocklistedPassword', () => {
  it.each([
    'Password1!',
    'password',
    'PASSWORD',
    'PaSsWoRd1!',
    'P@ssw0rd1!',
    'Passw0rd123!',
    'Qwerty123!',
    'Abc123!!',
    '!Dragon2024!',
    'Letmein!1',
    'Iloveyou1!',
    'M0nk3y!2024',
    'Trustno1!',
  ])('refuses %s (a common password or a trivial variant of one)', (password) => {
    expect(isBlocklistedPassword(password)).toBe(true);
  });

  it('refuses the service’s name and the email’s local part dressed the same way', () => {
    expect(isBlocklistedPassword('Lumenforge1!')).toBe(true);
    expect(isBlocklistedPassword('Lum3nf0rge#2')).toBe(true);
    expect(isBlocklistedPassword('Nightowl77!', 'nightowl@example.com')).toBe(true);
    expect(isBlocklistedPassword('Nightowl77!', 'someone@example.com')).toBe(false);
    // A local part too short to mean anything is not a context word.
    expect(isBlocklistedPassword('Zq#12345', 'zq@example.com')).toBe(false);
  });

  it.each([
    'Forge-Light-2049!',
    'Signup-Pass-42!',
    'Dragon-meadow-42',
    'Monkey8472910463!',
    'Zq9#Lm2$Vx7!',
    'correct-Horse-battery-9',
  ])('lets %s through (more than decoration around any common word)', (password) => {
    expect(isBlocklistedPassword(password)).toBe(false);
  });

  it(`accepts a ${String(PASSWORD_MAX)}-character password (NIST: at least 64); the §5 rules refuse one more`, () => {
    expect(PASSWORD_MAX).toBeGreaterThanOrEqual(64);
    const long = `Aa1!${'x7-Q'.repeat(15)}`;
    expect(long).toHaveLength(64);
    expect(passwordIssues(long)).toEqual([]);
    expect(isBlocklistedPassword(long)).toBe(false);
    expect(passwordIssues(`${long}z`)).toEqual(['20194']);
  });
});
