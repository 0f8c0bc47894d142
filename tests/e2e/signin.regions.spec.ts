/**
 * Sign-in and account creation in two region builds (issue 5): this file
 * runs in the global project and in the th project (its own build, API and
 * D1). Each region signs in, out and starts a sign-up in a local language.
 */
import { expect, test } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';
import {
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  regionOf,
  text,
  uniqueEmail,
} from './support/signin';

/** A language each build's players use besides English. */
const LOCAL: Record<string, Locale> = { global: 'ja', th: 'th' };

test('sign in, remember this device later, land on settings, sign out from the account menu', async ({
  page,
  request,
  baseURL,
}, info) => {
  const region = regionOf(info);
  const locale = LOCAL[region] ?? 'en';
  const email = uniqueEmail(`region-${region}`);
  await createTestAccount(request, baseURL ?? '', email);

  await page.goto(`/account/${locale}/login`);
  await hydrated(page);
  await expect(page.locator('body')).toHaveAttribute('data-region', region);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'login.heading'));
  await expectAccessible(page, `login (${region}, ${locale})`);
  await page.getByLabel(text(locale, 'login.id.label')).fill(email);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel(text(locale, 'login.rememberMe')).check();
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(locale, 'login.trustedDevice.later') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/account/${locale}/setting/account-overview`));

  // Sign out from the header's account menu (every signed-in page has it).
  await page.locator('header').getByText(text(locale, 'shell.account.menu'), { exact: true }).click();
  await page
    .locator('header')
    .getByRole('link', { name: text(locale, 'settings.overview.signOut') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'logout.heading'));
  // Signed out for real: a settings page now sends the visitor to login.
  await page.goto(`/account/${locale}/setting/account-overview`);
  await expect(page).toHaveURL(new RegExp(`/account/${locale}/login\\?return_url=`));
  // And the login page is reachable again (it is logged-out only).
  await page.goto(`/account/${locale}/login`);
  await hydrated(page);
  await expect(page).toHaveURL(new RegExp(`/account/${locale}/login`));
});

test('the create screen offers the region countries in the page language', async ({ page }, info) => {
  const region = regionOf(info);
  const locale = LOCAL[region] ?? 'en';
  await page.goto(`/account/${locale}/create`);
  await hydrated(page);
  const country = page.getByLabel(text(locale, 'create.age.country'));
  // The global membership serves Germany; th serves Thailand (the japan build serves Japan, not global).
  const expected = region === 'th' ? 'TH' : 'DE';
  await expect(country.locator(`option[value="${expected}"]`)).toHaveCount(1);
  // Named in the page language, not in English.
  await expect(country.locator(`option[value="${expected}"]`)).not.toHaveText(region === 'th' ? 'Thailand' : 'Germany');
  await expectAccessible(page, `create (${region}, ${locale})`);
});

test('unified login keeps the unified create link', async ({ page }, info) => {
  const locale = LOCAL[regionOf(info)] ?? 'en';
  await page.goto(`/account/${locale}/unified/login`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: text(locale, 'login.create') })).toHaveAttribute(
    'href',
    `/account/${locale}/unified/create`,
  );
});
