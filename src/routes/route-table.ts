/**
 * The route table browser code links with: every route's path, and the unified counterpart of the routes that
 * have one (src/client/navigation/routes.ts). A projection of the registry; the bundle for the browser gets it as
 * two literals (src/build/route-table-plugin.ts), without the registry and its meta, which would triple what
 * every page loads for links (docs/performance.md). Node, the edge Functions and tests run this module as is.
 */
import { ROUTES } from './registry.ts';

export const ROUTE_PATHS: Readonly<Partial<Record<string, string>>> = Object.fromEntries(
  ROUTES.map((route) => [route.name, route.path]),
);

export const UNIFIED_VARIANTS: Readonly<Partial<Record<string, string>>> = Object.fromEntries(
  ROUTES.flatMap((route) => {
    const variant = (route.meta as { unifiedVariant?: string }).unifiedVariant;
    return variant === undefined ? [] : [[route.name, variant]];
  }),
);
