/**
 * Builds src/routes/route-table.ts as two literals: the bundle gets each route's path and unified variant
 * without the registry module (its meta, groups, guards' flags, parameter sources) that the table is computed
 * from. Same values, which tests/unit/bundle/route-table.test.ts checks against the module computed at run time.
 * (Node runs this file for the config: imports carry `.ts`.)
 */
import type { Plugin } from 'vite';
import { ROUTE_PATHS, UNIFIED_VARIANTS } from '../routes/route-table.ts';

const RESOLVED = '\0portal:route-table';

/** The module's source as literals. */
export function routeTableSource(): string {
  return (
    `export const ROUTE_PATHS = ${JSON.stringify(ROUTE_PATHS)};\n` +
    `export const UNIFIED_VARIANTS = ${JSON.stringify(UNIFIED_VARIANTS)};\n`
  );
}

export function routeTablePlugin(): Plugin {
  return {
    name: 'portal:route-table',
    enforce: 'pre',
    resolveId(id, importer) {
      if (importer === undefined || !/(^|\/)route-table(\.ts)?$/.test(id)) return undefined;
      if (!importer.replaceAll('\\', '/').includes('/src/client/navigation/')) return undefined;
      return RESOLVED;
    },
    load: (id) => (id === RESOLVED ? routeTableSource() : undefined),
  };
}
