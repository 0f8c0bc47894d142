/**
 * Hrefs of routes: /account/{locale}/{path}?{carried query}. A route is its path, one constant of
 * src/routes/refs.ts (written from the registry), which the client build inlines where a screen names it: a page
 * carries the paths it links to only. Names that arrive at run time (route_to) go through ./routes, which has them all.
 */
import { localePath } from '../../routes/paths';
import type * as Refs from '../../routes/refs';
import { fillTemplate } from '../../routes/path-template';
import { withQuery, type QueryInput } from './query';

/** A route's path, as src/routes/refs.ts has it (`routes.login`): what screens link with. */
export type RoutePath = (typeof Refs)[Exclude<keyof typeof Refs, 'UNIFIED_VARIANTS'>];

export interface RouteTarget {
  readonly route: RoutePath;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: QueryInput;
  /** Fragment without "#". */
  readonly hash?: string;
}

/** The locale-relative path of a route with its parameters filled (as the registry's buildPath). */
export function buildPath(route: RoutePath, params: Readonly<Record<string, string>> = {}): string {
  return fillTemplate(route, route, params);
}

/** The href of a route, carrying the current URL's carried query values (spec §2). */
export function routeHref(
  locale: string,
  target: RouteTarget,
  current: URLSearchParams = new URLSearchParams(),
): string {
  return withQuery(
    localePath(locale, buildPath(target.route, { ...target.params })),
    current,
    target.query,
    target.hash,
  );
}

/** Values of a route's path parameters in a concrete locale-relative path, or undefined when it does not match. */
export function matchParams(pattern: string, relPath: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)(\?)?\}$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(param[1] ?? '');
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(`/${relPath.replace(/^\/+|\/+$/g, '')}`);
  if (!match) return undefined;
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match[i + 1];
    if (value !== undefined) out[name] = decodeURIComponent(value);
  });
  return out;
}
