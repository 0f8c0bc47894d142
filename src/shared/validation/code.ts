/** Spec §5, §9 code formats. Messages are i18n keys. */
import * as z from 'zod/mini';

/** 6-digit verification code (email, SMS, authenticator). */
export const verificationCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'error.input.verificationCode'));

/** Backup codes are shown as 4+4 digits; a space or hyphen typed between the halves is ignored. */
export function normalizeBackupCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** 8-digit single-use backup code (after normalizeBackupCode). */
export const backupCodeSchema = z.string().check(z.regex(/^\d{8}$/, 'error.input.backupCode'));

/**
 * Spec §5 asks for 8 to 32 characters, but the dialog asks for the account password, which sign-up allows up
 * to 128 characters (NIST SP 800-63B-4: at least 64; issue 10): a cap of 32 would lock longer passwords out of
 * their own backup codes. So the dialog takes what a password can be (docs/two-factor.md).
 */
export const backupCodesPasswordSchema = z
  .string()
  .check(z.minLength(8, 'error.input.backup-password-length'), z.maxLength(128, 'error.input.backup-password-length'));
