/**
 * Builds src/routes/route-table.ts as literals: the bundle gets each route's path and unified variant without the
 * registry module (its meta, groups, guards' flags, parameter sources) that the table is computed from. Same
 * values, which tests/unit/bundle/route-table.test.ts checks against the module computed at run time.
 * (Node runs this file for the config: imports carry `.ts`.)
 *
 * Most route names are their path's words (NAME_RULES): those routes travel as one string of paths, named in the
 * browser by the same rules, and only the others as name → path pairs. The table is on every island page
 * (`base`, docs/performance.md); this form is about 0.3 KB br less there than a name → path literal.
 */
import type { Plugin } from 'vite';
import { ROUTE_PATHS, UNIFIED_VARIANTS } from '../routes/route-table.ts';

const RESOLVED = '\0portal:route-table';

/**
 * A route's name from its path, applied in order: three areas' prefixes shortened (setting/ → none,
 * global/{platform}/ → platform-, self-service/ → self-), parameters dropped, `/` as `-`. A route named
 * otherwise is listed by name. One list: the build applies it here, and the browser gets it as regex literals.
 */
export const NAME_RULES: readonly (readonly [RegExp, string])[] = [
  [/^setting\//, ''],
  [/^global\/\{platform\}\//, 'platform-'],
  [/^self-service\//, 'self-'],
  [/\{\w+\??\}\/?/g, ''],
  [/\/$/, ''],
  [/\//g, '-'],
];

export function nameOfPath(path: string): string {
  return NAME_RULES.reduce((name, [pattern, replacement]) => name.replace(pattern, replacement), path);
}

/** The module's source as literals. */
export function routeTableSource(): string {
  const named: string[] = [];
  const listed: Record<string, string> = {};
  for (const [name, path] of Object.entries(ROUTE_PATHS)) {
    if (path === undefined) continue;
    // A path with a space could not travel in the space-separated string (none has one; the test holds it).
    if (nameOfPath(path) === name && !path.includes(' ')) named.push(path);
    else listed[name] = path;
  }
  const rules = NAME_RULES.map(([pattern, replacement]) => `[${pattern.toString()},${JSON.stringify(replacement)}]`);
  return (
    `const RULES = [${rules.join(',')}];\n` +
    `export const ROUTE_PATHS = {\n` +
    `  ...Object.fromEntries(${JSON.stringify(named.join(' '))}.split(' ').map((p) => [RULES.reduce((n, [r, t]) => n.replace(r, t), p), p])),\n` +
    `  ...${JSON.stringify(listed)},\n` +
    `};\n` +
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
