/**
 * The start-up's requests: the configuration and the login status (and the
 * GET that ../shell/notification-banner fetches notifications.json with). Every one fails soft (undefined: the page goes on
 * without it), so they need none of the islands' HTTP client (../http/client:
 * error codes, ApiError, zod schemas, redaxios). What they share with it is
 * what the API expects of every call: the front-end version header, the
 * session id header when there is one, credentials, the 30 s timeout, an
 * empty body read as `{}`, and a CDN block sending the visitor to the error
 * page (spec §8).
 *
 * The paths are the contract's (src/shared/contract/config.ts,
 * login-status.ts), spelled here because importing an endpoint would import
 * its zod schemas; tests/unit/client/startup/api.test.ts holds them equal.
 */
import region from '@region';
import { localePath } from '../../routes/paths';
import {
  DEFAULT_TIMEOUT_MS,
  FRONTEND_VERSION,
  FRONTEND_VERSION_HEADER,
  SESSION_ID_HEADER,
  SESSION_ID_STORAGE_KEY,
} from '../../shared/contract/http';
import { encodeQuery } from '../../shared/contract/query-case';
import { currentLocale, pageRouteName } from '../navigation/page';
import { isSessionId, parseConfiguration, parseLoginStatus, type LoginStatus } from './payloads';
import type { Configuration } from '../../shared/contract/config';

/** The start-up's calls on the account API base: path, and the [unified/] variant's where the spec lists one. */
export const START_UP_CALLS = {
  getConfiguration: { path: '/no-auth/configuration', unifiedPath: '/no-auth/unified/configuration' },
  getWebLoginStatus: { path: '/no-auth/web/login/status', unifiedPath: '/no-auth/unified/web/login/status' },
  getAppLoginStatus: { path: '/no-auth/login/status', unifiedPath: undefined },
} as const;

/** The session id header's value when the tab has a valid one (../http/session reads the same key). */
export function sessionId(): string | undefined {
  try {
    const stored = sessionStorage.getItem(SESSION_ID_STORAGE_KEY);
    return isSessionId(stored) ? stored : undefined;
  } catch {
    // Storage access throws in some sandboxed frames: no header then.
    return undefined;
  }
}

/** The URL of a start-up call for this build's region (the unified variant when asked for or the region is unified). */
export function callUrl(name: keyof typeof START_UP_CALLS, unified: boolean, query?: Record<string, string>): string {
  const call = START_UP_CALLS[name];
  const path = (unified || region.unified) && call.unifiedPath !== undefined ? call.unifiedPath : call.path;
  const search = query === undefined ? '' : encodeQuery(query).toString();
  return `${region.api.account}${path}${search === '' ? '' : `?${search}`}`;
}

/** The error page's route name: a CDN block seen there leaves it alone (it would only reload itself). */
const ERROR_ROUTE = 'error';

/** Spec §8: a CDN policy block on any call sends the visitor to the error page. Its rules load only then. */
async function leaveOnCdnBlock(response: Response): Promise<void> {
  const block = await import('../http/cdn-block');
  if (!block.isCdnBlock(response.status, response.headers) || pageRouteName() === ERROR_ROUTE) return;
  location.assign(`${localePath(currentLocale(), block.ERROR_PAGE_REL_PATH)}?reason=${block.CDN_BLOCK_REASON}`);
}

/** Fetches JSON (a GET unless `init` says otherwise) and checks it with `parse`; undefined on any failure. */
export async function getJson<T>(
  url: string,
  parse: (value: unknown) => T | undefined,
  init: RequestInit = {},
): Promise<T | undefined> {
  const controller = new AbortController();
  // The timer covers the whole exchange, body included.
  const timer = setTimeout(() => {
    controller.abort();
  }, DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) {
      await leaveOnCdnBlock(response);
      return undefined;
    }
    const text = await response.text();
    // Calls without data answer {}; an empty body is read the same way (as the islands' client does).
    return parse(text === '' ? {} : JSON.parse(text));
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** What every API call carries (spec §7 "General"). */
export function apiInit(): RequestInit {
  const headers: Record<string, string> = { [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION };
  const id = sessionId();
  if (id !== undefined) headers[SESSION_ID_HEADER] = id;
  return { headers, credentials: 'include' };
}

/** GET /no-auth/configuration (spec §2: at start). */
export function fetchConfiguration(unified: boolean): Promise<Configuration | undefined> {
  return getJson(callUrl('getConfiguration', unified), parseConfiguration, apiInit());
}

/** GET the web session's login status for this device. */
export function fetchWebLoginStatus(unified: boolean, deviceId: string): Promise<LoginStatus | undefined> {
  return getJson(callUrl('getWebLoginStatus', unified, { deviceId }), parseLoginStatus, apiInit());
}

/** GET the app (launcher) session's login status. */
export function fetchAppLoginStatus(): Promise<LoginStatus | undefined> {
  return getJson(callUrl('getAppLoginStatus', false), parseLoginStatus, apiInit());
}
