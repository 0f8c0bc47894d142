/**
 * Spec §5 password rules as plain checks, without zod or the error catalogue: the forms show them live at start
 * (page budget), the schemas of ./password.ts and the reference API apply them. Each rule maps to its §8 code
 * (20194–20199); a failing rule's message is the i18n key `error.form.{code}`.
 *
 *   20194  length: 8 to 64 characters
 *   20195  mix: an uppercase and a lowercase letter, a number and a symbol
 *   20196  English characters only (printable ASCII)
 *   20197  no spaces
 *   20198  not the email
 *   20199  not one of the last 5 passwords (server side only: needs the stored hashes)
 */
import type { ErrorCode } from '../errors/codes';

/** The rule-to-code table (§8 20194–20199); the error catalogue lists these codes from here. */
export const PASSWORD_RULE = {
  /** 8 or more characters. */
  minLength: '20194',
  /** A mix of letters, numbers and symbols. */
  characterMix: '20195',
  /** No non-English characters. */
  asciiOnly: '20196',
  /** No spaces. */
  noSpaces: '20197',
  /** Not equal to the email. */
  notEmail: '20198',
  /** Not one of the last 5 passwords. */
  notRecent: '20199',
} as const satisfies Record<string, ErrorCode>;
const RULE = PASSWORD_RULE;

/** Emails are compared without case (the API stores them case-insensitively). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** The rules in the order lists show them. */
export const PASSWORD_RULE_CODES = [
  RULE.minLength,
  RULE.characterMix,
  RULE.asciiOnly,
  RULE.noSpaces,
  RULE.notEmail,
  RULE.notRecent,
] as const;
export type PasswordRuleCode = (typeof PASSWORD_RULE_CODES)[number];

/**
 * Not a §5 rule: the answer for a blocklisted (or, on the server, breached) new
 * password, a portal addition to §8 (docs/errors.md). Here, not in
 * ./password-blocklist.ts, so forms can name it without loading the list.
 */
export const BLOCKLISTED_PASSWORD_CODE = 'PASSWORD_TOO_COMMON' satisfies ErrorCode;

/** The rules a candidate password breaks (20194–20198), in order; [] when it passes. */
export function passwordIssues(password: string, email?: string): PasswordRuleCode[] {
  const issues: PasswordRuleCode[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) issues.push(RULE.minLength);
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password) || !/[!-/:-@[-`{-~]/.test(password))
    issues.push(RULE.characterMix);
  if (/[^\x20-\x7e]/.test(password)) issues.push(RULE.asciiOnly);
  if (/\s/.test(password)) issues.push(RULE.noSpaces);
  if (email !== undefined && email.length > 0 && sameEmail(password, email)) issues.push(RULE.notEmail);
  return issues;
}
