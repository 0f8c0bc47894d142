/**
 * The launcher journeys end to end through the launcher simulator (DEV_TOOLS page /api/dev/launcher,
 * docs/launcher.md), which frames the portal as the launcher does and plays the host's side of the
 * messages: launcher login (1.7.0) handed to the host with login_id then login/success after the 5 s step;
 * a 1.6 launcher's auth token merged into the login data; autologin after a restart with the device-bound
 * token; a store connector whose login is refused with 20100 (ban dialog, then the launcher login cancelled).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  apiPost,
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.9' } });

const locale = 'en';
const SIMULATOR = '/api/dev/launcher';

interface LauncherOptions {
  start?: 'login/s-mode' | 'login/n-mode';
  version?: string;
  autologin?: boolean;
  connector?: 'steam';
}

async function openLauncher(page: Page, options: LauncherOptions = {}) {
  await page.goto(SIMULATOR);
  if (options.version !== undefined) await page.getByLabel('Launcher version').fill(options.version);
  if (options.autologin === true) await page.getByLabel('Autologin').check();
  if (options.connector !== undefined) await page.getByLabel('Host').selectOption(options.connector);
  if (options.start !== undefined) await page.getByLabel('Start page').selectOption(options.start);
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  const frame = page.frameLocator('#portal');
  await expect(frame.getByRole('heading', { name: text(locale, 'login.heading') })).toBeVisible();
  await expect(frame.locator('astro-island[ssr]')).toHaveCount(0);
  // The host answered the portal's "ready" with its settings.
  await expect(page.getByRole('list', { name: 'Messages received' })).toContainText('"type":"ready"');
  return frame;
}

async function signInFramed(page: Page, email: string, rememberMe = false) {
  const frame = page.frameLocator('#portal');
  await frame.getByLabel(text(locale, 'login.id.label')).fill(email);
  await frame.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  if (rememberMe) await frame.getByLabel(text(locale, 'login.rememberMe')).check();
  await frame.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
}

/** The simulator's outcome line (the framed portal has status regions of its own). */
const outcome = (page: Page) => page.getByRole('main').getByRole('status').and(page.locator('#outcome'));

test('launcher login: the host gets login_id, then login/success after the wait', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('launcher');
  await createTestAccount(request, baseURL ?? '', email);
  await openLauncher(page);
  await expectAccessible(page, 'launcher simulator with the login page');
  await signInFramed(page, email);
  await expect(outcome(page)).toHaveText(/^Signed in: login_id [A-Za-z0-9_-]{43}$/);
  const messages = page.getByRole('list', { name: 'Messages received' });
  await expect(messages).toContainText('"type":"login"');
  // The product of the page (prod_id) travels with the login data (spec §3 launcher login payload).
  await expect(messages).toContainText('"productId":"50203"');
  await expect(messages).not.toContainText('authToken');
  const frame = page.frameLocator('#portal');
  await expect(frame.getByRole('heading', { name: text(locale, 'loginSuccess.heading') })).toBeVisible({
    timeout: 15_000,
  });
});

test('a launcher below 1.7.0 gets the auth token merged into the login data', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('launcher16');
  await createTestAccount(request, baseURL ?? '', email);
  await openLauncher(page, { version: '1.6.3' });
  await signInFramed(page, email);
  await expect(outcome(page)).toHaveText(/^Signed in: login_id \S+ with auth token$/);
  await expect(page.getByRole('list', { name: 'Messages received' })).toContainText('"authToken":"');
});

test('autologin: after a restart the launcher signs in with its device token', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('autologin');
  await createTestAccount(request, baseURL ?? '', email);
  await openLauncher(page, { autologin: true });
  await signInFramed(page, email, true);
  // Remember me offers to trust the device first: "ask me later".
  const frame = page.frameLocator('#portal');
  await frame.getByRole('dialog').press('Escape');
  await expect(outcome(page)).toHaveText(/^Signed in: login_id /);
  const first = await outcome(page).textContent();

  // The launcher restarts: the portal session is gone, the autologin token is kept.
  await context.clearCookies({ name: '__Host-lf_session' });
  await page.goto(SIMULATOR);
  await page.getByLabel('Autologin').check();
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  await expect(outcome(page)).toHaveText(/^Signed in: login_id /);
  expect(await outcome(page).textContent()).not.toBe(first);
  await expect(page.getByRole('list', { name: 'Messages received' })).toContainText('"type":"login"');
});

test('a store connector login refused with 20100: ban dialog, then the launcher login is cancelled', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('connector');
  const api = baseURL ?? '';
  const created = await apiPost(request, api, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, api, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
  });
  await openLauncher(page, { connector: 'steam' });
  // The account is blocked while the player signs in: the connector's own login is the call that meets it.
  await page.route('**/no-auth/global/steam/login/connector', async (route) => {
    await apiPost(request, api, '/api/dev/account/state', { accountId, banReason: '7003' });
    await route.continue();
  });
  await signInFramed(page, email);
  const frame = page.frameLocator('#portal');
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'dialog.ban.title'));
  await expect(dialog).toContainText(text(locale, 'dialog.ban.reasonCode', { reason: '7003' }));
  await expectAccessible(page, 'ban dialog in the launcher');
  await dialog.press('Escape');
  await expect(outcome(page)).toHaveText('Launcher login cancelled');
  await expect(page.getByRole('list', { name: 'Messages received' })).not.toContainText('"type":"login"');
});

test('sign-up in the launcher is reported to the host with product_id', async ({ page, request }) => {
  const email = uniqueEmail('launcher-signup');
  const started = Date.now();
  const frame = await openLauncher(page);
  await frame.getByRole('link', { name: text(locale, 'login.create') }).click();
  await expect(frame.locator('astro-island[ssr]')).toHaveCount(0);
  const country = frame.getByLabel(text(locale, 'create.age.country'));
  await expect(country.locator('option[value="DE"]')).toHaveCount(1);
  await country.selectOption('DE');
  await frame.getByLabel(text(locale, 'form.birthday.day'), { exact: true }).selectOption('14');
  await frame.getByLabel(text(locale, 'form.birthday.month'), { exact: true }).selectOption('3');
  await frame.getByLabel(text(locale, 'form.birthday.year'), { exact: true }).selectOption('1994');
  await frame.getByRole('button', { name: text(locale, 'create.age.submit') }).click();
  await frame.getByLabel(text(locale, 'create.email.label')).fill(email);
  await frame.getByRole('button', { name: text(locale, 'create.email.submit') }).click();
  const code = await waitForMail(request, email, 'code', started);
  await frame.getByLabel(text(locale, 'create.code.label')).fill(code);
  await frame.getByRole('button', { name: text(locale, 'create.code.submit') }).click();
  await frame.getByLabel(text(locale, 'create.details.password'), { exact: true }).fill(GOOD_PASSWORD);
  await frame.getByLabel(text(locale, 'create.details.confirm'), { exact: true }).fill(GOOD_PASSWORD);
  await frame.getByRole('button', { name: text(locale, 'create.details.submit') }).click();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'createComplete.heading'));
  await expect(outcome(page)).toHaveText(`Sign-up completed: {"email":"${email}","product_id":"50203"}`);
});

test('login/s-mode: nothing to sign in with goes to the n-mode form; after sign-in it signs in silently', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('s-mode');
  await createTestAccount(request, baseURL ?? '', email);
  // openLauncher waits for the form: s-mode has none, so it lands on n-mode.
  const frame = await openLauncher(page, { start: 'login/s-mode', autologin: true });
  await expect(frame.locator('body')).toHaveAttribute('data-route', 'login-n-mode');
  await expectAccessible(page, 'login/n-mode in the launcher');
  await signInFramed(page, email, true);
  await frame.getByRole('dialog').press('Escape');
  await expect(outcome(page)).toHaveText(/^Signed in: login_id /);

  await context.clearCookies({ name: '__Host-lf_session' });
  await page.goto(SIMULATOR);
  await page.getByLabel('Autologin').check();
  await page.getByLabel('Start page').selectOption('login/s-mode');
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  await expect(outcome(page)).toHaveText(/^Signed in: login_id /);
});
