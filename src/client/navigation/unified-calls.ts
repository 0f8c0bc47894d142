/**
 * Spec §2: a route name containing "unified" or the unified query flag
 * selects the [unified/] call variants. Apart from ./unified (which maps
 * routes through the registry) so a page can decide its calls without the
 * route table.
 */
import { queryFlag } from './query';

export function isUnifiedRoute(name: string | undefined): boolean {
  return name !== undefined && name.includes('unified');
}

/** Whether calls made on this route use the [unified/] variants (the region's own rule is the HTTP client's). */
export function usesUnifiedCalls(routeName: string | undefined, query: URLSearchParams): boolean {
  return isUnifiedRoute(routeName) || queryFlag(query, 'unified');
}
