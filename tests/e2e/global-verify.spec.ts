/**
 * global/verify/code and global/verify/success end to end (issue 16, docs/global-screens.md), in Chromium against
 * the reference API: signed out, the page offers global/login; a signed-in player with an unverified address
 * asks for the code, a wrong code is refused in the form, the emailed one verifies the address (the account
 * read says so) and the player lands on global/verify/success. axe on each screen.
 */
import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  apiPost,
  atScreen,
  expectAccessible,
  GOOD_PASSWORD,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signedIn } from './support/two-factor';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.2' } });

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
test.describe.configure({ timeout: 120_000 });

test('global/verify/code verifies the signed-in account address by the emailed code', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/account/en/global/verify/code');
  await atScreen(page, /\/account\/en\/global\/verify\/code$/, 'global/verify/code');
  await acceptCookies(page, locale);
  await expect(page.getByRole('link', { name: t('global.verify.signIn') })).toHaveAttribute(
    'href',
    '/account/en/global/login',
  );
  await expectAccessible(page, 'global/verify/code signed out');

  const email = uniqueEmail('global-verify');
  const created = await apiPost(request, baseURL ?? '', '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL ?? '', '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
    emailVerified: false,
  });
  await signedIn(page, email);

  await page.goto('/account/en/global/verify/code');
  await atScreen(page, /\/account\/en\/global\/verify\/code$/, 'global/verify/code');
  await expect(page.getByText(t('global.verify.intro', { email }))).toBeVisible();
  const sentAt = Date.now() - 1_000;
  await page.getByRole('button', { name: t('global.verify.send') }).click();
  await expect(page.getByText(t('global.verify.sent', { email }))).toBeVisible();
  await expectAccessible(page, 'global/verify/code code step');
  const code = await waitForMail(request, email, 'code', sentAt);

  const codeInput = page.getByLabel(t('global.verify.label'));
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: t('global.verify.submit') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/global\/verify\/code$/);

  await codeInput.fill(code);
  await page.getByRole('button', { name: t('global.verify.submit') }).click();
  await atScreen(page, /\/account\/en\/global\/verify\/success$/, 'global/verify/success');
  await expect(page.getByRole('status')).toHaveText(t('global.verifySuccess.text'));
  await expect(page.getByRole('link', { name: t('global.verifySuccess.continue') })).toBeVisible();
  await expectAccessible(page, 'global/verify/success');
  const account = await page.request.get('/api/account/v1/account');
  expect(((await account.json()) as { isVerified: boolean }).isVerified).toBe(true);
});
