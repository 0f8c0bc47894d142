/**
 * Every route by name, for names that arrive at run time (route_to, the page's own name): the whole table
 * (src/routes/route-names.ts), so only the code that reads such a name imports this (the end of a flow, the
 * settings verification's return, the launcher's browser hand-over). A screen links to a route it knows through
 * its constant in src/routes/refs.ts (./href).
 */
import { ROUTE_PATHS_BY_NAME } from '../../routes/route-names';
import { templateParams } from '../../routes/path-template';
import type { RouteName } from '../../routes/registry';
import type { RoutePath } from './href';
import { pageRouteName } from './page';

/** A route known by its name: the name (route_to carries it) and its path. */
export interface NamedRoute {
  readonly name: RouteName;
  readonly path: RoutePath;
}

/** The route of that name, when the registry has one. */
export function routeNamed(name: string | null | undefined): NamedRoute | undefined {
  if (name === null || name === undefined || !Object.hasOwn(ROUTE_PATHS_BY_NAME, name)) return undefined;
  const path = ROUTE_PATHS_BY_NAME[name];
  return path === undefined ? undefined : { name: name as RouteName, path: path as RoutePath };
}

/** Whether a route's path needs a parameter a caller must supply. */
export function needsParams(path: RoutePath): boolean {
  return templateParams(path).some((p) => !p.optional);
}

/** The page's route (body[data-route]), when it is a registry route. */
export function currentRoute(): NamedRoute | undefined {
  return routeNamed(pageRouteName());
}
