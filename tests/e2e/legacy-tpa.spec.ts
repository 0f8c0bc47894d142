/**
 * A legacy account signs in with a provider and is migrated (issue 17, docs/legacy.md "Through a third-party
 * sign-in"), in Chromium against the reference API and the local OpenID provider (scripts/dev-idp.mjs): the
 * provider sign-in reaches login/migration-tpa (directly for a linked identity; after the social-link password proof
 * for a provider email equal to the legacy email), which moves the account to its legacy email (or, without a
 * usable one, to a new email proved by the code from the dev mailbox); login/migration-complete's Continue finishes
 * the sign-in. axe on each screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiPost,
  atScreen,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits count this spec's code sends apart from the rest.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.17' } });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

/**
 * A legacy account (old ID, bcrypt hash, migration open) whose google identity `sub` the old system had linked
 * (null: none linked).
 */
async function legacyAccount(request: APIRequestContext, baseURL: string, kind: 'email' | 'id', sub: string | null) {
  const email = uniqueEmail(`legacy-tpa-${kind}`);
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 3 },
    termsAccepted: true,
  });
  const loginId = `tpahero${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await apiPost(request, baseURL, '/api/dev/legacy/account', {
    accountId,
    kind,
    loginId,
    password: GOOD_PASSWORD,
    ...(sub === null ? {} : { link: { provider: 'google', subject: sub } }),
  });
  return { accountId, email, loginId };
}

/** Continue with Google on the sign-in page, then sign in on the local provider as a typed identity. */
async function signInWithGoogle(page: Page, sub: string, email: string | null) {
  // Forget the local provider's own session (it runs on 127.0.0.1), so it asks for an identity again.
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.goto('/account/en/login');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('social.buttons.continueWith', { provider: 'Google' }) }).click();
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill(sub);
  if (email !== null) await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function legacyState(request: APIRequestContext, accountId: number) {
  const r = await request.get(`/api/dev/legacy/state?accountId=${String(accountId)}`);
  return (await r.json()) as { email: string; loginId: string | null; migratedAt: number | null };
}

async function signedIn(page: Page): Promise<boolean> {
  const status = await page.request.get('/api/account/v1/no-auth/web/login/status?device_id=e2e');
  return ((await status.json()) as { isLoggedIn: boolean }).isLoggedIn;
}

test('a legacy-email player signs in with google, moves to the legacy email and is signed in', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sub = `e2e-legacy-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const legacy = await legacyAccount(request, baseURL ?? '', 'email', sub);
  await signInWithGoogle(page, sub, `${sub}@example.test`);

  await atScreen(page, /\/account\/en\/login\/migration-tpa$/, 'login/migration-tpa');
  await expect(page.getByText(t('migration.tpa.intro', { id: legacy.loginId, provider: 'Google' }))).toBeVisible();
  await expect(page.getByText(t('migration.tpa.offer', { email: legacy.email }))).toBeVisible();
  const migrate = page.waitForResponse('**/no-auth/login/tpa/migrate');
  await page.getByRole('button', { name: t('migration.tpa.confirm', { email: legacy.email }) }).click();
  expect((await migrate).status()).toBe(200);

  await atScreen(page, /\/account\/en\/login\/migration-complete$/, 'login/migration-complete (signing in)');
  await expect(page.getByText(t('migration.complete.bodySignedIn', { email: legacy.email }))).toBeVisible();
  await page.getByRole('button', { name: t('migration.complete.continue') }).click();
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });
  expect(await signedIn(page)).toBe(true);
  const stored = await legacyState(request, legacy.accountId);
  expect([stored.loginId, stored.migratedAt === null]).toEqual([null, false]);
});

test('a legacy-ID player without a provider email moves to a new email proved by code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sub = `e2e-legacy-id-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const legacy = await legacyAccount(request, baseURL ?? '', 'id', sub);
  await signInWithGoogle(page, sub, null);

  await atScreen(page, /\/account\/en\/login\/migration-tpa$/, 'login/migration-tpa: email');
  await expect(page.getByText(t('migration.tpa.chooseEmail'))).toBeVisible();
  const newId = uniqueEmail('tpa-new-id');
  const started = Date.now();
  await page.getByLabel(t('createLegacy.emailLabel')).fill(newId);
  await page.getByRole('button', { name: t('createLegacy.sendCode') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('createLegacy.codeHeading'));
  await atScreen(page, /\/account\/en\/login\/migration-tpa$/, 'login/migration-tpa: code');
  const code = await waitForMail(request, newId, 'code', started);
  await page.getByLabel(t('createLegacy.codeLabel')).fill(code);
  await page.getByRole('button', { name: t('createLegacy.submit') }).click();

  await atScreen(page, /\/account\/en\/login\/migration-complete$/, 'login/migration-complete');
  await expect(page.getByText(t('migration.complete.bodySignedIn', { email: newId }))).toBeVisible();
  await page.getByRole('button', { name: t('migration.complete.continue') }).click();
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });
  expect(await signedIn(page)).toBe(true);
  const stored = await legacyState(request, legacy.accountId);
  expect([stored.email, stored.loginId]).toEqual([newId, null]);
});

test('a provider email equal to the legacy email: the password proof links it, then the migration', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const legacy = await legacyAccount(request, baseURL ?? '', 'email', null);
  const sub = `e2e-legacy-match-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  await signInWithGoogle(page, sub, legacy.email);

  await atScreen(page, /\/account\/en\/login\/social-link\/1$/, 'login-social-link (legacy email)');
  await page.getByLabel(t('social.link.password')).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('social.link.submitPassword', { provider: 'Google' }) }).click();

  await atScreen(page, /\/account\/en\/login\/migration-tpa$/, 'login/migration-tpa after the proof');
  await expect(page.getByText(t('migration.tpa.offer', { email: legacy.email }))).toBeVisible();
  await page.getByRole('button', { name: t('migration.tpa.confirm', { email: legacy.email }) }).click();
  await atScreen(page, /\/account\/en\/login\/migration-complete$/, 'login/migration-complete (proof)');
  await page.getByRole('button', { name: t('migration.complete.continue') }).click();
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });
  expect(await signedIn(page)).toBe(true);
  expect((await legacyState(request, legacy.accountId)).loginId).toBeNull();
});
