/**
 * Spec §5, §9 code formats as plain checks, without zod: the code screens check a typed code before sending it,
 * and their page must not load zod at start for that (page budget, docs/performance.md). The schemas of ./code.ts
 * (the reference API's) use the same patterns; tests/unit/shared/plain-checks.test.ts runs both on the same inputs.
 */

/** A 6-digit verification code (email, SMS, authenticator). */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;
/** An 8-digit single-use backup code (after normalizeBackupCode). */
export const BACKUP_CODE_PATTERN = /^\d{8}$/;

/** Backup codes are shown as 4+4 digits; a space or hyphen typed between the halves is ignored. */
export function normalizeBackupCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** `verificationCodeSchema`: the trimmed code, or the i18n key of what is wrong with it. */
export function checkVerificationCode(
  input: string,
): { readonly code: string } | { readonly error: 'error.input.verificationCode' } {
  const code = input.trim();
  return VERIFICATION_CODE_PATTERN.test(code) ? { code } : { error: 'error.input.verificationCode' };
}

/** `backupCodeSchema` after normalizeBackupCode: the 8 digits, or the i18n key of what is wrong with them. */
export function checkBackupCode(
  input: string,
): { readonly code: string } | { readonly error: 'error.input.backupCode' } {
  const code = normalizeBackupCode(input);
  return BACKUP_CODE_PATTERN.test(code) ? { code } : { error: 'error.input.backupCode' };
}
