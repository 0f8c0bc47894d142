/**
 * Foundation in real Chromium against `wrangler pages dev`: locales, unknown
 * paths (spec §2), localized 404, the i18next cookie.
 */
import { expect, test } from '@playwright/test';
import { CATALOGUES, flatten } from '../../src/i18n/catalogue';
import { htmlLang, LOCALES } from '../../src/i18n/locales';

const text = (locale: (typeof LOCALES)[number], key: string) => flatten(CATALOGUES[locale])[key] ?? '';

test.describe('every locale', () => {
  for (const locale of LOCALES) {
    test(`${locale} renders translated with lang ${htmlLang(locale)}`, async ({ page }) => {
      await page.goto(`/account/${locale}/maintenance`);
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'page.maintenance.heading'));
      await expect(page).toHaveTitle(new RegExp(text(locale, 'page.maintenance.title')));
    });
  }
});

test.describe('unknown paths', () => {
  test('a path without a locale gets the cookie locale, else en', async ({ page, context }) => {
    await page.goto('/account/maintenance');
    await expect(page).toHaveURL(/\/account\/en\/maintenance$/);
    await context.addCookies([{ name: 'i18next', value: 'fr', domain: 'localhost', path: '/' }]);
    await page.goto('/account/maintenance');
    await expect(page).toHaveURL(/\/account\/fr\/maintenance$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('a bare locale path and the site root go to login', async ({ request }) => {
    const bare = await request.get('/account/de', { maxRedirects: 0 });
    expect(bare.status()).toBe(302);
    expect(bare.headers()['location']).toMatch(/\/account\/de\/login$/);
    const root = await request.get('/', { maxRedirects: 0 });
    expect(root.headers()['location']).toMatch(/\/account\/en\/login$/);
  });

  test('a two-letter second segment is stripped', async ({ page }) => {
    await page.goto('/account/ja/de/maintenance');
    await expect(page).toHaveURL(/\/account\/ja\/maintenance$/);
  });

  test('any other unknown page gets the localized 404 with status 404', async ({ page }) => {
    const response = await page.goto('/account/de/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'page.notFound.heading'));
  });

  test('the locale in the URL is stored in the i18next cookie', async ({ page, context }) => {
    await page.goto('/account/pl/maintenance');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('pl');
    await page.goto('/account/error');
    await expect(page).toHaveURL(/\/account\/pl\/error$/);
  });
});

test('static pages carry the security headers', async ({ request }) => {
  const res = await request.get('/account/en/maintenance');
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(h['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['strict-transport-security']).toContain('max-age=');
});
