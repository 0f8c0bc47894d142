/**
 * The always-on app shell in real Chromium (spec §2 "App shell and dialogs"):
 * configuration (the maintenance redirect, the provider sign-in switch), the notification banner, the
 * cookie banner, the notice for cookies turned off, stored entry values.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdRequests } from './support/hold';
import { hydrated } from './support/signin';

const CONFIG = '**/api/account/v1/no-auth/configuration';
const NOTIFICATIONS = '**/account/cdn/web/v2/global/notifications.json';

test.describe('configuration', () => {
  test('the maintenance flag sends every page to the maintenance screen, carrying carried values', async ({ page }) => {
    await page.route(CONFIG, (route) => route.fulfill({ json: { maintenance: true } }));
    await page.goto('/account/en/error?ticket=t-1&code=not-carried');
    await expect(page).toHaveURL(/\/account\/en\/maintenance\?ticket=t-1$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the maintenance screen itself does not loop', async ({ page }) => {
    await page.route(CONFIG, (route) => route.fulfill({ json: { maintenance: true } }));
    await page.goto('/account/de/maintenance');
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/account\/de\/maintenance$/);
  });

  test('provider sign-in switched off hides every provider button; on by default they show', async ({ page }) => {
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await page.goto('/account/en/login');
    await expect(google).toBeVisible();
    await page.route(CONFIG, (route) => route.fulfill({ json: { socialLoginEnabled: false } }));
    for (const path of ['/account/en/login', '/account/en/create']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-social-off', '');
      await expect(page.locator('[data-social-start]')).toBeHidden();
      await expect(google).toBeHidden();
      // The rest of the page stays: the password sign-in or the sign-up form.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('a failed configuration fetch is ignored', async ({ page }) => {
    await page.route(CONFIG, (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/account/en/error');
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/account\/en\/error$/);
  });
});

test.describe('notification banner', () => {
  test('shows the Account entry in the page locale, else English', async ({ page }) => {
    await page.route(NOTIFICATIONS, (route) =>
      route.fulfill({
        json: [
          { name: 'Launcher', message: { en: 'Not for the portal' } },
          {
            name: 'Account',
            message: { en: 'Scheduled maintenance tonight', fr: 'Maintenance prévue cette nuit' },
            link: 'https://www.lumenforge.com/news/maintenance',
          },
        ],
      }),
    );
    await page.goto('/account/fr/error');
    const banner = page.locator('[data-banner]');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Maintenance prévue cette nuit');
    await expect(banner.getByRole('link')).toHaveAttribute('href', 'https://www.lumenforge.com/news/maintenance');
    await page.goto('/account/ja/error');
    await expect(banner).toContainText('Scheduled maintenance tonight');
    await expect(page.getByText('Not for the portal')).toHaveCount(0);
  });

  test('no banner with the default (empty) notifications', async ({ page }) => {
    await page.goto('/account/en/error');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-banner]')).toBeHidden();
  });

  test('content is text, never HTML', async ({ page }) => {
    await page.route(NOTIFICATIONS, (route) =>
      route.fulfill({ json: [{ name: 'Account', message: { en: '<img src=x onerror="window.pwned=1">Hi' } }] }),
    );
    await page.goto('/account/en/error');
    await expect(page.locator('[data-banner]')).toContainText('<img src=x');
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  });
});

/**
 * The banner's choice as the page keeps it: its cookie and the dataLayer event, both the page's code's work, which may
 * start after the click (it loads after the first paint).
 */
async function expectChoiceKept(page: Page, consent: 'all' | 'necessary'): Promise<void> {
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'lf_cookie_consent')?.value)
    .toBe(consent);
  expect(await page.evaluate(() => window.dataLayer)).toContainEqual({
    event: 'cookie_consent',
    analytics: consent === 'all' ? 'granted' : 'denied',
  });
}

test.describe('cookie banner', () => {
  test('is shown until the visitor chooses, and the choice is kept', async ({ page }) => {
    await page.goto('/account/en/error');
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Necessary only' }).click();
    await expect(banner).toBeHidden();
    await expectChoiceKept(page, 'necessary');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner).toBeHidden();
  });

  test('a choice made before the page’s code arrived hides the banner at once and is kept', async ({
    page,
    context,
  }) => {
    // The start-up held back, as on a slow phone where the visitor reads the banner and clicks first.
    const release = await holdRequests(page, '**/account/_astro/startup.*.js');
    await page.goto('/account/en/error');
    const banner = page.locator('[data-cookie-banner]');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'lf_cookie_consent')).toBeUndefined();
    release();
    await expectChoiceKept(page, 'all');
    await expect(page.locator('#main')).toBeFocused();
    await page.reload();
    await expect(banner).toBeHidden();
  });
});

test.describe('cookies turned off', () => {
  /** The browser keeps no cookie for the page (as a player's setting or a site exception does). */
  async function cookiesOff(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDocumentCookieDisabled', { disabled: true });
  }

  test('the page says so, in its language, before the player tries to sign in', async ({ page }) => {
    await cookiesOff(page);
    await page.goto('/account/en/login');
    const notice = page.getByRole('alert').filter({ hasText: 'Cookies are turned off in this browser' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(
      'Cookies are turned off in this browser. You need them to sign in: allow cookies for this site, then reload the page.',
    );
    // No choice could be kept: the cookie banner does not ask for one.
    await expect(page.locator('[data-cookie-banner]')).toBeHidden();
    await page.goto('/account/ja/create');
    await expect(page.locator('.cookies-off')).toBeVisible();
    await expect(page.locator('.cookies-off')).toHaveText(/^このブラウザーでは Cookie が無効になっています。/);
  });

  test('with cookies and site data blocked, sign-in, the password reset and sign-up say why they do not start', async ({
    page,
  }) => {
    await cookiesOff(page);
    // Chromium refuses the tab's storage too when a site's cookies are blocked: reading it throws.
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`Failed to read the '${name}' property from 'Window'`, 'SecurityError');
          },
        });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
    });
    const refusal = 'This browser blocks cookies and site data for this site, and this step needs them.';

    await page.goto('/account/en/login');
    await hydrated(page);
    await page.getByLabel('Email or ID').fill('player@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    expect(calls.filter((path) => path.endsWith('/login'))).toEqual([]);
    // A provider's sign-in could not end either (its state cookie would be dropped): the button goes nowhere and
    // brings the notice into view.
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Cookies are turned off' })).toBeInViewport();
    await expect(page).toHaveURL(/\/account\/en\/login$/);
    expect(calls.filter((path) => path.includes('/tpa/'))).toEqual([]);

    await page.goto('/account/en/self-service/reset-password');
    await hydrated(page);
    await page.getByLabel('Email or ID').fill('player@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    await expect(page).toHaveURL(/\/self-service\/reset-password$/);
    // No self-service session opened, no account looked up (their limits count each).
    expect(calls.filter((path) => path.endsWith('/no-auth/session') || path.endsWith('/auth-type'))).toEqual([]);

    await page.goto('/account/en/create');
    await hydrated(page);
    const country = page.getByLabel('Country or region');
    await country.locator('option[value="US"]').waitFor({ state: 'attached' });
    await country.selectOption('US');
    await page.getByLabel('Day').selectOption('14');
    await page.getByLabel('Month').selectOption('6');
    await page.getByLabel('Year').selectOption('1994');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    expect(calls.filter((path) => path.endsWith('/verify/age'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('with cookies on there is no notice', async ({ page }) => {
    await page.goto('/account/en/login');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.cookies-off')).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('entry values', () => {
  test('prod_id and partnerkey are stored as cookies; landing shows the footer', async ({ page, context }) => {
    await page.goto('/account/en/error?prod_id=50203&partnerkey=spring-2025&landing=spring');
    await expect(page.locator('[data-footer]')).toBeVisible();
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies['PARTNERKEY']).toBe('spring-2025');
    expect(cookies['PRODUCTID']).toBe('50203');
  });

  test('a plain web visit shows no footer', async ({ page }) => {
    await page.goto('/account/en/error');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-footer]')).toBeHidden();
  });
});

test.describe('a page older than the deployment', () => {
  // The watcher loads ten seconds after start, twice in the first test (before and after its reload).
  test.describe.configure({ timeout: 75_000 });
  /** A module this deployment does not have, as every on-demand file of the previous one after a deploy. */
  const GONE = '/account/_astro/left-by-the-last-deploy.js';
  /** Resolves when the page has loaded again (a reload), or false after `ms` without one. */
  const reloadWithin = (page: Page, ms: number) =>
    page
      .waitForEvent('load', { timeout: ms })
      .then(() => true)
      .catch(() => false);

  /** The page's start-up installs the watcher ten seconds after start, at idle: its file has loaded, and run. */
  const watching = async (page: Page) => {
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').some((e) => e.name.includes('stale-code')),
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForTimeout(200);
  };
  const loginPage = async (page: Page) => {
    await page.goto('/account/en/login');
    await page.waitForLoadState('networkidle');
    await watching(page);
  };

  test('reloads once when its on-demand code is gone, and not again within a minute', async ({ page }) => {
    await loginPage(page);

    // An island's import failing unhandled (a click whose next step's file is gone).
    let reloaded = reloadWithin(page, 10_000);
    await page.evaluate((url) => {
      void import(/* @vite-ignore */ url);
    }, GONE);
    expect(await reloaded).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('lf_stale_reload'))).toMatch(/^\d+$/);

    // Again at once: no second reload, whatever fails (a broken deployment cannot loop the page).
    await watching(page);
    reloaded = reloadWithin(page, 3_000);
    await page.evaluate((url) => {
      void import(/* @vite-ignore */ url);
    }, GONE);
    expect(await reloaded).toBe(false);

    // A lazy part React fails to render is reported to the window: once the minute is over, that reloads too.
    await page.evaluate(() => {
      sessionStorage.removeItem('lf_stale_reload');
    });
    reloaded = reloadWithin(page, 10_000);
    await page.evaluate(() => {
      reportError(new TypeError('Failed to fetch dynamically imported module: /account/_astro/a-lazy-step.js'));
    });
    expect(await reloaded).toBe(true);
  });

  test('leaves every other error alone', async ({ page }) => {
    await loginPage(page);
    let reloaded = reloadWithin(page, 3_000);
    await page.evaluate(() => {
      void Promise.reject(new TypeError('Failed to fetch'));
      reportError(new Error('something else'));
    });
    expect(await reloaded).toBe(false);
    // The watcher was there all along: a missing module then reloads the page.
    reloaded = reloadWithin(page, 10_000);
    await page.evaluate((url) => {
      void import(/* @vite-ignore */ url);
    }, GONE);
    expect(await reloaded).toBe(true);
  });
});
