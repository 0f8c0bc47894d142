/**
 * One page per screen (src/build/screen-pages.ts, src/screens/index.ts): each screen's injected route pattern,
 * filled with the params of its static paths, gives exactly the page URL of every path of its route, so the build
 * makes the same pages the single catch-all page made, each from its own page module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasSettingsLayout, screenNames, screenPageSource, screenPattern } from '../../../src/build/screen-pages';
import { LOCALES } from '../../../src/i18n/locales';
import global from '../../../src/regions/global';
import { expandRoutePaths, routeByName } from '../../../src/routes/registry';
import { screenStaticPaths } from '../../../src/screens/index';

const SCREENS = new URL('../../../src/screens/', import.meta.url);

/** The URL Astro builds for a pattern and params: `[x]` is the value, `[...x]` the value or nothing. */
function fill(pattern: string, params: Record<string, string | undefined>): string {
  return pattern
    .replace(/\[(\.\.\.)?(\w+)\]/g, (_m, _rest: string | undefined, name: string) => params[name] ?? '')
    .replace(/\/{2,}/g, '/')
    .replace(/\/$/, '');
}

describe('screen pages', () => {
  it('are the screens: every .astro file of src/screens', () => {
    const files = readdirSync(SCREENS).filter((f) => f.endsWith('.astro'));
    expect(screenNames(SCREENS).sort()).toEqual(files.map((f) => f.replace(/\.astro$/, '')).sort());
  });

  it.each([
    ['login', '/account/[locale]/login'],
    ['setting/password/{type?}', '/account/[locale]/setting/password/[...type]'],
    ['{setting?}/opt-in-sms', '/account/[locale]/[...setting]/opt-in-sms'],
    ['global/{platform}/login', '/account/[locale]/global/[platform]/login'],
  ])('turn the registry path %s into the route pattern %s', (path, pattern) => {
    expect(screenPattern(path)).toBe(pattern);
  });

  it.each(screenNames(SCREENS))('%s: one page per locale and path of its route', (name) => {
    const route = routeByName(name);
    const paths = screenStaticPaths(name);
    const expected = LOCALES.flatMap((locale) =>
      expandRoutePaths(route, global).map((relPath) => `/account/${locale}/${relPath}`),
    );
    expect(paths.map((p) => fill(screenPattern(route.path), p.params))).toEqual(expected);
    expect(paths.map((p) => `/account/${p.props.locale}/${p.props.relPath}`)).toEqual(expected);
    for (const p of paths) expect(p.props.route).toBe(route);
  });

  it('generate a page entry that renders the screen with its props', () => {
    const source = screenPageSource('login', '/repo/src/screens/login.astro', '/repo/src/screens/index.ts');
    expect(source).toContain('import Screen from "/repo/src/screens/login.astro";');
    expect(source).toContain('export const getStaticPaths = () => screenStaticPaths("login");');
    expect(source).toContain('<Screen locale={locale} route={route} relPath={relPath} />');
  });

  it('give the settings frame its styles only on the pages with the settings layout', () => {
    const login = screenPageSource('login', '/repo/src/screens/login.astro', '/repo/src/screens/index.ts');
    const security = screenPageSource('security', '/repo/src/screens/security.astro', '/repo/src/screens/index.ts');
    expect(login).not.toContain('settings-frame.css');
    expect(security).toMatch(/import ".*\/src\/layouts\/settings-frame\.css";/);
  });

  it.each(screenNames(SCREENS))('%s: its layout is settings exactly when its route is a settings screen', (name) => {
    const source = readFileSync(new URL(`${name}.astro`, SCREENS), 'utf8');
    expect(/layout="settings"/.test(source), name).toBe(hasSettingsLayout(name));
  });
});
