/**
 * Spec §5 password rules, shared by the portal's forms (shown live) and the
 * reference API. Each rule maps to its §8 code (20194–20199); a failing rule's
 * message is the i18n key `error.form.{code}`.
 *
 *   20194  length: 8 to 64 characters
 *   20195  mix: an uppercase and a lowercase letter, a number and a symbol
 *   20196  English characters only (printable ASCII)
 *   20197  no spaces
 *   20198  not the email
 *   20199  not one of the last 5 passwords (server side only: needs the stored hashes)
 */
import * as z from 'zod/mini';
import { PASSWORD_RULE_CODES as RULE } from '../errors/catalogue';
import type { ErrorCode } from '../errors/codes';
import { sameEmail } from './email';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** The rule-to-code table is the error catalogue's (src/shared/errors/catalogue.ts); this is its order for lists. */
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

const message = (code: PasswordRuleCode) => `error.form.${code}`;

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

/** A new password on its own (rules 20194–20197). */
export const passwordSchema = z.string().check(
  z.superRefine((value, ctx) => {
    for (const code of passwordIssues(value)) ctx.addIssue({ code: 'custom', message: message(code), input: value });
  }),
);

/** Spec §5: confirm fields must match. */
export const CONFIRM_MISMATCH = 'error.input.confirm-mismatch';

/** A new password with its confirmation, checked against the account's email (adds 20198). */
export const newPasswordSchema = z
  .object({ email: z.string(), password: passwordSchema, confirmPassword: z.string() })
  .check(
    z.superRefine((value, ctx) => {
      if (value.email.length > 0 && sameEmail(value.password, value.email))
        ctx.addIssue({ code: 'custom', message: message(RULE.notEmail), path: ['password'], input: value });
      if (value.password !== value.confirmPassword)
        ctx.addIssue({ code: 'custom', message: CONFIRM_MISMATCH, path: ['confirmPassword'], input: value });
    }),
  );

/**
 * Spec §5 "not one of the last 5" (20199), for the server: `verify` is the
 * API's password verifier, `recentHashes` the account's last 5 hashes.
 */
export async function isRecentPassword(
  password: string,
  recentHashes: readonly string[],
  verify: (password: string, hash: string) => Promise<{ ok: boolean }>,
): Promise<boolean> {
  for (const hash of recentHashes.slice(0, 5)) if ((await verify(password, hash)).ok) return true;
  return false;
}
