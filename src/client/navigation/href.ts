/**
 * Hrefs of named routes: /account/{locale}/{path}?{carried query}. Paths come
 * from the route registry only, so a renamed path changes in one place.
 */
import type { RouteName } from '../../routes/registry';
import { buildPath } from './routes';
import { localePath } from '../../routes/paths';
import { withQuery, type QueryInput } from './query';

export interface RouteTarget {
  readonly name: RouteName;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: QueryInput;
  /** Fragment without "#". */
  readonly hash?: string;
}

/** The href of a named route, carrying the current URL's carried query values (spec §2). */
export function routeHref(
  locale: string,
  target: RouteTarget,
  current: URLSearchParams = new URLSearchParams(),
): string {
  return withQuery(
    localePath(locale, buildPath(target.name, { ...target.params })),
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
