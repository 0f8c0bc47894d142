/**
 * Query values the portal carries from page to page (spec §2 "Navigation
 * rules"). The site is a multi-page app, so "carrying" means: every link the
 * portal builds copies these from the current URL unless the caller sets them.
 */

/** Carried across navigations. */
export const CARRIED_QUERY_KEYS = [
  'route_to',
  'return_url',
  'parental_flow_mode',
  'simple_signup',
  'marvel-machine',
  'ticket',
  'clientId',
  'unified',
  'route_from',
] as const;
export type CarriedQueryKey = (typeof CARRIED_QUERY_KEYS)[number];

/**
 * Query key carrying an error handler's notice code to the next screen, which
 * shows its text (set by src/client/dialogs/perform).
 */
export const NOTICE_QUERY_KEY = 'notice';

/**
 * Query key the parent-consent screen reads beside a 20226 notice: `paused` when a parent paused the child
 * account (readChildPaused), so the screen says so instead of the failed sign-ins wording. Never carried.
 */
export const CHILD_STATE_QUERY_KEY = 'child';
export const CHILD_PAUSED = 'paused';

/** Read where present, never carried (spec §2 "Other query flags"). */
export const OTHER_QUERY_FLAGS = ['direct_return', 'betasignup', 'openid.identity', 'code', 'state'] as const;

/** A caller's query: a value sets the key, `undefined` removes a carried key. */
export type QueryInput = Readonly<Record<string, string | undefined>>;

/** The carried subset of a query. */
export function carriedQuery(from: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of CARRIED_QUERY_KEYS) {
    const value = from.get(key);
    if (value !== null) out.set(key, value);
  }
  return out;
}

/** The query of the next URL: the carried values of the current one, then the caller's values on top. */
export function nextQuery(current: URLSearchParams, input: QueryInput = {}): URLSearchParams {
  const out = carriedQuery(current);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) out.delete(key);
    else out.set(key, value);
  }
  return out;
}

/**
 * The href of an already-built path with the next query (see nextQuery) and
 * an optional fragment (without "#"). routeHref builds registry paths with
 * it; a form given its link paths at build time uses it directly.
 */
export function withQuery(path: string, current: URLSearchParams, input?: QueryInput, hash?: string): string {
  const query = nextQuery(current, input).toString();
  return `${path}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * A boolean query flag: present and not "false"/"0". `?unified`, `?unified=1`
 * and `?unified=true` are on; a missing flag or `?unified=false` is off.
 */
export function queryFlag(query: URLSearchParams, key: string): boolean {
  const value = query.get(key);
  if (value === null) return false;
  return !['false', '0'].includes(value.trim().toLowerCase());
}
