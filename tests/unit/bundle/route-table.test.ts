/**
 * The browser's route table (src/routes/route-table.ts, built as literals by src/build/route-table-plugin.ts):
 * the literals the bundle gets are the table Node computes from the registry, and links built from it are the
 * registry's.
 */
import { describe, expect, it } from 'vitest';
import { nameOfPath, routeTablePlugin, routeTableSource } from '../../../src/build/route-table-plugin';
import {
  buildPath as browserPath,
  isRouteName,
  needsParams,
  unifiedVariantOf,
} from '../../../src/client/navigation/routes';
import { buildPath, ROUTES, routeParams } from '../../../src/routes/registry';
import { ROUTE_PATHS, UNIFIED_VARIANTS } from '../../../src/routes/route-table';

describe('route table', () => {
  it('is built as the literals of the table computed from the registry', async () => {
    const url = `data:text/javascript,${encodeURIComponent(routeTableSource())}`;
    const built = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
    expect(built['ROUTE_PATHS']).toEqual(ROUTE_PATHS);
    expect(built['UNIFIED_VARIANTS']).toEqual(UNIFIED_VARIANTS);
    expect(Object.keys(ROUTE_PATHS)).toHaveLength(ROUTES.length);
    expect(UNIFIED_VARIANTS).toEqual({ login: 'unified-login', create: 'unified-create' });
  });

  it('names most routes by their path, so the bundle lists only the few named otherwise', () => {
    expect(nameOfPath('global/{platform}/login/callback/social/{socialProvider?}')).toBe(
      'platform-login-callback-social',
    );
    expect(nameOfPath('setting/account-overview')).toBe('account-overview');
    expect(nameOfPath('self-service/find-email/completed')).toBe('self-find-email-completed');
    expect(nameOfPath('{setting?}/opt-in-sms')).toBe('opt-in-sms');
    const byName = ROUTES.filter((route) => nameOfPath(route.path) !== route.name);
    expect(byName.length).toBeLessThan(ROUTES.length / 4);
    for (const route of byName) expect(routeTableSource()).toContain(JSON.stringify(route.name));
    // The reason for the form: smaller than name → path pairs.
    expect(routeTableSource().length).toBeLessThan(JSON.stringify(ROUTE_PATHS).length * 0.7);
  });

  it('replaces only the navigation folder’s import of the table', () => {
    const plugin = routeTablePlugin();
    const resolve = plugin.resolveId as (id: string, importer?: string) => string | undefined;
    expect(resolve('../../routes/route-table', '/w/src/client/navigation/routes.ts')).toBe('\0portal:route-table');
    expect(resolve('../routes/route-table.ts', '/w/src/build/route-table-plugin.ts')).toBeUndefined();
    expect(resolve('./registry', '/w/src/client/navigation/routes.ts')).toBeUndefined();
  });

  it('builds the same links as the registry, and knows which routes need a parameter', () => {
    for (const route of ROUTES) {
      expect(isRouteName(route.name)).toBe(true);
      const required = routeParams(route.path).filter((p) => !p.optional);
      expect(needsParams(route.name), route.name).toBe(required.length > 0);
      const params = Object.fromEntries(required.map((p) => [p.name, 'x']));
      expect(browserPath(route.name, params), route.name).toBe(buildPath(route.name, params));
    }
    expect(isRouteName('no-such-route')).toBe(false);
    expect(unifiedVariantOf('login')).toBe('unified-login');
    expect(unifiedVariantOf('security')).toBeUndefined();
  });
});
