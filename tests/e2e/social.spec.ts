/**
 * Social sign-in end to end (issue 15), in Chromium against the reference API and the local OpenID provider
 * (scripts/dev-idp.mjs), through the UI only: a new google identity signs up (age check and terms on create-tpa),
 * signs out and signs in again with the same identity; then, signed in, links discord in settings and unlinks
 * it. axe on every portal screen.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  atScreen,
  createTestAccount,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.4' } });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

/** On the local provider's page: signs in as a typed identity (a unique subject and email per run). */
async function pickIdentity(page: Page, sub: string, email: string) {
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill(sub);
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Forgets the local provider's own session (it runs on 127.0.0.1), so it asks for an identity again. */
async function forgetProviderSession(page: Page) {
  await page.context().clearCookies({ domain: '127.0.0.1' });
}

async function startWith(page: Page, provider: string) {
  await forgetProviderSession(page);
  await page.goto('/account/en/login');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('social.buttons.continueWith', { provider }) }).click();
}

test('sign up with google, sign out, sign in with it; link discord in settings and unlink it', async ({ page }) => {
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const sub = `e2e-${run}`;
  const email = `social-${run}@example.test`;

  // Sign up: the provider's verified email is nobody's, so create-tpa asks the age check and the terms.
  await startWith(page, 'Google');
  await pickIdentity(page, sub, email);
  await atScreen(page, /\/account\/en\/create-tpa\?provider=google$/, 'create-tpa');
  await expect(
    page.getByRole('heading', { name: t('createTpa.profile.heading', { provider: 'Google' }) }),
  ).toBeVisible();
  // Bad input changes nothing: the terms are required.
  await page.getByRole('button', { name: t('createTpa.profile.submit') }).click();
  await expect(page.getByText(t('createTpa.profile.termsRequired'))).toBeVisible();
  const country = page.getByLabel(t('createTpa.profile.country'));
  await expect(country).toBeEnabled();
  await country.selectOption('DE');
  await page.getByLabel(t('form.birthday.month')).selectOption('5');
  await page.getByLabel(t('form.birthday.day')).selectOption('17');
  await page.getByLabel(t('form.birthday.year')).selectOption('1995');
  await page.getByLabel(t('createTpa.profile.terms')).check();
  await page.getByRole('button', { name: t('createTpa.profile.submit') }).click();
  // Signed in: the account's settings show the provider's email.
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });
  await page.goto('/account/en/setting/linked-account');
  await atScreen(page, /\/account\/en\/setting\/linked-account$/, 'linked-account');
  await expect(page.getByText(email)).toBeVisible();
  await expect(
    page.getByRole('button', { name: t('linkedAccounts.tab.unlinkLabel', { provider: 'Google' }) }),
  ).toBeVisible();

  // Sign out, then sign in again with the same identity: no sign-up this time.
  await page.goto('/account/en/logout');
  await expect(page.getByText(t('logout.heading'))).toBeVisible();
  await startWith(page, 'Google');
  await pickIdentity(page, sub, email);
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });

  // Link discord from the linked-account tab: the provider, then settings/social-link, then the tab says so.
  await page.goto('/account/en/setting/linked-account');
  await hydrated(page);
  await forgetProviderSession(page);
  await page.getByRole('link', { name: t('linkedAccounts.tab.link', { provider: 'Discord' }) }).click();
  await pickIdentity(page, `${sub}-d`, `discord-${run}@example.test`);
  await atScreen(page, /\/account\/en\/setting\/linked-account\?linked=discord$/, 'linked-account linked');
  await expect(page.getByRole('status')).toHaveText(t('linkedAccounts.tab.linked', { provider: 'Discord' }));
  await expect(page.getByText(`discord-${run}@example.test`)).toBeVisible();

  // Unlink it after the confirmation: the list no longer holds it.
  await page.getByRole('button', { name: t('linkedAccounts.tab.unlinkLabel', { provider: 'Discord' }) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('linkedAccounts.tab.unlinkConfirm.body', { provider: 'Discord' }));
  await dialog.getByRole('button', { name: t('linkedAccounts.tab.unlinkConfirm.confirm') }).click();
  await expect(page.getByRole('status')).toHaveText(t('linkedAccounts.tab.unlinked', { provider: 'Discord' }));
  await expect(page.getByText(`discord-${run}@example.test`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: t('linkedAccounts.tab.link', { provider: 'Discord' }) })).toBeVisible();
});

test('a provider email that is an account’s: prove it with the password, then it is linked', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('social-link');
  await createTestAccount(request, baseURL ?? '', email);

  await startWith(page, 'Google');
  await pickIdentity(page, `e2e-link-${Date.now().toString(36)}`, email);
  await atScreen(page, /\/account\/en\/login\/social-link\/1$/, 'login-social-link');
  await expect(page.getByText(t('social.link.intro', { email, provider: 'Google' }))).toBeVisible();
  // A wrong password links nothing.
  const password = page.getByLabel(t('social.link.password'));
  await password.fill('Not-the-password-1');
  await page.getByRole('button', { name: t('social.link.submitPassword', { provider: 'Google' }) }).click();
  // The login error handler's sign-in failed dialog (20002), as on the sign-in form.
  const failed = page.getByRole('dialog');
  await expect(failed).toBeVisible();
  await failed.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/login\/social-link\/1$/);
  await password.fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('social.link.submitPassword', { provider: 'Google' }) }).click();
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });

  await page.goto('/account/en/setting/linked-account');
  await atScreen(page, /\/account\/en\/setting\/linked-account$/, 'linked-account');
  await expect(
    page.getByRole('button', { name: t('linkedAccounts.tab.unlinkLabel', { provider: 'Google' }) }),
  ).toBeVisible();
});

test('the PC store (steam) sign-in reaches the portal through OpenID 2.0', async ({ page }) => {
  test.setTimeout(120_000);
  await startWith(page, 'Steam');
  await expect(page.getByRole('heading', { name: 'Local PC store sign-in' })).toBeVisible();
  await page.getByRole('button').last().click();
  // A store identity new to this server: sign-up through the provider; a linked one signs in.
  await expect(page).toHaveURL(/\/account\/en\/(create-tpa\?provider=steam|promo-2fa|setting\/account-overview)/, {
    timeout: 30_000,
  });
  await hydrated(page);
});
