/**
 * Legacy accounts end to end (issue 17, docs/legacy.md): a legacy-email
 * player signs in with the old ID, agrees to the legacy-email dialog, and is
 * signed in with the email (the API moved the account); a legacy-ID player
 * sees the legacy-support dialog with its code, or moves the account to a
 * new email ID through create-legacy and signs in with it. axe on each.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiPost,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.3' } });

const locale = 'en';

/** A fresh account carried over from the old system: old ID, bcrypt hash, migration open (dev hooks). */
async function legacyAccount(request: APIRequestContext, baseURL: string, kind: 'email' | 'id') {
  const email = uniqueEmail(`legacy-${kind}`);
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 3 },
    termsAccepted: true,
  });
  const loginId = `hero${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await apiPost(request, baseURL, '/api/dev/legacy/account', {
    accountId,
    kind,
    loginId,
    password: GOOD_PASSWORD,
  });
  const { supportCode } = (await made.json()) as { supportCode: string };
  return { accountId, email, loginId, supportCode };
}

async function signIn(page: Page, id: string, password: string) {
  await hydrated(page);
  await page.getByLabel(text(locale, 'login.id.label')).fill(id);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
}

test('a legacy-email player agrees to sign in with the email and is signed in', async ({ page, request, baseURL }) => {
  const legacy = await legacyAccount(request, baseURL ?? '', 'email');
  const migrate = page.waitForResponse('**/no-auth/login/migrate-legacy');
  await page.goto('/account/en/login');
  await signIn(page, legacy.loginId, GOOD_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'login.legacyEmail.title'));
  await expect(dialog).toContainText(text(locale, 'login.legacyEmail.body', { email: legacy.email }));
  await expectAccessible(page, 'legacy-email dialog');
  await dialog.getByRole('button', { name: text(locale, 'login.legacyEmail.confirm') }).click();
  expect((await migrate).status()).toBe(200);
  // Signed in: the portal leaves login for the first screen after a sign-in (the two-factor promotion here).
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/);
  // The session is real and the account now signs in with the email: the legacy ID is retired.
  const status = await page.request.get('/api/account/v1/no-auth/web/login/status?device_id=e2e');
  expect(((await status.json()) as { isLoggedIn: boolean }).isLoggedIn).toBe(true);
  const state = await request.get(`/api/dev/legacy/state?accountId=${String(legacy.accountId)}`);
  const stored = (await state.json()) as { loginId: string | null; migratedAt: number | null; passwordScheme: string };
  expect(stored.loginId).toBeNull();
  expect(stored.migratedAt).not.toBeNull();
  expect(stored.passwordScheme).toBe('lfp1');
});

test('declining the legacy-email dialog leaves the player on the sign-in form', async ({ page, request, baseURL }) => {
  const legacy = await legacyAccount(request, baseURL ?? '', 'email');
  await page.goto('/account/en/login');
  await signIn(page, legacy.loginId, GOOD_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'login.legacyEmail.title'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account\/en\/login/);
  const state = await request.get(`/api/dev/legacy/state?accountId=${String(legacy.accountId)}`);
  expect(((await state.json()) as { loginId: string | null }).loginId).toBe(legacy.loginId);
});

test('a legacy-ID player sees the legacy-support dialog with its code', async ({ page, request, baseURL }) => {
  const legacy = await legacyAccount(request, baseURL ?? '', 'id');
  await page.goto('/account/en/login');
  await signIn(page, legacy.loginId, GOOD_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'login.legacySupport.title'));
  await expect(dialog.locator('code')).toHaveText(legacy.supportCode);
  await expect(dialog).toContainText('Support - Email Required Account');
  await expect(dialog.getByRole('link', { name: text(locale, 'login.legacySupport.contact') })).toBeVisible();
  await expectAccessible(page, 'legacy-support dialog');
  await dialog.getByRole('button', { name: text(locale, 'dialog.close') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account\/en\/login/);
});

test('a legacy-ID player moves to a new email ID through create-legacy and signs in with it', async ({
  page,
  request,
  baseURL,
}) => {
  const legacy = await legacyAccount(request, baseURL ?? '', 'id');
  await page.goto('/account/en/login');
  await signIn(page, legacy.loginId, GOOD_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'login.legacySupport.title'));
  await dialog.getByRole('link', { name: text(locale, 'createLegacy.offer.link') }).click();
  await expect(page).toHaveURL(/\/account\/en\/create-legacy/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'createLegacy.heading'));
  await acceptCookies(page, locale);
  await expectAccessible(page, 'create-legacy');

  const newId = uniqueEmail('new-id');
  const started = Date.now();
  await page.getByLabel(text(locale, 'createLegacy.idLabel')).fill(legacy.loginId);
  await page.getByLabel(text(locale, 'createLegacy.passwordLabel'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel(text(locale, 'createLegacy.emailLabel')).fill(newId);
  await page.getByRole('button', { name: text(locale, 'createLegacy.sendCode') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'createLegacy.codeHeading'));
  await expectAccessible(page, 'create-legacy: code');
  const code = await waitForMail(request, newId, 'code', started);
  // A wrong code first: refused beside the form, nothing moved.
  await page
    .getByLabel(text(locale, 'createLegacy.codeLabel'))
    .fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: text(locale, 'createLegacy.submit') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/en\/create-legacy/);
  await page.getByLabel(text(locale, 'createLegacy.codeLabel')).fill(code);
  const migrate = page.waitForResponse('**/no-auth/migrate');
  await page.getByRole('button', { name: text(locale, 'createLegacy.submit') }).click();
  expect((await migrate).status()).toBe(200);

  await expect(page).toHaveURL(/\/account\/en\/login\/migration-complete/);
  await expect(page.getByText(text(locale, 'migration.complete.body', { email: newId }))).toBeVisible();
  await expectAccessible(page, 'login/migration-complete');
  await page.getByRole('link', { name: text(locale, 'migration.complete.signIn') }).click();
  await expect(page).toHaveURL(/\/account\/en\/login/);
  await signIn(page, newId, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/);
  const status = await page.request.get('/api/account/v1/no-auth/web/login/status?device_id=e2e');
  expect(((await status.json()) as { isLoggedIn: boolean }).isLoggedIn).toBe(true);
  const state = await request.get(`/api/dev/legacy/state?accountId=${String(legacy.accountId)}`);
  const stored = (await state.json()) as { email: string; loginId: string | null };
  expect([stored.email, stored.loginId]).toEqual([newId, null]);
});

test('reset-password-legacy forwards to the self-service reset, keeping the carried query', async ({ page }) => {
  await page.goto('/account/en/reset-password-legacy?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity');
  await expect(page).toHaveURL(/\/account\/en\/self-service\/reset-password\?return_url=/);
  await hydrated(page);
  await expect(page.getByLabel(text(locale, 'selfService.start.email.label'))).toBeVisible();
});
