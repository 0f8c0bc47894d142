/**
 * Screens by route name: a route has a screen when src/screens/{route-name}.astro
 * exists. Adding a screen is adding that one file; the catch-all page
 * generates pages only for these, and tests/unit/routes.test.ts prints the
 * routes still without one.
 */
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { isRouteName, type RouteName } from '../routes/registry';

const modules = import.meta.glob<{ default: AstroComponentFactory }>('./*.astro', { eager: true });

export const SCREENS: ReadonlyMap<RouteName, AstroComponentFactory> = new Map(
  Object.entries(modules).map(([file, mod]) => {
    const name = file.replace(/^\.\//, '').replace(/\.astro$/, '');
    if (!isRouteName(name)) throw new Error(`src/screens/${name}.astro does not name a route of the registry`);
    return [name, mod.default] as const;
  }),
);
