/**
 * Unified variants (spec §2): coming from a unified route, login and create
 * map to unified-login and unified-create (registry meta unifiedVariant); a
 * route name containing "unified" or the unified query flag selects the
 * [unified/] call variants.
 */
import type { RouteName } from '../../routes/registry';
import { unifiedVariantOf } from './routes';
import { isUnifiedRoute } from './unified-calls';

export { isUnifiedRoute, usesUnifiedCalls } from './unified-calls';

/** The route to go to: the unified variant when the previous route was unified and one exists. */
export function mapUnifiedRoute(target: RouteName, previous: string | undefined): RouteName {
  if (!isUnifiedRoute(previous)) return target;
  return unifiedVariantOf(target) ?? target;
}
