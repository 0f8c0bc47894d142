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

/** Set by login/migration-tpa: the migration started the account's sign-in, which migration-complete finishes. */
const SIGN_IN_KEY = 'lf:migratedSignIn';

export function rememberMigratedAccount(email: string, signingIn = false): void {
  const s = storage();
  s?.setItem(KEY, email);
  if (signingIn) s?.setItem(SIGN_IN_KEY, '1');
  else s?.removeItem(SIGN_IN_KEY);
}

/** Whether the migration started a sign-in that login/migration-complete finishes ("Continue"). */
export function migratedAccountSigningIn(): boolean {
  return storage()?.getItem(SIGN_IN_KEY) === '1';
}

export function migratedAccountEmail(): string | null {
  const stored = storage()?.getItem(KEY);
  return isEmailAddress(stored) ? stored : null;
}
