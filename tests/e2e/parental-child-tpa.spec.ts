/**
 * A parent adds a child who proves their account by a provider sign-in (spec §4 step 5: "in child mode, login or
 * third-party login ends at add-child-complete"; docs/parental-setup.md), in Chromium against the reference API
 * and the local OpenID provider: the minor's google identity is linked in its own settings, then on the parent's
 * device add-child/login's Google button signs the child in with the provider and the child joins the family.
 * axe on each screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiPost, atScreen, GOOD_PASSWORD, hydrated, text, uniqueEmail } from './support/signin';

// Its own client address (TEST-NET-2): this spec's sign-ins and links count apart from the rest of the suite.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.18' } });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

/** A US account born in `year`, its email verified and terms accepted (dev hooks). */
async function account(request: APIRequestContext, baseURL: string, email: string, year: number) {
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year, month: 2 },
    termsAccepted: true,
    emailVerified: true,
  });
  return accountId;
}

async function signIn(page: Page, email: string) {
  await page.goto('/account/en/login');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByLabel(t('login.id.label')).fill(email);
  await page.getByLabel(t('login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/account\/en\/(promo-2fa|setting\/account-overview)/, { timeout: 30_000 });
}

/** On the local provider's page (its own session forgotten first): signs in as a typed identity. */
async function pickIdentity(page: Page, sub: string, email: string) {
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill(sub);
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test("a parent adds a child through the child's google sign-in", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const minor = uniqueEmail('tpa-minor');
  const minorId = await account(request, baseURL ?? '', minor, new Date().getUTCFullYear() - 11);
  const parent = uniqueEmail('tpa-parent');
  const parentId = await account(request, baseURL ?? '', parent, 1984);
  await apiPost(request, baseURL ?? '', '/api/dev/parental/family', { accountId: parentId, consentedParent: true });

  // The minor links a google identity in their own settings (their own browser).
  const childContext = await browser.newContext({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.18' } });
  const child = await childContext.newPage();
  await signIn(child, minor);
  await child.goto('/account/en/setting/linked-account');
  await hydrated(child);
  await child.getByRole('link', { name: t('linkedAccounts.tab.link', { provider: 'Google' }) }).click();
  const sub = `e2e-child-${run}`;
  await pickIdentity(child, sub, `child-${run}@example.test`);
  await expect(child).toHaveURL(/\/account\/en\/setting\/linked-account\?linked=google$/);
  await childContext.close();

  // On the parent's device: add-child/login, the child signs in with Google, and joins the family.
  await signIn(page, parent);
  await page.goto('/account/en/setting/parental-controls/add-child/login?parental_flow_mode=child');
  await atScreen(page, /\/add-child\/login\?parental_flow_mode=child$/, 'add-child-login with provider buttons');
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.getByRole('link', { name: t('social.buttons.continueWith', { provider: 'Google' }) }).click();
  await pickIdentity(page, sub, `child-${run}@example.test`);
  await atScreen(
    page,
    new RegExp(`/add-child/complete\\?parental_flow_mode=child&child=${String(minorId)}$`),
    'add-child-complete, by provider',
  );
  await expect(page.getByRole('status')).toContainText(minor);
  const family = (await (await page.request.get('/api/account/v1/parental/family-member')).json()) as {
    children: { email: string; isMe: boolean }[];
  };
  expect(family.children.filter((c) => !c.isMe).map((c) => c.email)).toEqual([minor]);
});
