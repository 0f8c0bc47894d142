/**
 * The portal as an identity provider, in Chromium against the served build (issue 17, issue 16;
 * docs/identity-provider.md, docs/console-activation.md):
 * - the dev relying party signs a signed-out player in through login → authorize (consent) → its callback, and the
 *   ID token it shows verifies here too, with jose against the JWKS; the player removes it under "Connected apps"
 *   on the security page and the next sign-in there asks again; RP-initiated logout ends the portal session;
 * - the dev console simulator is activated by typing its code on global/activate, and by opening its QR URL.
 * axe on the consent and activation screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  acceptCookies,
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
} from './support/signin';
import { signedIn } from './support/two-factor';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.10' } });

const locale = 'en';

async function loginStatus(page: Page): Promise<boolean> {
  const status = await page.request.get('/api/account/v1/no-auth/web/login/status?device_id=e2e');
  return ((await status.json()) as { isLoggedIn: boolean }).isLoggedIn;
}

test('a relying party signs a player in through authorize and gets a verified ID token', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('oidc-rp');
  await createTestAccount(request, baseURL ?? '', email);
  await page.goto('/api/dev/oidc-rp');
  await page.getByRole('link', { name: 'Sign in with Lumenforge' }).click();
  // Signed out: the authorize screen's guard sends the player to login, carrying the whole request back.
  await expect(page).toHaveURL(/\/account\/en\/login\?/);
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByLabel(text(locale, 'login.id.label')).fill(email);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();

  // A fresh account meets the two-factor promotion first, which carries the request on (return_url).
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|authorize)\?/, { timeout: 30_000 });
  if (page.url().includes('/promo-2fa')) {
    await hydrated(page);
    await page.getByRole('button', { name: text(locale, 'mfa.promo.notNow') }).click();
  }
  await expect(page).toHaveURL(/\/account\/en\/authorize\?.*client_id=dev-rp/, { timeout: 30_000 });
  await hydrated(page);
  const heading = text(locale, 'authorize.consent.heading', { client: 'Dev test relying party' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('list', { name: text(locale, 'authorize.consent.scopes') })).toContainText(
    text(locale, 'authorize.scope.email'),
  );
  await expectAccessible(page, 'authorize consent');
  await page.getByRole('button', { name: text(locale, 'authorize.consent.approve') }).click();

  await expect(page).toHaveURL(/\/api\/dev\/oidc-rp\/callback\?/);
  await expect(page.locator('[data-result="verified"]')).toBeVisible();
  await expect(page.locator('[data-claim="email"]')).toHaveText(email);
  // The relying party's verdict, checked again here: signature against the published keys, iss, aud.
  const idToken = (await page.locator('[data-id-token]').textContent()) ?? '';
  const jwks = (await (await request.get('/api/oidc/jwks')).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
    issuer: `${baseURL ?? ''}/api/oidc`,
    audience: 'dev-rp',
  });
  expect(payload.email).toBe(email);
  expect(typeof payload.nonce).toBe('string');

  // A second sign-in of the same client and scopes does not ask again.
  await page.goto('/api/dev/oidc-rp');
  await page.getByRole('link', { name: 'Sign in with Lumenforge' }).click();
  await expect(page.locator('[data-result="verified"]')).toBeVisible({ timeout: 20_000 });

  // The player sees the app on the security page and removes it: the next sign-in there asks again.
  await page.goto(`/account/${locale}/setting/security`);
  await hydrated(page);
  const apps = page.getByRole('region', { name: text(locale, 'settings.apps.heading') });
  const app = apps.getByRole('listitem').filter({ hasText: 'Dev test relying party' });
  await expect(app).toContainText(text(locale, 'settings.apps.scope.email'));
  await expectAccessible(page, 'security page with connected apps');
  await app
    .getByRole('button', { name: text(locale, 'settings.apps.removeNamed', { app: 'Dev test relying party' }) })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(text(locale, 'settings.apps.removeBody', { app: 'Dev test relying party' }));
  await confirm.getByRole('button', { name: text(locale, 'settings.apps.removeConfirm') }).click();
  await expect(apps.getByRole('status')).toHaveText(
    text(locale, 'settings.apps.removed', { app: 'Dev test relying party' }),
  );
  await expect(apps).toContainText(text(locale, 'settings.apps.none'));
  await page.goto('/api/dev/oidc-rp');
  await page.getByRole('link', { name: 'Sign in with Lumenforge' }).click();
  await expect(page).toHaveURL(/\/account\/en\/authorize\?.*client_id=dev-rp/, { timeout: 30_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.getByRole('button', { name: text(locale, 'authorize.consent.approve') }).click();
  await expect(page.locator('[data-result="verified"]')).toBeVisible({ timeout: 20_000 });

  // RP-initiated logout ends the portal session and returns to the relying party.
  expect(await loginStatus(page)).toBe(true);
  await page.getByRole('link', { name: 'Sign out (RP-initiated logout)' }).click();
  await expect(page.locator('[data-result="signed-out"]')).toBeVisible();
  expect(await loginStatus(page)).toBe(false);
});

async function consoleCode(page: Page): Promise<{ userCode: string; complete: string }> {
  await page.goto('/api/dev/console/start');
  const userCode = (await page.locator('[data-user-code]').textContent()) ?? '';
  expect(userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByRole('img', { name: 'QR code of the activation link' })).toBeVisible();
  const complete = (await page.locator('[data-complete]').getAttribute('href')) ?? '';
  // The console keeps the server's interval for its polls (and adds 5 s on a slow_down).
  await expect(page.getByRole('link', { name: 'Check now' })).toHaveAttribute('href', /[?&]interval=5$/);
  return { userCode, complete };
}

async function approveOnScreen(page: Page) {
  const heading = text(locale, 'activate.confirm.heading', { client: 'Dev console simulator' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expectAccessible(page, 'activate confirm');
  await page.getByRole('button', { name: text(locale, 'activate.confirm.approve') }).click();
  await expect(page.getByRole('status')).toHaveText(text(locale, 'activate.done.approved'));
}

/**
 * The console notices the activation by itself: it polls at the interval the server gave (5 s), as a real one does.
 * (Going to "Check now" right after one of its own polls is rightly slow_down: RFC 8628 §3.5.)
 */
async function expectActivated(console: Page, email: string) {
  await expect(console.locator('[data-state="activated"]')).toBeVisible({ timeout: 20_000 });
  await expect(console.locator('[data-claim="email"]')).toHaveText(email);
}

test('a console is activated by typing its code', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('oidc-console');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  const console = await page.context().newPage();
  const { userCode } = await consoleCode(console);

  await page.goto('/account/en/global/activate');
  await hydrated(page);
  await expectAccessible(page, 'activate');
  // Typed as a player might: lower case, no dash.
  await page.getByLabel(text(locale, 'activate.code.label')).fill(userCode.replace('-', '').toLowerCase());
  await page.getByRole('button', { name: text(locale, 'activate.submit') }).click();
  await approveOnScreen(page);
  await expectActivated(console, email);
});

test('a console is activated from its QR URL; a wrong code is explained', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('oidc-qr');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  await page.goto('/account/en/global/activate');
  await hydrated(page);
  await page.getByLabel(text(locale, 'activate.code.label')).fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: text(locale, 'activate.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(text(locale, 'activate.errors.wrong'));

  const console = await page.context().newPage();
  const { complete } = await consoleCode(console);
  await page.goto(complete);
  await expect(page).toHaveURL(/\/account\/en\/global\/activate\?user_code=/);
  await hydrated(page);
  await approveOnScreen(page);
  await expectActivated(console, email);
});
