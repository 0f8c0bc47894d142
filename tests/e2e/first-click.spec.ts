/**
 * The first click fetches no code (issue 25 §1): on login, create, reset password, a settings change and the
 * console's link form (the platform kind of page, below), once the
 * page has been idle for 2 s after hydration, a click on the primary button makes its call without fetching a
 * single script first. Each island loads its action path at idle (src/islands/shared/warm-path.ts); a script
 * request between the click and the call is code the player waits for on the network.
 * Loopback, no throttling: the test counts requests, the bench (`npm run bench`) times them on a phone profile.
 */
import { expect, test } from '@playwright/test';
import { clickToCall, FIRST_CLICKS, hydratedPage, quietFor, type FirstClick } from '../../bench/first-click';
import { acceptCookies, devSignedIn, text } from './support/signin';
import { uniqueUsNumber } from './support/two-factor';

const label = (key: string) => text('en', key);

for (const action of FIRST_CLICKS) {
  test(`${action.name}: the first click on the primary button fetches no script`, async ({
    page,
    request,
    baseURL,
  }) => {
    if (action.signedIn) await devSignedIn(page, request, baseURL ?? '');
    await page.goto(action.path);
    await hydratedPage(page);
    await acceptCookies(page, 'en');
    await action.fill(page, label);
    // The player reads and types for longer than this; the page loads its action path at idle.
    await quietFor(page, 2_000);
    const { scripts } = await clickToCall(page, action, label);
    expect(scripts, 'scripts fetched between the click and the call').toEqual([]);
  });
}

/**
 * The send's next screen is part of its path too: on verify-phone the code step loads at idle with the page's
 * action path (src/islands/settings/verify-phone/VerifyPhone.tsx), so from the click on "Send code" until the code
 * field shows, no script is fetched.
 */
test('verify-phone: the code step after the send fetches no script', async ({ page, request, baseURL }) => {
  await devSignedIn(page, request, baseURL ?? '');
  await page.goto('/account/en/verify-phone');
  await hydratedPage(page);
  await acceptCookies(page, 'en');
  await page.getByLabel(label('mfa.sms.phone')).fill(uniqueUsNumber().national);
  await quietFor(page, 2_000);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.getByRole('button', { name: label('mfa.sms.sendCode') }).click();
  await expect(page.getByLabel(label('mfa.code.label'))).toBeVisible();
  expect(scripts, 'scripts fetched between the click and the code step').toEqual([]);
});

/**
 * The platform kind of page: a console's link form (global/{platform}/login, opened with the dev issuer's ticket as
 * a console opens it), whose primary button links the console to an account with its password. Not one of the
 * bench's four timed clicks: the test names them; this holds the fifth page kind to the same rule.
 */
const CONSOLE_LINK: FirstClick = {
  name: 'console link',
  path: '/account/en/global/playstation/login',
  signedIn: false,
  async fill(page) {
    await page.getByLabel(label('platform.login.email')).fill('nobody-first-click@example.com');
    await page.getByLabel(label('platform.login.password'), { exact: true }).fill('Not-the-password-1');
  },
  button: (page) => page.getByRole('button', { name: label('platform.login.linkSubmit'), exact: true }),
  call: { method: 'POST', path: /\/linking\/password$/ },
  again: () => Promise.resolve(),
};

test('console link form (platform): the first click on the primary button fetches no script', async ({ page }) => {
  // An address of its own (TEST-NET-2): its refused password counts toward no other spec's per-IP limits.
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '198.51.100.12' });
  const user = `first-click-${Date.now().toString(36)}`;
  await page.goto(`/api/dev/platform/start?platform=playstation&accountType=adult&user=${encodeURIComponent(user)}`);
  await page.waitForURL(/\/account\/en\/global\/playstation\/login$/);
  await hydratedPage(page);
  await acceptCookies(page, 'en');
  await CONSOLE_LINK.button(page, label).waitFor();
  await CONSOLE_LINK.fill(page, label);
  await quietFor(page, 2_000);
  const { scripts } = await clickToCall(page, CONSOLE_LINK, label);
  expect(scripts, 'scripts fetched between the click and the call').toEqual([]);
});
