/**
 * Reloads the signed-in account into the account store. Shared by the
 * settings islands (after a change they made) and finish-login (the beta and
 * 2FA-promo checks). Its own module, free of React, so the login page's bundle
 * (75 KB br budget) does not pull in settings/account.ts and its store hooks.
 */
import region from '@region';
import { getAccount } from '../../client/api/settings';
import { settle } from '../../client/http/settle';
import type { AccountState } from '../../client/stores/account';

/** The fresh account, or null in the one region (spec §7: GET /account is skipped) or when the read fails; the store keeps its value then. */
export async function refreshAccount(): Promise<AccountState | null> {
  if (region.unified) return null;
  const [error, raw] = await settle(getAccount());
  if (error) return null;
  // The parser (zod) loads with the answer, not with the page.
  const { setAccountFromServer } = await import('../../client/stores/account-parse');
  try {
    return setAccountFromServer(raw);
  } catch {
    return null;
  }
}
