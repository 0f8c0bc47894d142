/**
 * The signed-in account for the settings islands. The app shell loads it on
 * settings routes (registry meta needsSettings) into the account store; the
 * islands read the store and refresh it after a change they made. Spec §7:
 * GET /account is skipped in the one region, where the account stays unknown.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import * as z from 'zod/mini';
import { getAccount } from '../../client/api/settings';
import { settle } from '../../client/http/settle';
import { $account, setAccountFromServer, type AccountState } from '../../client/stores/account';

export type AccountView =
  | { readonly status: 'loading' }
  /** The one region: the settings read is not made (spec §7). */
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly account: AccountState };

export function useAccount(): AccountView {
  const account = useStore($account);
  if (region.unified) return { status: 'unavailable' };
  return account === null ? { status: 'loading' } : { status: 'ready', account };
}

/** Reloads the account after a change; the store keeps its value when the read fails. */
export async function refreshAccount(): Promise<AccountState | null> {
  if (region.unified) return null;
  const [error, raw] = await settle(getAccount());
  if (error) return null;
  try {
    return setAccountFromServer(raw);
  } catch {
    return null;
  }
}

const playerTagSchema = z.union([
  z.string(),
  z.object({ name: z.string(), number: z.string().check(z.regex(/^\d{4}$/)) }),
]);

/** Spec §3: the player tag is a name plus a 4-digit number, shown as name#1234. */
export function formatPlayerTag(tag: unknown): string | undefined {
  const parsed = playerTagSchema.safeParse(tag);
  if (!parsed.success) return undefined;
  const value = parsed.data;
  if (typeof value === 'string') return value === '' ? undefined : value;
  return `${value.name}#${value.number}`;
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
