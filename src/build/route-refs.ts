/**
 * The sources of src/routes/refs.ts and src/routes/route-names.ts, written from the registry by
 * `npm run routes:refs` and checked in (a test holds each equal to its source, so the registry stays the one place a
 * route is declared):
 *
 * - refs.ts: one string constant per route, its path (`export const selfResetPassword = 'self-service/reset-password'`).
 *   Browser code links through these (`import * as routes from '…/routes/refs'`, `navigate(routes.login)`), and
 *   the client build inlines them (rolldown's `inlineConst`, astro.config.mjs): a page's code carries the paths it
 *   links to, and no table (docs/performance.md "The route table"). With them the unified counterparts (login →
 *   unified/login), the one pair table browser navigation needs at start.
 * - route-names.ts: every route's path by name, for the names that arrive at run time (route_to, the page's own
 *   name): only the code that reads such a name imports it (src/client/navigation/routes.ts).
 *
 * (Node runs this file for the script: imports carry `.ts`.)
 */
import { ROUTES } from '../routes/registry.ts';

/** A route's export name: its name in camel case (`self-reset-password` → `selfResetPassword`). */
export function refIdentifier(name: string): string {
  return name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
}

const unifiedOf = (route: (typeof ROUTES)[number]) => (route.meta as { unifiedVariant?: string }).unifiedVariant;

export function routeRefsSource(): string {
  const unified = ROUTES.flatMap((route) => {
    const variant = unifiedOf(route);
    return variant === undefined ? [] : [`  [${refIdentifier(route.name)}]: ${refIdentifier(variant)},`];
  });
  return [
    '/**',
    ' * Every route of the registry (src/routes/registry.ts) as its path, one constant each: browser code links with',
    " * these (`import * as routes from '…/routes/refs'`), and the client build inlines them, so a page carries only",
    ' * the paths its code names. Written by `npm run routes:refs` (src/build/route-refs.ts); do not edit by hand.',
    ' */',
    ...ROUTES.map((route) => `export const ${refIdentifier(route.name)} = '${route.path}';`),
    '',
    '/** The unified counterpart of a route that has one (spec §2): login → unified/login. */',
    'export const UNIFIED_VARIANTS: Readonly<Partial<Record<string, string>>> = {',
    ...unified,
    '};',
    '',
  ].join('\n');
}

export function routeNamesSource(): string {
  return [
    '/**',
    ' * Every route path by route name, for names that arrive at run time (route_to, the page’s own name): only the code',
    ' * that reads such a name imports this (src/client/navigation/routes.ts). Written by `npm run routes:refs`',
    ' * (src/build/route-refs.ts); do not edit by hand.',
    ' */',
    "import * as routes from './refs';",
    '',
    'export const ROUTE_PATHS_BY_NAME: Readonly<Partial<Record<string, string>>> = {',
    ...ROUTES.map((route) => `  '${route.name}': routes.${refIdentifier(route.name)},`),
    '};',
    '',
  ].join('\n');
}
