/**
 * The settings refresh (spec §2): a settings page reads the account at start. Through the start-up's plain
 * `fetch` (../startup/api `getJson`: its headers and credentials, the 30 s timeout, a CDN block sent to the error
 * page), checked by hand (../stores/account-payload), so the page loads neither zod nor the HTTP client before the
 * player can act (the `calls` file is about 19 KB br: docs/performance.md). A failed read says nothing of why:
 * ./settings-failure then asks again through the islands' client, whose answer decides (the account, a sign-out,
 * or login), so only a page whose read failed loads the client, and one request more.
 */
import region from '@region';
import { $account } from '../stores/account';
import { parseAccountPayload } from '../stores/account-payload';
import { apiInit, getJson } from '../startup/api';

/** The contract's getAccount: its path on the account API base (tests hold them equal). */
export const ACCOUNT_READ_PATH = '/account';

/** Reads the account into the store; false when the page leaves instead (the read failed). */
export async function readAccount(appMode: boolean): Promise<boolean> {
  if (region.unified) return true; // Spec §7: GET /account is skipped in the one region.
  const state = await getJson(`${region.api.account}${ACCOUNT_READ_PATH}`, parseAccountPayload, apiInit());
  if (state === undefined) return (await import('./settings-failure')).readWithClient(appMode);
  $account.set(state);
  return true;
}
