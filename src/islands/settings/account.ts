/**
 * The signed-in account for the settings islands. The app shell loads it on
 * settings routes (registry meta needsSettings) into the account store; the
 * islands read the store and refresh it after a change they made. Spec §7:
 * GET /account is skipped in the one region, where the account stays unknown.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import type { PlayerTag } from '../../shared/contract/settings';
import { $account, type AccountState } from '../../client/stores/account';

export type AccountView =
  | { readonly status: 'loading' }
  /** The one region: the settings read is not made (spec §7). */
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly account: AccountState };

export function useAccount(): AccountView {
  // Hydration renders with the store's initial value (null: 'loading'), as the static HTML was built; the account
  // the shell loaded meanwhile follows in the next render. Reading it during hydration made the first render
  // differ from the HTML (React error #418 on the first settings page of a session).
  const account = useStore($account, { ssr: 'initial' });
  if (region.unified) return { status: 'unavailable' };
  return account === null ? { status: 'loading' } : { status: 'ready', account };
}

/** Spec §3: the player tag is a name plus a 4-digit number, shown as name#1234. */
export function formatPlayerTag(tag: PlayerTag | null | undefined): string | undefined {
  return tag ? `${tag.name}#${tag.number}` : undefined;
}

/** The account once the shell's settings refresh has loaded it; null in the one region or after `timeoutMs`. */
export function accountWhenLoaded(timeoutMs = 15_000): Promise<AccountState | null> {
  if (region.unified) return Promise.resolve(null);
  const now = $account.get();
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve($account.get());
    }, timeoutMs);
    const stop = $account.listen((value) => {
      if (value === null) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}
