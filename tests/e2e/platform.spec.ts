/**
 * Console platforms end to end (docs/platforms.md), in Chromium against the
 * reference API: the dev issuer signs a platform ticket as a console would and
 * opens global/{platform}/login with it. A console not linked yet links to an
 * existing account with its password and its second factor (a texted code
 * from the dev SMS outbox), then signs in; the seeded linked console signs
 * straight in. axe on every screen.
 */
import { expect, test } from '@playwright/test';
import { apiPost, atScreen, GOOD_PASSWORD, seedDemoAccounts, text, uniqueEmail } from './support/signin';
import { uniqueUsNumber, waitForSms } from './support/two-factor';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.8' } });

const t = (key: string, vars?: Record<string, string | number>) => text('en', key, vars);
const PS = t('platform.names.playstation');

function consoleStart(user: string): string {
  return `/api/dev/platform/start?platform=playstation&accountType=adult&user=${encodeURIComponent(user)}`;
}

test('a console links to an existing account with its second factor, then signs in', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const email = uniqueEmail('console');
  const created = await apiPost(request, base, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  // A verified account as sign-up leaves one, whose second factor is SMS verification on a number of its own.
  const phone = uniqueUsNumber().e164;
  await apiPost(request, base, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
    phoneNo: phone,
    smsMfaEnabled: true,
  });

  const user = `e2e-${Date.now().toString(36)}`;
  await page.goto(consoleStart(user));
  await atScreen(page, /\/account\/en\/global\/playstation\/login$/, 'platform login (link form)');
  await expect(page.getByRole('heading', { name: t('platform.login.linkHeading', { platform: PS }) })).toBeVisible();

  // A wrong password links nothing.
  await page.getByLabel(t('platform.login.email')).fill(email);
  await page.getByLabel(t('platform.login.password'), { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: t('platform.login.linkSubmit') }).click();
  await expect(page.getByRole('dialog')).toContainText(t('error.form.20002'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const sentAfter = Date.now() - 1000;
  await page.getByLabel(t('platform.login.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('platform.login.linkSubmit') }).click();
  await atScreen(page, /\/global\/playstation\/verify-linking\/sms$/, 'verify-linking sms');
  const code = await waitForSms(request, phone, sentAfter);
  await page.getByLabel(t('mfa.code.label')).fill(code);
  await page.getByRole('button', { name: t('platform.verify.submit') }).click();

  await atScreen(page, /\/global\/playstation\/link-success\?/, 'link success');
  await expect(page.getByRole('status')).toHaveText(t('platform.linkSuccess.body', { platform: PS, email }));
  await page.getByRole('link', { name: t('platform.linkSuccess.continue') }).click();

  await atScreen(page, /\/global\/playstation\/login$/, 'platform login (signed in)');
  await expect(page.getByText(t('platform.login.signedIn', { email, platform: PS }))).toBeVisible();
  // The portal session is real: the account's own page answers for this account.
  const me = await page.evaluate(async (): Promise<string> => {
    const r = await fetch('/api/account/v1/account', { headers: { 'x-frontend-version': 'v1.129.1' } });
    return r.ok ? await r.text() : `status ${String(r.status)}`;
  });
  expect(me).toContain(email);
});

test('a ticket of the test issuer signs the seeded linked console straight in', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const accounts = await seedDemoAccounts('global', baseURL ?? '');
  expect(accounts.has('totp@demo.lumenforge.test')).toBe(true);
  await page.goto(consoleStart('ps-linked-demo'));
  await atScreen(page, /\/account\/en\/global\/playstation\/login$/, 'platform login (linked)');
  await expect(
    page.getByText(t('platform.login.signedIn', { email: 'totp@demo.lumenforge.test', platform: PS })),
  ).toBeVisible();
});

test('a forged ticket ends at link-failed', async ({ page }) => {
  await page.goto('/account/en/global/playstation/login?ticket=forged.ticket.value');
  await atScreen(page, /\/account\/en\/global\/playstation\/link-failed/, 'link failed');
  await expect(page.getByRole('heading', { name: t('platform.linkFailed.heading', { platform: PS }) })).toBeVisible();
});
