/**
 * Unified variants (spec §2): coming from a unified route, login and create
 * map to unified-login and unified-create (the registry's unifiedVariant, written into
 * src/routes/refs.ts as UNIFIED_VARIANTS); a route name containing "unified" or the unified query
 * flag selects the [unified/] call variants.
 */
import { UNIFIED_VARIANTS } from '../../routes/refs';
import type { RoutePath } from './href';
import { isUnifiedRoute } from './unified-calls';

export { isUnifiedRoute, usesUnifiedCalls } from './unified-calls';

/** The route to go to: the unified variant when the previous route was unified and one exists. */
export function mapUnifiedRoute(target: RoutePath, previous: string | undefined): RoutePath {
  if (!isUnifiedRoute(previous)) return target;
  return (UNIFIED_VARIANTS[target] as RoutePath | undefined) ?? target;
}
