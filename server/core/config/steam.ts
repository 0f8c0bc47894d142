/**
 * The store connector's real ticket verification through the store's partner Web API (docs/platforms.md
 * "The store's own session tickets"): which variables configure it and whether they agree. Kept apart from
 * tickets.ts so the start-up check (server/core/env.ts) can read it without importing the adapters.
 *
 * - PLATFORM_STEAM_WEB_API_KEY (secret): the publisher Web API key; when set, this adapter verifies every
 *   store ticket (before the JWKS and dev adapters);
 * - PLATFORM_STEAM_APP_ID: the game's app id (digits);
 * - PLATFORM_STEAM_IDENTITY: the identity the game passes to GetAuthTicketForWebApi (a ticket minted for
 *   another service names another identity and is refused);
 * - PLATFORM_STEAM_WEB_API_URL (optional): the API's base URL, https (plain http for a loopback host only).
 */
/** The bindings this module reads by name: any bindings object (the app's Env) fits; importing Env would close a cycle with env.ts. */
type Env = object;
import { isLocalHostname } from '../http/hosts';

export const STEAM_WEB_API_DEFAULT_URL = 'https://partner.steam-api.com';

export type SteamWebApiConfig =
  | { kind: 'ready'; key: string; appId: string; identity: string; baseUrl: string }
  /** The key is set but the rest does not agree: every ticket is refused, and the start-up check says why. */
  | { kind: 'misconfigured'; problems: readonly string[] };

function read(env: Env, name: string): string | undefined {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;
}

/** A base URL the adapter may call: https, or http on a loopback host (local tests of this path). */
function usableBaseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHostname(url.hostname)))
    return url.href.replace(/\/+$/, '');
  return null;
}

/** The Web API adapter's configuration: null when PLATFORM_STEAM_WEB_API_KEY is not set (other adapters apply). */
export function steamWebApiConfig(env: Env): SteamWebApiConfig | null {
  const key = read(env, 'PLATFORM_STEAM_WEB_API_KEY');
  if (key === undefined) return null;
  const appId = read(env, 'PLATFORM_STEAM_APP_ID');
  const identity = read(env, 'PLATFORM_STEAM_IDENTITY');
  const rawUrl = read(env, 'PLATFORM_STEAM_WEB_API_URL') ?? STEAM_WEB_API_DEFAULT_URL;
  const baseUrl = usableBaseUrl(rawUrl);
  const problems: string[] = [];
  if (appId === undefined || !/^\d{1,10}$/.test(appId))
    problems.push("PLATFORM_STEAM_WEB_API_KEY is set but PLATFORM_STEAM_APP_ID is not the game's app id (digits)");
  if (identity === undefined || !/^[\x21-\x7e]{1,128}$/.test(identity))
    problems.push(
      'PLATFORM_STEAM_WEB_API_KEY is set but PLATFORM_STEAM_IDENTITY is not set (the identity the game passes to GetAuthTicketForWebApi; printable, no spaces, at most 128 characters)',
    );
  if (baseUrl === null)
    problems.push('PLATFORM_STEAM_WEB_API_URL must be an https URL (plain http only for a loopback host)');
  if (problems.length > 0 || appId === undefined || identity === undefined || baseUrl === null)
    return { kind: 'misconfigured', problems };
  return { kind: 'ready', key, appId, identity, baseUrl };
}

/** The start-up check (server/core/env.ts): a key without its app id and identity refuses to serve. */
export function steamWebApiProblems(env: Env): readonly string[] {
  const config = steamWebApiConfig(env);
  return config?.kind === 'misconfigured' ? config.problems : [];
}
