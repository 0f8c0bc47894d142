/**
 * Sign out from every signed-in page (issue 11 §4): the shell gives pages of
 * login-required routes an account menu (overview, security, sign out), and
 * no other page gets one. Checked on the built output of every region.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGION_IDS } from '../../../src/regions/index';
import { buildPath, ROUTES } from '../../../src/routes/registry';

const DIST = new URL('../../../dist/', import.meta.url).pathname;

function page(region: string, locale: string, route: string): string | null {
  const file = join(DIST, region, 'account', locale, `${buildPath(route as never)}.html`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const MENU = /<details class="lang-picker account-menu">([\s\S]*?)<\/details>/;

describe.each(REGION_IDS)('account menu in %s', (region) => {
  it('is on every login-required page that was built, with sign out, and on no other page', () => {
    let signedInPages = 0;
    for (const route of ROUTES) {
      if (route.path.includes('{')) continue; // parameterised paths: covered by their static siblings
      const html = page(region, 'en', route.name);
      if (html === null) continue;
      const menu = MENU.exec(html);
      if (route.meta.requiresLogin === true) {
        signedInPages += 1;
        expect(menu, `${region} ${route.name}`).not.toBeNull();
        expect(menu?.[1]).toContain(`href="/account/en/${buildPath('logout')}"`);
        expect(menu?.[1]).toContain('>Sign out<');
      } else {
        expect(menu, `${region} ${route.name}`).toBeNull();
      }
    }
    expect(signedInPages).toBeGreaterThan(3);
  });

  it('is translated', () => {
    const html = page(region, 'de', 'security');
    expect(html).not.toBeNull();
    expect(MENU.exec(html ?? '')?.[0]).toContain('<summary>Konto</summary>');
    expect(MENU.exec(html ?? '')?.[0]).toContain('>Abmelden<');
  });
});
