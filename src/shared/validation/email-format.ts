/**
 * Spec §5 email rule as plain checks, without zod: screens check an address at start (a paused sign-in's login
 * id, the address handed to create/complete, a stored verified email) and a page's first script must not load
 * zod for that (page budget, docs/performance.md). The zod spellings (./email.ts `emailSchema`, the contract's
 * `emailAddress()`) use the same pattern and limit; tests/unit/shared/plain-checks.test.ts runs both on the same
 * inputs.
 */

/** Longest address accepted (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX = 254;

/** `z.regexes.email`: the pattern `z.email()` checks (tests/unit/shared/formats.test.ts compares it with zod's). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** What the contract's `emailAddress()` accepts: a string matching the pattern, as it is (no trimming). */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** `emailSchema` (./email.ts) as a plain check: the trimmed address, or the i18n key of its first problem. */
export function checkEmail(
  input: string,
): { readonly email: string } | { readonly error: 'error.input.email-required' | 'error.input.email-invalid' } {
  const email = input.trim();
  if (email.length < 1) return { error: 'error.input.email-required' };
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return { error: 'error.input.email-invalid' };
  return { email };
}
