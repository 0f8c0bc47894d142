/**
 * The browser side of navigation: the site is a static multi-page app, so
 * navigating is building the href (registry path, locale, carried query,
 * unified mapping) and assigning it. Pure rules live in the sibling modules.
 */
import region from '@region';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { isRouteName, type RouteName } from '../../routes/registry';
import type { RedirectPolicy } from '../../shared/redirect';
import { routeHref, type RouteTarget } from './href';
import { resolveRedirect } from './redirect-target';
import { mapUnifiedRoute, usesUnifiedCalls } from './unified';

/** The page's locale (the Shell renders it on body[data-locale]). */
export function currentLocale(): Locale {
  const value = document.body.dataset['locale'];
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The page's route name (body[data-route]), when it is a registry route. */
export function currentRouteName(): RouteName | undefined {
  const value = document.body.dataset['route'];
  return value !== undefined && isRouteName(value) ? value : undefined;
}

export function currentQuery(): URLSearchParams {
  return new URLSearchParams(location.search);
}

/** The allow-list policy of this build on this origin. */
export function redirectPolicy(): RedirectPolicy {
  return { suffixes: region.redirectDomainSuffixes, origin: location.origin };
}

/** Whether calls on this page use the [unified/] variants (route name or query flag; the client adds the region rule). */
export function unifiedCalls(): boolean {
  return usesUnifiedCalls(currentRouteName(), currentQuery());
}

/** The href of a named route from this page: carried query values travel, login/create map to unified after a unified route. */
export function hrefTo(name: RouteName, target: Omit<RouteTarget, 'name'> = {}): string {
  return routeHref(currentLocale(), { ...target, name: mapUnifiedRoute(name, currentRouteName()) }, currentQuery());
}

export interface NavigateOptions extends Omit<RouteTarget, 'name'> {
  /** Replace the history entry (redirects) instead of pushing one. */
  readonly replace?: boolean;
}

/** Goes to a URL that is already known to be safe (built here or accepted by the allow-list). */
export function goTo(href: string, replace = false): void {
  if (replace) location.replace(href);
  else location.assign(href);
}

/** Navigates to a named route of the registry. */
export function navigate(name: RouteName, options: NavigateOptions = {}): void {
  const { replace = false, ...target } = options;
  goTo(hrefTo(name, target), replace);
}

/** The end of a flow (spec §2): route_to, else an allowed return_url/redirect_uri, else account settings. */
export function redirectHref(): string {
  return resolveRedirect({ locale: currentLocale(), query: currentQuery(), policy: redirectPolicy() });
}

export function redirectAfterFlow(replace = true): void {
  goTo(redirectHref(), replace);
}

/** The same-origin path and query of this page (the return_url given to login). */
export function currentPath(): string {
  return `${location.pathname}${location.search}`;
}
