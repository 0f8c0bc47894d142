/**
 * The browser's view of the route registry: names, paths and unified variants (src/routes/route-table.ts,
 * built as literals for the bundle). Islands and navigation link through this module; the registry itself
 * (its meta for guards, Functions and pages) is for the build, the edge and the shell.
 */
import { ROUTE_PATHS, UNIFIED_VARIANTS } from '../../routes/route-table';
import { fillTemplate, templateParams } from '../../routes/path-template';
import type { RouteName } from '../../routes/registry';

export function isRouteName(value: string): value is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTE_PATHS, value);
}

/** A route's path template (relative to /account/{locale}/). */
export function routePath(name: RouteName): string {
  return ROUTE_PATHS[name] ?? '';
}

/** The locale-relative path of a route with its parameters filled (as the registry's buildPath). */
export function buildPath(name: RouteName, params: Readonly<Record<string, string>> = {}): string {
  return fillTemplate(name, routePath(name), params);
}

/** Whether a route's path needs a parameter a caller must supply. */
export function needsParams(name: RouteName): boolean {
  return templateParams(routePath(name)).some((p) => !p.optional);
}

/** The unified counterpart of a route (login → unified-login), if it has one. */
export function unifiedVariantOf(name: RouteName): RouteName | undefined {
  const variant = UNIFIED_VARIANTS[name];
  return variant !== undefined && isRouteName(variant) ? variant : undefined;
}
