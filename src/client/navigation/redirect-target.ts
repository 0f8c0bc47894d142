/**
 * Where a flow ends (spec §2 "Navigation rules"): route_to names a route of
 * the registry; otherwise return_url or redirect_uri, followed only when the
 * redirect allow-list (§5) accepts it; otherwise the account settings page.
 */
import { needsParams, routeNamed } from './routes';
import { checkRedirect, defaultRedirect, type RedirectPolicy } from '../../shared/redirect';
import { routeHref } from './href';

export interface RedirectContext {
  readonly locale: string;
  readonly query: URLSearchParams;
  readonly policy: RedirectPolicy;
}

/** route_to as a href, when it names a route that needs no path parameter. */
export function routeToHref(ctx: RedirectContext): string | undefined {
  const route = routeNamed(ctx.query.get('route_to'));
  if (route === undefined || needsParams(route.path)) return undefined;
  // route_to is consumed here; the other carried values travel on.
  return routeHref(ctx.locale, { route: route.path, query: { route_to: undefined } }, ctx.query);
}

/** return_url, else redirect_uri, when the allow-list accepts it. */
export function returnUrl(ctx: RedirectContext): string | undefined {
  for (const key of ['return_url', 'redirect_uri']) {
    const value = ctx.query.get(key);
    if (value !== null) return checkRedirect(value, ctx.policy);
  }
  return undefined;
}

/** The redirect of spec §2: route_to, else an allowed return_url/redirect_uri, else the default redirect. */
export function resolveRedirect(ctx: RedirectContext): string {
  return routeToHref(ctx) ?? returnUrl(ctx) ?? defaultRedirect(ctx.locale);
}
