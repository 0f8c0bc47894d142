/**
 * Spec §5 password rules as zod schemas, shared by the portal's forms and the
 * reference API. The checks and their §8 codes are ./password-rules.ts; a
 * failing rule's message is the i18n key `error.form.{code}`.
 */
import * as z from 'zod/mini';
import { PASSWORD_RULE as RULE, passwordIssues, sameEmail, type PasswordRuleCode } from './password-rules';

export {
  BLOCKLISTED_PASSWORD_CODE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_RULE_CODES,
  passwordIssues,
  type PasswordRuleCode,
} from './password-rules';

const message = (code: PasswordRuleCode) => `error.form.${code}`;

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
