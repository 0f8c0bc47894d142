/**
 * The routes browser code links with (src/routes/refs.ts, a path constant a route, and src/routes/route-names.ts,
 * the paths by name; both written from the registry by `npm run routes:refs`): the files are their sources'
 * output, every route is there once, and links and lookups built from them are the registry's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refIdentifier, routeNamesSource, routeRefsSource } from '../../../src/build/route-refs';
import { buildPath as browserPath, routeHref } from '../../../src/client/navigation/href';
import { needsParams, routeNamed } from '../../../src/client/navigation/routes';
import { mapUnifiedRoute } from '../../../src/client/navigation/unified';
import * as refs from '../../../src/routes/refs';
import { buildPath, ROUTES, routeParams } from '../../../src/routes/registry';

const ROOT = join(import.meta.dirname, '../../..');

describe('route refs', () => {
  it('are the files the registry writes (run `npm run routes:refs` after changing a route)', () => {
    expect(readFileSync(join(ROOT, 'src/routes/refs.ts'), 'utf8')).toBe(routeRefsSource());
    expect(readFileSync(join(ROOT, 'src/routes/route-names.ts'), 'utf8')).toBe(routeNamesSource());
  });

  it('hold every route of the registry once, by its name in camel case, as its path', () => {
    const { UNIFIED_VARIANTS, ...paths } = refs;
    expect(Object.keys(paths)).toHaveLength(ROUTES.length);
    // A path is what a screen links with: two routes on one path could not be told apart.
    expect(new Set(Object.values(paths)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      expect((paths as Record<string, string>)[refIdentifier(route.name)], route.name).toBe(route.path);
      const variant = (route.meta as { unifiedVariant?: string }).unifiedVariant;
      expect(UNIFIED_VARIANTS[route.path], route.name).toBe(
        variant === undefined ? undefined : routeNamed(variant)?.path,
      );
    }
    expect(refIdentifier('self-reset-password-success')).toBe('selfResetPasswordSuccess');
    expect(UNIFIED_VARIANTS).toEqual({ login: 'unified/login', create: 'unified/create' });
    expect(mapUnifiedRoute(refs.login, 'unified-create')).toBe(refs.unifiedLogin);
    expect(mapUnifiedRoute(refs.security, 'unified-create')).toBe(refs.security);
  });

  it('build the same links as the registry, and know which routes need a parameter', () => {
    for (const route of ROUTES) {
      const named = routeNamed(route.name);
      expect(named, route.name).toEqual({ name: route.name, path: route.path });
      if (named === undefined) continue;
      const required = routeParams(route.path).filter((p) => !p.optional);
      expect(needsParams(named.path), route.name).toBe(required.length > 0);
      const params = Object.fromEntries(required.map((p) => [p.name, 'x']));
      expect(browserPath(named.path, params), route.name).toBe(buildPath(route.name, params));
    }
    for (const name of ['no-such-route', 'toString', '__proto__', '']) {
      expect(routeNamed(name), name).toBeUndefined();
    }
    expect(routeNamed(null)).toBeUndefined();
    expect(routeHref('de', { route: refs.platformLoginCallbackSocial, params: { platform: 'steam' } })).toBe(
      '/account/de/global/steam/login/callback/social',
    );
    expect(() => routeHref('de', { route: refs.loginSocialLink })).toThrow(/needs parameter case/);
  });
});
