/**
 * Route guards from registry meta (spec §2 "Navigation rules", "Parental
 * controls"): pure, so every rule is table-tested. The browser layer feeds
 * them the login state and, for parental routes, the consent state.
 */
import { isRouteName, routeByName, type RouteDef } from '../../routes/registry';
import { defaultRedirect, type RedirectPolicy } from '../../shared/redirect';
import { routeHref, type RoutePath } from './href';
import { resolveRedirect } from './redirect-target';
import * as routes from '../../routes/refs';

export type GuardDecision = { readonly kind: 'allow' } | { readonly kind: 'redirect'; readonly href: string };

export interface GuardInput {
  readonly route: RouteDef;
  /** The route's path parameter values (platform, socialProvider…). */
  readonly params: Readonly<Record<string, string>>;
  readonly locale: string;
  readonly query: URLSearchParams;
  /** Same-origin path + query of the current page: the return_url for login. */
  readonly currentPath: string;
  readonly policy: RedirectPolicy;
  /** undefined while unknown (no check needed or the check failed). */
  readonly loggedIn: boolean | undefined;
  /** Parental consent state for routes with a parentalConsent guard; undefined while unknown. */
  readonly parentalConsentSet?: boolean | undefined;
}

/** Whether the guard needs the login state for this route. */
export function needsLoginState(route: RouteDef): boolean {
  return route.meta.requiresLogin === true || route.meta.loggedOutOnly === true;
}

export function guardRoute(input: GuardInput): GuardDecision {
  const { route, locale, query } = input;
  const redirect = (href: string): GuardDecision => ({ kind: 'redirect', href });

  // The platform parameter IAL short-circuits to the default redirect.
  if (input.params['platform'] === 'IAL') return redirect(defaultRedirect(locale));
  const alias = route.meta.redirectTo;
  // The registry's path is a route path by construction (src/routes/refs.ts is written from it).
  if (alias !== undefined && isRouteName(alias))
    return redirect(routeHref(locale, { route: routeByName(alias).path as RoutePath }, query));
  if (route.meta.loggedOutOnly && input.loggedIn === true) {
    return redirect(resolveRedirect({ locale, query, policy: input.policy }));
  }
  if (route.meta.requiresLogin && input.loggedIn === false) {
    return redirect(routeHref(locale, { route: routes.login, query: { return_url: input.currentPath } }, query));
  }
  if (route.meta.parentalConsent === 'unset' && input.parentalConsentSet === true) {
    return redirect(routeHref(locale, { route: routes.vpcComplete }, query));
  }
  if (route.meta.parentalConsent === 'set' && input.parentalConsentSet === false) {
    return redirect(routeHref(locale, { route: routes.parentalStart }, query));
  }
  return { kind: 'allow' };
}
