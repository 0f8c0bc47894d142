/**
 * The global/* screens end to end (issue 16, docs/global-screens.md), in Chromium against the reference API:
 * global/login signs a player in and refuses a signed-in visitor; global/signup creates an account; a forgotten
 * password is reset from global/login through global/reset-password (the code step is the self-service one) and
 * ends on global/reset-password/success, the new password signing in; global/error shows the §8 text of its
 * code; privacy-policy and terms-of-use open the region's documents; a signed-in player verifies a phone
 * number through gamescale/verify-sms and gamescale/verify-code; external/login returns only to an allowed
 * return_url; frame shows the account state with links in a new tab. axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import region from '../../src/regions/global';
import {
  acceptCookies,
  atScreen,
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signedIn, uniqueUsNumber, waitForSms } from './support/two-factor';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.1' } });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const NEW_PASSWORD = 'Global-Path-2050!';
test.describe.configure({ timeout: 120_000 });

async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel(t('login.id.label')).fill(email);
  await page.getByLabel(t('login.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
}

async function isLoggedIn(page: Page): Promise<boolean> {
  const status = await page.request.get('/api/account/v1/no-auth/web/login/status?device_id=e2e');
  return ((await status.json()) as { isLoggedIn: boolean }).isLoggedIn;
}

test('global/login signs in, links within the global screens, and is for signed-out visitors only', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('global-login');
  await createTestAccount(request, baseURL ?? '', email);
  await page.goto('/account/en/global/login');
  await atScreen(page, /\/account\/en\/global\/login$/, 'global/login');
  await acceptCookies(page, locale);
  await expect(page.getByRole('link', { name: t('login.create') })).toHaveAttribute(
    'href',
    '/account/en/global/signup',
  );
  await expect(page.getByRole('link', { name: t('login.recovery') })).toHaveAttribute(
    'href',
    '/account/en/global/reset-password',
  );
  await signInHere(page, email, 'Wrong-Horse-1!');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('error.form.20002'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await isLoggedIn(page)).toBe(false);
  await signInHere(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/);
  expect(await isLoggedIn(page)).toBe(true);
  // Logged-out only: a signed-in visitor is sent on.
  await page.goto('/account/en/global/login');
  await expect(page).not.toHaveURL(/\/global\/login/);
});

test('global/signup creates an account', async ({ page, request }) => {
  const email = uniqueEmail('global-signup');
  const started = Date.now();
  await page.goto('/account/en/global/signup');
  await atScreen(page, /\/account\/en\/global\/signup$/, 'global/signup');
  await acceptCookies(page, locale);
  const country = page.getByLabel(t('create.age.country'));
  await expect(country.locator('option[value="DE"]')).toHaveCount(1);
  await country.selectOption('DE');
  await page.getByLabel(t('form.birthday.day'), { exact: true }).selectOption('14');
  await page.getByLabel(t('form.birthday.month'), { exact: true }).selectOption('3');
  await page.getByLabel(t('form.birthday.year'), { exact: true }).selectOption('1994');
  await page.getByRole('button', { name: t('create.age.submit') }).click();
  await page.getByLabel(t('create.email.label')).fill(email);
  await page.getByRole('button', { name: t('create.email.submit') }).click();
  await page.getByLabel(t('create.code.label')).fill(await waitForMail(request, email, 'code', started));
  await page.getByRole('button', { name: t('create.code.submit') }).click();
  await page.getByLabel(t('create.details.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel(t('create.details.confirm'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('create.details.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/create\/complete/);
  await expect(page.getByText(email)).toBeVisible();
  expect(await isLoggedIn(page)).toBe(true);
});

test('a forgotten password is reset from global/login and ends on global/reset-password/success', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('global-reset');
  await createTestAccount(request, baseURL ?? '', email);
  await page.goto('/account/en/global/login');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('login.recovery') }).click();
  await atScreen(page, /\/account\/en\/global\/reset-password$/, 'global/reset-password');
  const sent = Date.now() - 1_000;
  await page.getByLabel(t('selfService.start.email.label')).fill(email);
  await page.getByRole('button', { name: t('selfService.start.submit') }).click();
  await atScreen(page, /\/self-service\/verify-account/, 'self-verify-email (global reset)');
  await page.getByLabel(t('selfService.code.label')).fill(await waitForMail(request, email, 'code', sent));
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
  await atScreen(
    page,
    /\/account\/en\/global\/reset-password\?.*showPasswordFields=true/,
    'global/reset-password fields',
  );
  await page.getByLabel(t('selfService.reset.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t('selfService.reset.confirm'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('selfService.reset.submit') }).click();
  await atScreen(page, /\/account\/en\/global\/reset-password\/success/, 'global/reset-password/success');
  await page.getByRole('link', { name: t('selfService.done.login') }).click();
  await expect(page).toHaveURL(/\/account\/en\/global\/login/);
  await hydrated(page);
  await signInHere(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/);
  expect(await isLoggedIn(page)).toBe(true);
});

test('global/error shows the §8 text of its code; the documents open the region’s pages', async ({ page }) => {
  await page.goto('/account/en/global/error?notice=20018');
  await atScreen(page, /\/account\/en\/global\/error/, 'global/error');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await expect(page.getByRole('link', { name: t('global.error.action') })).toHaveAttribute(
    'href',
    '/account/en/global/login',
  );
  await page.goto('/account/en/global/error');
  await hydrated(page);
  await expect(page.getByText(t('global.error.body'))).toBeVisible();

  const docs = Object.fromEntries(region.footerLinks.map((l) => [l.key, l.href]));
  await page.goto('/account/en/global/privacy-policy');
  await atScreen(page, /\/global\/privacy-policy/, 'global/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('global.privacy.heading'));
  await expect(page.getByRole('link', { name: t('global.privacy.action') })).toHaveAttribute(
    'href',
    docs['privacy'] ?? '',
  );
  await page.goto('/account/de/global/terms-of-use');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'global.terms.heading'));
  await expect(page.getByRole('link', { name: text('de', 'global.terms.action') })).toHaveAttribute(
    'href',
    docs['terms'] ?? '',
  );
  await expectAccessible(page, 'global/terms-of-use');
});

test('simple/login links to simple/signup and simple/reset-password', async ({ page }) => {
  await page.goto('/account/en/simple/login');
  await atScreen(page, /\/account\/en\/simple\/login$/, 'simple/login');
  await expect(page.getByRole('link', { name: t('login.create') })).toHaveAttribute(
    'href',
    '/account/en/simple/signup',
  );
  await page.getByRole('link', { name: t('login.recovery') }).click();
  await atScreen(page, /\/account\/en\/simple\/reset-password$/, 'simple/reset-password');
  await expect(page.getByLabel(t('selfService.start.email.label'))).toBeVisible();
});

test('gamescale: a signed-in player verifies a phone number by the texted code', async ({ page, request, baseURL }) => {
  // Signed out, the screens send the player to sign in first (the phone calls are the account's).
  await page.goto('/account/en/gamescale/verify-sms');
  await expect(page).toHaveURL(/\/account\/en\/login\?return_url=/);
  const email = uniqueEmail('gamescale');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  await page.goto('/account/en/gamescale/verify-sms');
  await atScreen(page, /\/account\/en\/gamescale\/verify-sms/, 'gamescale/verify-sms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('gamescale.sms.heading'));
  const phone = uniqueUsNumber();
  const country = page.getByLabel(t('mfa.sms.country'));
  await expect(country.locator('option[value="US"]')).toHaveCount(1);
  await country.selectOption('US');
  await page.getByLabel(t('mfa.sms.phone')).fill(`0${phone.national}`);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  await expect(page.getByLabel(t('mfa.sms.phone'))).toHaveAttribute('aria-invalid', 'true');
  const sentAfter = Date.now() - 60_000;
  await page.getByLabel(t('mfa.sms.phone')).fill(phone.national);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  await atScreen(page, /\/account\/en\/gamescale\/verify-code/, 'gamescale/verify-code');
  await expect(page.getByText(t('mfa.sms.codeSent', { phone: phone.e164 }))).toBeVisible();
  const code = await waitForSms(request, phone.e164, sentAfter);
  await page.getByLabel(t('gamescale.code.label')).fill(code);
  await page.getByRole('button', { name: t('gamescale.code.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('gamescale.code.doneHeading'));
  await expectAccessible(page, 'gamescale/verify-code done');
  // The account holds the number now.
  const account = await page.request.get('/api/account/v1/account');
  expect(((await account.json()) as { phoneNo: string | null }).phoneNo).toBe(phone.e164);
});

test('external/login returns to an allowed return_url only', async ({ page, request, baseURL }) => {
  const target = 'https://www.lumenforge.com/event/return';
  await page.route('https://www.lumenforge.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Back</h1>' }),
  );
  for (const [returnUrl, expected] of [
    [target, new RegExp(`^${target.replace(/[.?]/g, '\\$&')}$`)],
    ['https://lumenforge.com.evil.example/steal', /\/account\/en\/setting\/account-overview/],
  ] as const) {
    const email = uniqueEmail('external');
    await createTestAccount(request, baseURL ?? '', email);
    await page.context().clearCookies();
    await page.goto(`/account/en/external/login?return_url=${encodeURIComponent(returnUrl)}`);
    await atScreen(page, /\/account\/en\/external\/login/, 'external/login');
    await acceptCookies(page, locale);
    await page.getByLabel(t('login.rememberMe')).check();
    await signInHere(page, email, GOOD_PASSWORD);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('login.trustedDevice.later') })
      .click();
    await expect(page).toHaveURL(expected);
  }
});

test('frame shows the account state, its links opening the portal in a new tab', async ({ page, request, baseURL }) => {
  await page.goto('/account/en/frame');
  await atScreen(page, /\/account\/en\/frame/, 'frame (signed out)');
  await expect(page.getByText(t('global.frame.signedOut'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('global.frame.signIn') })).toHaveAttribute('target', '_blank');
  const email = uniqueEmail('frame');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  await page.goto('/account/en/frame');
  await atScreen(page, /\/account\/en\/frame/, 'frame (signed in)');
  await expect(page.getByText(t('global.frame.signedIn'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('global.frame.manage') })).toHaveAttribute(
    'href',
    '/account/en/setting/account-overview',
  );
});
