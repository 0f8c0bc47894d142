/**
 * Apple's sign-in in a popup (spec §2 "Social callback behaviour": an Apple-style callback in a popup redirects the
 * opener and closes the popup), in Chromium against the local provider and Apple's form_post bounce: the popup
 * hands the callback URL back to the login page, closes, and the login page carries on (a new identity: create-tpa).
 */
import { expect, test } from '@playwright/test';
import { acceptCookies, hydrated, text } from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.6' } });

test('apple signs in through a popup that hands the result to the login page and closes', async ({ page }, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables apple');
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.goto('/account/en/login');
  await hydrated(page);
  await acceptCookies(page, 'en');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: text('en', 'social.buttons.continueWith', { provider: 'Apple' }) }).click();
  const popup = await popupOpened;
  // The login page stays where it is while the popup signs in.
  await expect(page).toHaveURL(/\/account\/en\/login$/);

  const run = Date.now().toString(36);
  await expect(popup.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await popup.getByLabel('Subject (provider user id)').fill(`e2e-apple-popup-${run}`);
  await popup.getByLabel('Email (optional)').fill(`apple-popup-${run}@social.test`);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;

  // The opening page took the result: a new identity goes on to sign up through the provider.
  await page.waitForURL(/\/account\/en\/create-tpa/, { timeout: 30_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
