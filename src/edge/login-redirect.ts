/**
 * Login-required pages at the edge (spec §2 "Navigation rules"): a signed-out
 * visitor asking for a page whose route requires login is sent to the login
 * page by the Pages Function, with the redirect the page's own guard would
 * make (src/client/navigation/guards.ts: return_url, carried query values;
 * an alias route goes to its target first), instead of loading the page,
 * its scripts and its login-status call only to be sent away.
 *
 * Only where the answer is certain without the API:
 * - no session cookie: the reference API's session is that cookie, so there
 *   is no session to find (an expired one is still left to the page's guard);
 * - a top-level page load (`Sec-Fetch-Dest: document`): app mode is the
 *   portal framed by the launcher or store connector (`iframe`), whose guards
 *   ask the app session instead; a request that does not say is left to the
 *   page as well.
 */
import { guardRoute } from '../client/navigation/guards';
import { matchParams } from '../client/navigation/href';
import type { Locale } from '../i18n/locales';
import { ACCOUNT_BASE } from '../routes/paths';
import { ROUTES, routeParams, type RouteDef } from '../routes/registry';

export interface PageRequest {
  readonly pathname: string;
  readonly search: string;
  readonly locale: Locale;
  readonly origin: string;
  /** The session cookie's (`__Host-lf_session`) value, undefined when the request has none. */
  readonly sessionCookie: string | undefined;
  /** The Sec-Fetch-Dest request header, null when absent. */
  readonly fetchDest: string | null;
}

/** The route of a locale-relative path, the one with the fewest parameters when several patterns match. */
export function routeOfPath(relPath: string): { route: RouteDef; params: Record<string, string> } | undefined {
  let best: { route: RouteDef; params: Record<string, string>; paramCount: number } | undefined;
  for (const route of ROUTES) {
    const params = matchParams(route.path, relPath);
    if (params === undefined) continue;
    const paramCount = routeParams(route.path).length;
    if (best === undefined || paramCount < best.paramCount) best = { route, params, paramCount };
  }
  return best && { route: best.route, params: best.params };
}

/** Where to send this request instead of serving its page, or undefined to serve it. */
export function loginRedirect(request: PageRequest): string | undefined {
  if (request.fetchDest !== 'document' || request.sessionCookie !== undefined) return undefined;
  const prefix = `${ACCOUNT_BASE}/${request.locale}/`;
  if (!request.pathname.startsWith(prefix)) return undefined;
  const relPath = request.pathname
    .slice(prefix.length)
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  const match = routeOfPath(relPath);
  if (match?.route.meta.requiresLogin !== true) return undefined;
  const decision = guardRoute({
    route: match.route,
    params: match.params,
    locale: request.locale,
    query: new URLSearchParams(request.search),
    currentPath: `${request.pathname}${request.search}`,
    // Read only for logged-out-only routes, which never require login.
    policy: { suffixes: [], origin: request.origin },
    loggedIn: false,
  });
  return decision.kind === 'redirect' ? decision.href : undefined;
}
