/**
 * Screens by route name: a route has a screen when src/screens/{route-name}.astro
 * exists. Adding a screen is adding that one file: the build gives each screen
 * its own page (src/build/screen-pages.ts), for every locale and every path of
 * its route in this region, and tests/unit/routes.test.ts prints the routes
 * still without one.
 */
import region from '@region';
import { LOCALES } from '../i18n/locales';
import { matchParams } from '../client/navigation/href';
import { expandRoutePaths, routeByName, routeParams, type RouteName } from '../routes/registry';
import type { ScreenProps } from './types';

export type { ScreenProps } from './types';

/** The static paths of a screen's page: locale and route parameters (an absent optional one is undefined). */
export function screenStaticPaths(
  name: RouteName,
): { params: Record<string, string | undefined>; props: ScreenProps }[] {
  const route = routeByName(name);
  const names = routeParams(route.path).map((p) => p.name);
  return LOCALES.flatMap((locale) =>
    expandRoutePaths(route, region).map((relPath) => {
      const values = matchParams(route.path, relPath) ?? {};
      const params: Record<string, string | undefined> = { locale };
      for (const param of names) params[param] = values[param];
      return { params, props: { locale, route, relPath } };
    }),
  );
}
