import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { regions, REGION_IDS } from '../../src/regions/index';
import {
  buildPath,
  expandRoutePaths,
  isRouteName,
  matchRoute,
  PARAM_SOURCES,
  routeParams,
  ROUTES,
} from '../../src/routes/registry';

const screens = new Set(
  readdirSync(new URL('../../src/screens/', import.meta.url))
    .filter((f) => f.endsWith('.astro'))
    .map((f) => f.replace(/\.astro$/, '')),
);

describe('route registry', () => {
  it('has unique names and unique paths', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers every route group of spec §2', () => {
    const groups = new Set(ROUTES.map((r) => r.group));
    for (const g of [
      'login',
      'creation',
      'settings',
      'parental',
      'global',
      'platform',
      'self-service',
      'unified',
      'gamescale',
    ]) {
      expect(groups.has(g as never), g).toBe(true);
    }
    const names = new Set<string>(ROUTES.map((r) => r.name));
    for (const n of [
      'login-verify-sms',
      'create-parent-consent-required',
      'verify-code-sms-settings',
      'add-child-complete',
      'platform-link-success',
      'self-verify-rejected',
      'unified-create',
      'gamescale-verify-code',
    ]) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it('names only routes that exist in unifiedVariant and redirectTo', () => {
    for (const route of ROUTES) {
      const meta: { unifiedVariant?: string; redirectTo?: string } = route.meta;
      if (meta.unifiedVariant)
        expect(isRouteName(meta.unifiedVariant), `${route.name} → ${meta.unifiedVariant}`).toBe(true);
      if (meta.redirectTo) expect(isRouteName(meta.redirectTo), `${route.name} → ${meta.redirectTo}`).toBe(true);
    }
  });

  it('maps login and create to their unified versions', () => {
    const byName = new Map(ROUTES.map((r) => [r.name, r]));
    expect(byName.get('login')?.meta).toMatchObject({ unifiedVariant: 'unified-login' });
    expect(byName.get('create')?.meta).toMatchObject({ unifiedVariant: 'unified-create' });
  });

  it('gives every path parameter a value source', () => {
    for (const route of ROUTES) {
      for (const p of routeParams(route.path)) expect(p.name in PARAM_SOURCES, `${route.name}: ${p.name}`).toBe(true);
    }
  });

  it('marks settings as login-required and self-service as logged-out-only carrying parental_flow_mode', () => {
    for (const route of ROUTES) {
      if (route.group === 'settings')
        expect(route.meta, route.name).toMatchObject({ requiresLogin: true, needsSettings: true });
      if (route.group === 'self-service')
        expect(route.meta, route.name).toMatchObject({ loggedOutOnly: true, carriesParentalFlowMode: true });
    }
  });

  it('applies the parental consent guard to the setup routes', () => {
    const guard = Object.fromEntries(
      ROUTES.map((r) => [r.name, 'parentalConsent' in r.meta ? r.meta.parentalConsent : undefined]),
    );
    expect(guard['parental-start']).toBe('unset');
    expect(guard['vpc']).toBe('unset');
    expect(guard['vpc-complete']).toBe('set');
    expect(guard['add-child-signup']).toBe('set');
  });

  it('expands parameterised paths from region config', () => {
    const tpa = ROUTES.find((r) => r.name === 'login-tpa');
    expect(tpa).toBeDefined();
    if (!tpa) return;
    const th = expandRoutePaths(tpa, regions.th);
    expect(th).toContain('login/tpa');
    expect(th).toContain('login/tpa/line');
    expect(th).not.toContain('login/tpa/steam');
    const platformLogin = ROUTES.find((r) => r.name === 'platform-login');
    if (platformLogin) expect(expandRoutePaths(platformLogin, regions.global)).toContain('global/IAL/login');
  });

  it('builds and matches paths', () => {
    expect(buildPath('login')).toBe('login');
    expect(buildPath('login-tpa')).toBe('login/tpa');
    expect(buildPath('login-tpa', { socialProvider: 'google' })).toBe('login/tpa/google');
    expect(buildPath('setting-password', { type: 'change' })).toBe('setting/password/change');
    expect(() => buildPath('link')).toThrow(/provider/);
    expect(matchRoute('login/tpa/google', regions.global)?.name).toBe('login-tpa');
    expect(matchRoute('/setting/security/', regions.global)?.name).toBe('security');
    expect(matchRoute('nope', regions.global)).toBeUndefined();
  });

  it('names every screen file after a route and lists the routes still without a screen', () => {
    for (const screen of screens) expect(isRouteName(screen), `src/screens/${screen}.astro`).toBe(true);
    const missing = ROUTES.filter((r) => !screens.has(r.name)).map((r) => r.name);
    // Printed on purpose: a route without a screen has no page and must not be mistaken for done.
    console.log(
      `Routes with a screen: ${ROUTES.length - missing.length}/${ROUTES.length}. Without a screen yet:\n  ${missing.join(', ')}`,
    );
    expect(REGION_IDS.length).toBe(6);
  });
});
