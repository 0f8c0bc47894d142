/**
 * The first click fetches no code (issue 25 §1): on login, create, reset password and a settings change, once the
 * page has been idle for 2 s after hydration, a click on the primary button makes its call without fetching a
 * single script first. Each island loads its action path at idle (src/islands/shared/warm-path.ts); a script
 * request between the click and the call is code the player waits for on the network.
 * Loopback, no throttling: the test counts requests, the bench (`npm run bench`) times them on a phone profile.
 */
import { expect, test } from '@playwright/test';
import { clickToCall, FIRST_CLICKS, hydratedPage, quietFor } from '../../bench/first-click';
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
