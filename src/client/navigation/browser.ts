/**
 * The browser side of navigation: the site is a static multi-page app, so
 * navigating is building the href (registry path, locale, carried query,
 * unified mapping) and assigning it. Pure rules live in the sibling modules.
 * The end of a flow (redirect rules, allow-list) is ./flow-end: the few
 * screens that end a flow import it, not every page.
 */
import type { RouteName } from '../../routes/registry';
import { isRouteName } from './routes';
import { routeHref, type RouteTarget } from './href';
import { currentLocale, currentQuery, goTo, pageRouteName } from './page';
import { mapUnifiedRoute } from './unified';

export { currentLocale, currentPath, currentQuery, goTo, redirectPolicy, unifiedCalls } from './page';

/** The page's route name (body[data-route]), when it is a registry route. */
export function currentRouteName(): RouteName | undefined {
  const value = pageRouteName();
  return value !== undefined && isRouteName(value) ? value : undefined;
}

/** The href of a named route from this page: carried query values travel, login/create map to unified after a unified route. */
export function hrefTo(name: RouteName, target: Omit<RouteTarget, 'name'> = {}): string {
  return routeHref(currentLocale(), { ...target, name: mapUnifiedRoute(name, currentRouteName()) }, currentQuery());
}

export interface NavigateOptions extends Omit<RouteTarget, 'name'> {
  /** Replace the history entry (redirects) instead of pushing one. */
  readonly replace?: boolean;
}

/** Navigates to a named route of the registry. */
export function navigate(name: RouteName, options: NavigateOptions = {}): void {
  const { replace = false, ...target } = options;
  goTo(hrefTo(name, target), replace);
}
