/**
 * The launcher's hand-offs with the system browser, end to end through the launcher simulator (docs/launcher.md):
 * - a launcher player signs in with google (the local provider's linked identity): the frame waits with a pair
 *   code, the provider's pages run in a separate browser context (the system browser: its own cookie jar), whose
 *   login/tpa-callback-app hands the sign-in over; the frame completes and the host receives `login`;
 * - a signed-in launcher player opens account settings in the browser through login/sso and lands signed in there;
 *   the same link used again is refused with a way to the normal sign-in.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import {
  acceptCookies,
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  seedDemoAccounts,
  text,
  uniqueEmail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits count this spec apart from the rest of the suite.
const HEADERS = { 'CF-Connecting-IP': '198.51.100.19' };
test.use({ extraHTTPHeaders: HEADERS });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const SIMULATOR = '/api/dev/launcher';

async function openLauncher(page: Page) {
  await page.goto(SIMULATOR);
  await page.getByRole('button', { name: 'Open the launcher' }).click();
  const frame = page.frameLocator('#portal');
  await expect(frame.getByRole('heading', { name: t('login.heading') })).toBeVisible();
  await expect(frame.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Messages received' })).toContainText('"type":"ready"');
  return frame;
}

const outcome = (page: Page) => page.getByRole('main').getByRole('status').and(page.locator('#outcome'));

/** The external link the portal asked the host to open. */
async function externalLink(page: Page, pattern: RegExp): Promise<string> {
  await expect(outcome(page)).toHaveText(pattern);
  const href = await page.locator('#external').getAttribute('href');
  if (href === null) throw new Error('no external link');
  return href;
}

/** The system browser: a context of its own (no cookie of the launcher's frame). */
async function systemBrowser(browser: Browser | null, baseURL: string | undefined): Promise<Page> {
  if (browser === null) throw new Error('no browser');
  const context = await browser.newContext({
    ...(baseURL === undefined ? {} : { baseURL }),
    extraHTTPHeaders: HEADERS,
  });
  return context.newPage();
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  const account = await page.evaluate(
    async ({ header, version }) => {
      const res = await fetch('/api/account/v1/account', { credentials: 'include', headers: { [header]: version } });
      return { status: res.status, body: res.ok ? await res.json<{ email?: string }>() : {} };
    },
    { header: FRONTEND_VERSION_HEADER, version: FRONTEND_VERSION },
  );
  return account.status === 200 ? account.body.email : undefined;
}

test('a launcher player signs in with google in the system browser; the host receives login', async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables google');
  // Two browsers, a provider and the frame's 2 s poll: more than the default time on a busy machine.
  test.slow();
  await seedDemoAccounts('global', baseURL ?? '');
  const frame = await openLauncher(page);
  await frame.getByRole('link', { name: t('social.buttons.continueWith', { provider: 'Google' }) }).click();

  // The frame waits with the pair code; the host was asked to open the provider's start in the system browser.
  await expect(frame.getByRole('heading', { name: t('launcher.tpaApp.heading') })).toBeVisible();
  const code = (await frame.locator('.pair-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{3} \d{3}$/);
  const start = await externalLink(page, /^External link: .*\/no-auth\/tpa\/google\/start\?/);
  expect(start).toContain('appRequest=');
  await expectAccessible(page, 'launcher waiting for the browser');

  const browser = await systemBrowser(page.context().browser(), baseURL);
  await browser.goto(start);
  await expect(browser.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await browser.getByLabel('Subject (provider user id)').fill('linked-player');
  await browser.getByLabel('Email (optional)').fill('linked@demo.lumenforge.test');
  await browser.getByRole('button', { name: 'Sign in', exact: true }).click();

  // A client code outside app mode: the app callback screen, which shows the same code and hands over.
  await browser.waitForURL(/\/account\/en\/login\/tpa-callback-app/);
  await expect(browser.getByRole('heading', { name: t('launcher.tpaCallbackApp.heading') })).toBeVisible();
  await hydrated(browser);
  await acceptCookies(browser, locale);
  await expect(browser.locator('.pair-code')).toHaveText(code);
  // The code and state left the address bar.
  expect(new URL(browser.url()).searchParams.has('code')).toBe(false);
  await expectAccessible(browser, 'login/tpa-callback-app');
  await browser.getByRole('button', { name: t('launcher.tpaCallbackApp.continue') }).click();
  await expect(browser.getByRole('heading', { name: t('launcher.tpaCallbackApp.doneHeading') })).toBeVisible();
  // The browser handed its sign-in over: it is not signed in itself.
  expect(await signedInEmail(browser)).toBeUndefined();

  await expect(outcome(page)).toHaveText(/^Signed in: login_id [A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Messages received' })).toContainText('"type":"login"');
  await browser.context().close();
});

test('a signed-in launcher player opens account settings in the browser through login/sso; a reused link is refused', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail('sso');
  await createTestAccount(request, baseURL ?? '', email);
  const frame = await openLauncher(page);
  await frame.getByLabel(t('login.id.label')).fill(email);
  await frame.getByLabel(t('login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await frame.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(outcome(page)).toHaveText(/^Signed in: login_id /);

  // The launcher's account menu: the portal asks for a one-time code and opens login/sso in the system browser.
  await page.getByLabel('Account page').selectOption('account-overview');
  await page.getByRole('button', { name: 'Open in the browser' }).click();
  const sso = await externalLink(
    page,
    /^External link: .*\/account\/en\/login\/sso\?code=[A-Za-z0-9_-]{43}&route_to=account-overview$/,
  );

  const browser = await systemBrowser(page.context().browser(), baseURL);
  expect(await browser.goto('/account/en/login').then(() => signedInEmail(browser))).toBeUndefined();
  await browser.goto(sso);
  await browser.waitForURL(/\/account\/en\/setting\/account-overview/);
  await hydrated(browser);
  expect(await signedInEmail(browser)).toBe(email);
  await browser.context().close();

  // The same link again (another browser): used once, refused with the normal sign-in.
  const again = await systemBrowser(page.context().browser(), baseURL);
  await again.goto(sso);
  await expect(again.getByRole('heading', { name: t('launcher.sso.expiredHeading') })).toBeVisible();
  await hydrated(again);
  await acceptCookies(again, locale);
  await expect(again.getByRole('alert')).toHaveText(t('launcher.sso.expiredBody'));
  await expect(again.getByRole('link', { name: t('launcher.sso.login') })).toHaveAttribute(
    'href',
    '/account/en/login?route_to=account-overview',
  );
  expect(new URL(again.url()).searchParams.has('code')).toBe(false);
  expect(await signedInEmail(again)).toBeUndefined();
  await expectAccessible(again, 'login/sso refused');
  await again.context().close();
});
