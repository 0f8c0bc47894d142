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

/** Spec §5: the backup-codes dialog asks for the password with 8 to 32 characters. */
export const backupCodesPasswordSchema = z
  .string()
  .check(z.minLength(8, 'error.input.backup-password-length'), z.maxLength(32, 'error.input.backup-password-length'));
