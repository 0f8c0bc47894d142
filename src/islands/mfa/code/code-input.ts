/**
 * Code entry rules for the verification screens (spec §5, §9): 6-digit codes
 * (authenticator, SMS, email) and 8-digit backup codes shown as 4+4 while
 * typed. The checks are the shared formats' plain ones (the schemas' patterns without zod, which the code
 * screens do not load at start: page budget, docs/performance.md).
 */
import type { MessageKey } from '../../../i18n/keys';
import { checkBackupCode, checkVerificationCode } from '../../../shared/validation/code-format';

export type CodeMethod = 'TOTP' | 'SMS' | 'EMAIL' | 'BACKUP_CODE';

export function codeLength(method: CodeMethod): 6 | 8 {
  return method === 'BACKUP_CODE' ? 8 : 6;
}

/** What the input shows: digits only, a backup code grouped 4+4. */
export function displayCode(raw: string, method: CodeMethod): string {
  const digits = raw.replace(/\D/g, '').slice(0, codeLength(method));
  return method === 'BACKUP_CODE' && digits.length > 4 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits;
}

/** The code to send, or the i18n key of what is wrong with it. */
export function checkCode(value: string, method: CodeMethod): { code: string } | { error: MessageKey } {
  return method === 'BACKUP_CODE' ? checkBackupCode(value) : checkVerificationCode(value);
}
