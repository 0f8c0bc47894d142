/**
 * The browser side of navigation: the site is a static multi-page app, so
 * navigating is building the href (the route's path, locale, carried query,
 * unified mapping) and assigning it. Pure rules live in the sibling modules.
 * The end of a flow (redirect rules, allow-list) is ./flow-end: the few
 * screens that end a flow import it, not every page.
 */
import { routeHref, type RoutePath, type RouteTarget } from './href';
import { currentLocale, currentQuery, goTo, pageRouteName } from './page';
import { mapUnifiedRoute } from './unified';

export { currentLocale, currentPath, currentQuery, goTo, redirectPolicy, unifiedCalls } from './page';
export type { RoutePath, RouteTarget } from './href';

/** The href of a route from this page: carried query values travel, login/create map to unified after a unified route. */
export function hrefTo(route: RoutePath, target: Omit<RouteTarget, 'route'> = {}): string {
  return routeHref(currentLocale(), { ...target, route: mapUnifiedRoute(route, pageRouteName()) }, currentQuery());
}

export interface NavigateOptions extends Omit<RouteTarget, 'route'> {
  /** Replace the history entry (redirects) instead of pushing one. */
  readonly replace?: boolean;
}

/** Navigates to a route. */
export function navigate(route: RoutePath, options: NavigateOptions = {}): void {
  const { replace = false, ...target } = options;
  goTo(hrefTo(route, target), replace);
}
