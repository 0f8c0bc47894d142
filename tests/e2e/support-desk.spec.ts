/**
 * The support desk end to end (spec §2 login/zendesk and login/move-to-zendesk, §7 login/token and
 * login/zendesk, §8 20100; docs/support-desk.md) on global, offline: the seeded blocked account signs in, sees
 * the portal-ban dialog, takes Contact Support, confirms its password on login/zendesk and lands on the dev
 * support desk, which shows the JWT it received verified with the shared secret and the account's email; an
 * account that is not blocked is told to sign in; a signed-in player moves to the desk. axe on each screen.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  createTestAccount,
  expectAccessible,
  hydrated,
  regionOf,
  seedDemoAccounts,
  text,
  uniqueEmail,
  GOOD_PASSWORD,
  acceptCookies,
} from './support/signin';
import { signedIn } from './support/two-factor';

const locale = 'en';
const BLOCKED = 'blocked@demo.lumenforge.test';

async function confirmOnDeskLogin(page: Page, id: string, password: string): Promise<void> {
  await page.getByLabel(text(locale, 'supportDesk.login.id.label')).fill(id);
  await page.getByLabel(text(locale, 'supportDesk.login.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(locale, 'supportDesk.login.submit'), exact: true }).click();
}

/** The dev support desk received a JWT it verified with the shared secret, for this email. */
async function expectVerifiedAtDesk(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/dev\/support-desk\/access\/jwt\?jwt=/, { timeout: 30_000 });
  await expect(page.getByRole('status')).toContainText('Signature verified with the shared secret');
  await expect(page.locator('[data-claim="email"]')).toHaveText(email);
  await expect(page.locator('[data-claim="jti"]')).toHaveText(/^[0-9a-f-]{36}$/);
  expect(new URL(page.url()).searchParams.get('return_to')).toMatch(/\/api\/dev\/support-desk\/hc\/requests\/new$/);
  // The JWT and where the desk goes next, readable in full, and the page no wider than a phone.
  await expect(page.getByLabel('JWT')).toHaveValue(new URL(page.url()).searchParams.get('jwt') ?? '');
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (viewport !== null) await page.setViewportSize(viewport);
}

test('a blocked player reaches the support desk through Contact Support', async ({ page, baseURL }, info) => {
  // Seeding runs the server's hashing and wrangler's D1 import first: tens of seconds on a busy machine.
  test.slow();
  const accounts = await seedDemoAccounts(regionOf(info), baseURL ?? '');
  const password = accounts.get(BLOCKED) ?? '';
  expect(password).not.toBe('');
  await page.goto('/account/en/login');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByLabel(text(locale, 'login.id.label')).fill(BLOCKED);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(locale, 'error.ban.7003'));
  await dialog.getByRole('button', { name: text(locale, 'dialog.ban.contactSupport') }).click();

  await expect(page).toHaveURL(/\/account\/en\/login\/zendesk$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'supportDesk.login.heading'));
  await expectAccessible(page, 'login/zendesk');
  // A wrong password is refused on this screen as on login, and nothing leaves the page.
  await confirmOnDeskLogin(page, BLOCKED, 'Not-The-Password-1');
  await expect(page.getByRole('alert')).toContainText(text(locale, 'error.form.20002'));
  await expectAccessible(page, 'login/zendesk with an error');

  await confirmOnDeskLogin(page, BLOCKED, password);
  await expectVerifiedAtDesk(page, BLOCKED);
  await expect(page.locator('[data-claim="external_id"]')).toHaveText('900006');
});

test('an account that is not blocked is told to sign in and contact support from the account', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('desk-not-blocked');
  await createTestAccount(request, baseURL ?? '', email);
  await page.goto('/account/en/login/zendesk');
  await hydrated(page);
  await acceptCookies(page, locale);
  await confirmOnDeskLogin(page, email, GOOD_PASSWORD);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(text(locale, 'supportDesk.login.notBlocked'));
  await expect(alert.getByRole('link', { name: text(locale, 'supportDesk.login.signIn') })).toHaveAttribute(
    'href',
    '/account/en/login',
  );
  await expect(page).toHaveURL(/\/account\/en\/login\/zendesk$/);
  await expectAccessible(page, 'login/zendesk not blocked');
});

test('a signed-in player moves to the support desk', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('desk-move');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  await page.goto('/account/en/login/move-to-zendesk');
  await expectVerifiedAtDesk(page, email);
});

test('login/move-to-zendesk sends a visitor who is not signed in to login first', async ({ page }) => {
  await page.goto('/account/en/login/move-to-zendesk');
  await expect(page).toHaveURL(/\/account\/en\/login\?/);
  expect(new URL(page.url()).searchParams.get('return_url')).toContain('/login/move-to-zendesk');
});
