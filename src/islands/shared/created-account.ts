/**
 * The email of the account just created (spec §3 global state
 * createdAccountEmail), handed from the create screen to create/complete.
 * The portal is a multi-page site, so it travels in sessionStorage (this tab
 * only), validated on read (a plain check: create/complete loads no zod at start); never in the URL.
 */
import { $global } from '../../client/stores/global';
import { isEmailAddress } from '../../shared/validation/email-format';

const KEY = 'lf:createdAccountEmail';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Sandboxed frames may refuse storage; the next screen then shows the text without the address.
    return undefined;
  }
}

export function rememberCreatedAccount(email: string): void {
  $global.setKey('createdAccountEmail', email);
  storage()?.setItem(KEY, email);
}

export function createdAccountEmail(): string | null {
  const stored = storage()?.getItem(KEY);
  const email = isEmailAddress(stored) ? stored : null;
  if (email !== null) $global.setKey('createdAccountEmail', email);
  return email;
}
