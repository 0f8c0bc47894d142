/**
 * A form used before its island hydrates (issue 10 item 9): the password never
 * reaches a URL. Without JavaScript the login and create forms post, and the
 * page answers the post with a redirect to itself (303, then a plain GET);
 * with the island's JavaScript held back, a submit is held on the page and
 * what the player typed survives hydration, ready to submit.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { createTestAccount, GOOD_PASSWORD, hydrated, text, uniqueEmail } from './support/signin';
import { holdRequests } from './support/hold';

const locale = 'en';
const SECRET = 'Typed-Too-Early-9!';

/** Every URL the page requests from its own origin (documents and scripts alike). */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

function expectNoSecretInUrls(requests: readonly Request[], secret: string) {
  for (const r of requests) {
    expect(r.url()).not.toContain(secret);
    expect(r.url()).not.toContain(encodeURIComponent(secret));
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login form posts, and the page answers with a redirect to itself, not the password', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/account/en/login?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity');
    await expect(page.locator('form.login-form')).toHaveAttribute('method', 'post');
    await page.getByLabel(text(locale, 'login.id.label')).fill('someone@example.test');
    await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(SECRET);
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).press('Enter');
    const response = await posted;
    expect(response.status()).toBe(303);
    expect(response.headers()['location']).toBe('/account/en/login?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity');
    await page.waitForLoadState();
    // Back on the same page, as fetched before: its own query only, no form field in it, nothing echoed.
    expect(new URL(page.url()).search).toBe('?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity');
    expect(await page.content()).not.toContain(SECRET);
    expect(await page.content()).not.toContain('someone@example.test');
    expectNoSecretInUrls(requests, SECRET);
    expect(requests.some((r) => r.method() === 'GET' && new URL(r.url()).searchParams.has('password'))).toBe(false);
  });

  test('the create form posts too', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/account/en/create');
    await expect(page.locator('form.create-form')).toHaveAttribute('method', 'post');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: text(locale, 'create.age.submit') }).click();
    expect((await posted).status()).toBe(303);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/account/en/create');
    expect(new URL(page.url()).search).toBe('');
    expect(requests.filter((r) => r.url().includes('?') && r.url().includes('/account/en/create'))).toEqual([]);
  });
});

test.describe('with the island’s JavaScript held back', () => {
  /** Holds the login island's module until `release` is called, so the form stays server-rendered. */
  const holdIsland = (page: Page) => holdRequests(page, /\/account\/_astro\/LoginIsland\.[\w-]+\.js$/);

  test('a submit before hydration stays on the page, and the typed values sign in once hydrated', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('prehydration');
    await createTestAccount(request, baseURL ?? '', email);
    const requests = recordRequests(page);
    const release = await holdIsland(page);
    await page.goto('/account/en/login');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);

    const id = page.getByLabel(text(locale, 'login.id.label'));
    const password = page.getByLabel(text(locale, 'login.password.label'), { exact: true });
    // A fast player: half the id, the password, remember me, Enter, then the submit button, all before hydration.
    await id.pressSequentially(email.slice(0, 5));
    await password.pressSequentially(GOOD_PASSWORD);
    await page.getByLabel(text(locale, 'login.rememberMe')).check();
    await password.press('Enter');
    await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
    await page.waitForTimeout(500);
    // Held: no navigation, no post, nothing in the URL, and the island is still not hydrated.
    expect(page.url()).toBe(`${baseURL ?? ''}/account/en/login`);
    expect(requests.filter((r) => r.isNavigationRequest())).toHaveLength(1);
    expect(requests.filter((r) => r.method() === 'POST')).toEqual([]);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);

    release();
    await hydrated(page);
    // Typing after hydration re-renders the form: what was typed before survives it (the island took it over).
    await id.press('End');
    await id.pressSequentially(email.slice(5));
    await expect(id).toHaveValue(email);
    await expect(password).toHaveValue(GOOD_PASSWORD);
    await expect(page.getByLabel(text(locale, 'login.rememberMe'))).toBeChecked();

    await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
    // Remember me was taken over too: the trusted-device offer comes first.
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(text(locale, 'login.trustedDevice.title'));
    await dialog.getByRole('button', { name: text(locale, 'login.trustedDevice.later') }).click();
    await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);
    expectNoSecretInUrls(requests, GOOD_PASSWORD);
  });
});
