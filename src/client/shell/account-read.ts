/**
 * The settings refresh (spec §2): a settings page reads the account at start. Through plain `fetch`, checked by
 * hand (../stores/account-payload), so the page loads neither zod nor the HTTP client before the player can act
 * (the `calls` file is about 19 KB br: docs/performance.md). It sends what the islands' client sends (the
 * start-up's headers and credentials, the 30 s timeout) and reads a failure by the client's rules
 * (../http/failure: the CDN block page, the error code), which load only then, as does ./settings-failure.
 */
import region from '@region';
import { DEFAULT_TIMEOUT_MS } from '../../shared/contract/http';
import { currentLocale } from '../navigation/page';
import { $account, type AccountState } from '../stores/account';
import { parseAccountPayload } from '../stores/account-payload';
import { apiInit } from '../startup/api';

/** The contract's getAccount: its path on the account API base (tests hold them equal). */
export const ACCOUNT_READ = { id: 'getAccount', path: '/account' } as const;

/** The account, or the code the read failed with (none when the page is already leaving for the block page). */
type Outcome = { readonly state: AccountState } | { readonly code: string | undefined };

async function read(): Promise<Outcome> {
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(`${region.api.account}${ACCOUNT_READ.path}`, {
      ...apiInit(),
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
    });
    const body = await response.text();
    // As the client reads an answer: {} when empty, the JSON when it parses, else the text.
    try {
      data = body === '' ? {} : JSON.parse(body);
    } catch {
      data = body;
    }
  } catch (error) {
    // No answer (or not all of it): the timeout, or the network.
    return { code: error instanceof DOMException && error.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR' };
  }
  if (response.ok) {
    const state = parseAccountPayload(data);
    // An answer that breaks the contract is the server's fault.
    return state === undefined ? { code: 'SERVER_ERROR' } : { state };
  }
  try {
    const { answerFailure } = await import('../http/failure');
    const failed = { status: response.status, headers: response.headers, data, endpointId: ACCOUNT_READ.id };
    const error = answerFailure(failed, currentLocale(), (url) => {
      location.assign(url);
    });
    return { code: error.navigating ? undefined : error.code };
  } catch {
    // Its rules could not be fetched either: the connection is what failed.
    return { code: 'NETWORK_ERROR' };
  }
}

/** Reads the account into the store; false when the page leaves instead (the read failed). */
export async function readAccount(appMode: boolean): Promise<boolean> {
  if (region.unified) return true; // Spec §7: GET /account is skipped in the one region.
  const outcome = await read();
  if ('state' in outcome) {
    $account.set(outcome.state);
    return true;
  }
  if (outcome.code !== undefined)
    await (await import('./settings-failure')).leaveAfterFailedRead(outcome.code, appMode);
  return false;
}
