/**
 * A provider sign-in started on global/login comes back to global/callback/social (spec §2 "Social callback
 * behaviour": flow global), which opens the third-party session and signs the linked account in: the seeded
 * player linked to google (scripts/seed.mjs 900010, local provider identity "linked-player").
 */
import { expect, test } from '@playwright/test';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import { acceptCookies, expectAccessible, hydrated, seedDemoAccounts, text } from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.5' } });

const t = (key: string, vars?: Record<string, string | number>) => text('en', key, vars);

test('google from global/login signs the linked player in through global/callback/social', async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables google');
  await seedDemoAccounts('global', baseURL ?? '');
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.goto('/account/en/global/login');
  await hydrated(page);
  await acceptCookies(page, 'en');
  await expectAccessible(page, 'global/login');
  const button = page.getByRole('link', { name: t('social.buttons.continueWith', { provider: 'Google' }) });
  // The button starts the flow that comes back to the global frame, not to the portal's login/tpa.
  await expect(button).toHaveAttribute('href', /flow=global/);
  await button.click();

  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill('linked-player');
  await page.getByLabel('Email (optional)').fill('linked@demo.lumenforge.test');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await page.waitForURL(/\/account\/en\/global\/callback\/social\/google/);
  // The callback screen spends the code, then leaves for wherever the sign-in goes next.
  await page.waitForURL((url) => !url.pathname.includes('/callback/'), { timeout: 30_000 });
  const account = await page.evaluate(
    async ({ header, version }) => {
      const res = await fetch('/api/account/v1/account', { credentials: 'include', headers: { [header]: version } });
      return { status: res.status, body: await res.json<{ email?: string }>() };
    },
    { header: FRONTEND_VERSION_HEADER, version: FRONTEND_VERSION },
  );
  expect(account.status).toBe(200);
  expect(account.body.email).toBe('linked@demo.lumenforge.test');
});
