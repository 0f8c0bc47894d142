/**
 * Email sign-up on a platform end to end (docs/platforms.md "Email sign-up", docs/launcher.md), in Chromium
 * against the reference API: a console player not linked yet creates an account from global/{platform}/login
 * and ends linked and signed in; a store-connector player creates one from the launcher simulator's login page
 * (connector mode: the simulator hands the portal a store session ticket) and the host receives
 * signupCompleted. axe on every new screen.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import {
  acceptCookies,
  atScreen,
  expectAccessible,
  GOOD_PASSWORD,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP code-send limit counts this spec's sign-ups apart.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.11' } });

const t = (key: string, vars?: Record<string, string | number>) => text('en', key, vars);
const PS = t('platform.names.playstation');

/** Fills the sign-up details and sends them (the code goes out). */
async function fillDetails(scope: Page | FrameLocator, email: string) {
  await scope.getByLabel(t('platformSignup.email')).fill(email);
  await scope.getByLabel(t('platformSignup.password'), { exact: true }).fill(GOOD_PASSWORD);
  const country = scope.getByLabel(t('platformSignup.country'));
  await expect(country).toBeEnabled();
  await country.selectOption('US');
  await scope.getByLabel(t('platformSignup.birthday')).fill('1994-06-02');
  await scope.getByRole('button', { name: t('platformSignup.submit') }).click();
  await expect(scope.getByRole('heading', { name: t('platformSignup.codeHeading') })).toBeVisible();
}

test('an in-game player creates an account from the console and ends linked and signed in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('ingame');
  const user = `e2e-signup-${Date.now().toString(36)}`;
  await page.goto(`/api/dev/platform/start?platform=playstation&accountType=adult&user=${encodeURIComponent(user)}`);
  await atScreen(page, /\/account\/en\/global\/playstation\/login$/, 'platform login (link form)');
  await acceptCookies(page, 'en');
  await page.getByRole('button', { name: t('platformSignup.open') }).click();
  await expect(page.getByRole('heading', { name: t('platformSignup.heading') })).toBeVisible();
  await expectAccessible(page, 'in-game sign-up details');

  // A minor's birth date sends nothing: a parent or guardian is needed.
  await page.getByLabel(t('platformSignup.email')).fill(email);
  await page.getByLabel(t('platformSignup.password'), { exact: true }).fill(GOOD_PASSWORD);
  const country = page.getByLabel(t('platformSignup.country'));
  await expect(country).toBeEnabled();
  await country.selectOption('US');
  await page.getByLabel(t('platformSignup.birthday')).fill(`${String(new Date().getUTCFullYear() - 9)}-03-01`);
  await page.getByRole('button', { name: t('platformSignup.submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('platformSignup.minor') })).toBeVisible();

  const sentAfter = Date.now() - 1000;
  await fillDetails(page, email);
  await expectAccessible(page, 'in-game sign-up code');
  const code = await waitForMail(request, email, 'code', sentAfter);
  await page.getByLabel(t('platformSignup.code')).fill(code);
  await page.getByRole('button', { name: t('platformSignup.create') }).click();

  await atScreen(page, /\/global\/playstation\/link-success\?/, 'link success after sign-up');
  await expect(page.getByRole('status')).toHaveText(t('platform.linkSuccess.body', { platform: PS, email }));
  await page.getByRole('link', { name: t('platform.linkSuccess.continue') }).click();
  await atScreen(page, /\/global\/playstation\/login$/, 'platform login (signed in)');
  await expect(page.getByText(t('platform.login.signedIn', { email, platform: PS }))).toBeVisible();
});

test('a store-connector player signs up in the launcher and the host receives signupCompleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('connector');
  await page.goto('/api/dev/launcher');
  await page.getByLabel('Host').selectOption('steam');
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  const frame = page.frameLocator('#portal');
  await expect(frame.getByRole('heading', { name: text('en', 'login.heading') })).toBeVisible();
  await expect(frame.locator('astro-island[ssr]')).toHaveCount(0);
  const messages = page.getByRole('list', { name: 'Messages received' });
  await expect(messages).toContainText('"type":"ready"');
  // The settings (with the store session ticket) reached the portal before the player acts.
  await expect(page.locator('#outcome')).toHaveText('Settings sent');

  await frame.getByRole('link', { name: t('login.create') }).click();
  await expect(frame.getByRole('heading', { name: t('platformSignup.heading') })).toBeVisible();
  await expect(frame.getByText(t('platformSignup.connectorIntro'))).toBeVisible();
  await expectAccessible(page, 'connector sign-up details');

  const sentAfter = Date.now() - 1000;
  await fillDetails(frame, email);
  const code = await waitForMail(request, email, 'code', sentAfter);
  await frame.getByLabel(t('platformSignup.code')).fill(code);
  await frame.getByRole('button', { name: t('platformSignup.create') }).click();

  await expect(frame.getByRole('heading', { name: t('platformSignup.doneHeading') })).toBeVisible();
  await expectAccessible(page, 'connector sign-up done');
  await expect(page.locator('#outcome')).toHaveText(/^Sign-up completed: /);
  await expect(page.locator('#outcome')).toContainText(`"email":"${email}"`);
  await expect(messages).toContainText('"type":"signupCompleted"');
  await expect(messages).toContainText('"product_id":"50203"');

  // The store ID is now linked: the connector on another computer (no portal session there) finds the account and
  // offers the sign-in instead of a second sign-up.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  await expect(page.locator('#outcome')).toHaveText('Settings sent');
  await expect(frame.locator('astro-island[ssr]')).toHaveCount(0);
  await frame.getByRole('link', { name: t('login.create') }).click();
  await expect(frame.getByText(t('platformSignup.connectorLinked', { email }))).toBeVisible();
  // …and signs in with it: the session its ticket opened, then the launcher's hand-off to the host.
  await frame.getByRole('button', { name: t('platformSignup.connectorSignIn') }).click();
  await expect(page.locator('#outcome')).toHaveText(/^Signed in: login_id /, { timeout: 20_000 });
  await expect(messages).toContainText('"type":"login"');
});
