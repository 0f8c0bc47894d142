/**
 * The new email ID of an account just moved off its legacy ID (spec §3
 * migration state), handed from create-legacy to login/migration-complete.
 * Like the created account's email (../shared/created-account.ts) it travels
 * in sessionStorage (this tab only), checked on read, never in the URL.
 */
import { isEmailAddress } from '../../shared/validation/email-format';

const KEY = 'lf:migratedAccountEmail';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Sandboxed frames may refuse storage; the next screen then shows its text without the address.
    return undefined;
  }
}

export function rememberMigratedAccount(email: string): void {
  storage()?.setItem(KEY, email);
}

export function migratedAccountEmail(): string | null {
  const stored = storage()?.getItem(KEY);
  return isEmailAddress(stored) ? stored : null;
}
