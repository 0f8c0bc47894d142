/**
 * Signed-out pages ask only what they need (issue 25 §3): a visitor without a session gets no 4xx from the API and
 * no error in the console on the pages anyone may open, the signed-out sign-in and sign-up screens and the global
 * ones that check for a session first (global/verify/code asks the login status, not the account), and
 * login/verify-account, whose guard sends a signed-out visitor to sign in before its account read. The same for
 * the steps of a third-party or console flow opened without it (a bookmark, a reload after the flow ended): the
 * first thing such a step asks needs the flow's session, and without the session's companion cookie the client
 * answers 20159 itself (docs/api.md "Flow sessions"), and a staff page opened without the staff session goes to
 * the staff sign-in the same way (STAFF_LOGIN_REQUIRED).
 */
import { expect, test, type Page } from '@playwright/test';
import { hydrated, text } from './support/signin';

const PAGES = [
  'login',
  'create',
  'self-service',
  'reset-password',
  'global/login',
  'global/signup',
  'simple/login',
  'simple/signup',
  'global/verify/code',
  'unified/login',
  'login/verify-account',
  // Steps of a flow, without it.
  'login/tpa',
  'login/tpa/google',
  'global/callback/social/google',
  'login/social-link/1',
  'login/migration-tpa',
  'global/playstation/login',
  'global/playstation/verify-linking/code',
  'global/xbox/social-link/2',
  'global/IAL/verify-linking/sms',
];

/** The page's API answers of 400 and more, and its console errors, from now on. */
function watchRefusals(page: Page): { refused: string[]; errors: string[] } {
  const refused: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/'))
      refused.push(`${String(r.status())} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { refused, errors };
}

for (const path of PAGES)
  test(`en/${path}: no API error and no console error for a signed-out visitor`, async ({ page }) => {
    const { refused, errors } = watchRefusals(page);
    await page.goto(`/account/en/${path}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The start-up's calls and the islands' first ones have had their answers.
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

// What the player gets there is what the refusal of a missing session (20159) shows, now answered in the browser.
const t = (key: string, vars?: Record<string, string>) => text('en', key, vars);

test('a social step without its third-party session ends at the expired-session page, with the way back', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/account/')) calls.push(new URL(r.url()).pathname);
  });
  await page.goto('/account/en/login/tpa/google');
  await expect(page).toHaveURL(/\/account\/en\/global\/error\?notice=20159$/);
  await hydrated(page);
  await expect(page.getByRole('link', { name: t('global.error.action') })).toBeVisible();
  expect(calls.filter((path) => path.includes('/tpa'))).toEqual([]);
});

test("a console's step without its linking session ends at link-failed, and its login says where to start", async ({
  page,
}) => {
  const platform = t('platform.names.playstation');
  await page.goto('/account/en/global/playstation/verify-linking/code');
  await expect(page).toHaveURL(/\/account\/en\/global\/playstation\/link-failed\?notice=20159$/);
  await expect(page.getByRole('heading', { name: t('platform.linkFailed.heading', { platform }) })).toBeVisible();
  await page.goto('/account/en/global/playstation/login');
  await hydrated(page);
  await expect(page.getByText(t('platform.login.noSession', { platform }))).toBeVisible();
});

test('login/verify-account sends a visitor who is not signed in to sign in first, with the way back', async ({
  page,
}) => {
  await page.goto('/account/en/login/verify-account');
  await expect(page).toHaveURL(/\/account\/en\/login\?/);
  expect(new URL(page.url()).searchParams.get('return_url')).toContain('/login/verify-account');
});

for (const path of ['staff', 'staff/audit', 'staff/ops'])
  test(`en/${path} sends a visitor without the staff session to the staff sign-in, asking nothing`, async ({
    page,
  }) => {
    const { refused, errors } = watchRefusals(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/staff/v1/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(`/account/en/${path}`);
    // The staff session's companion cookie is missing: the client answers STAFF_LOGIN_REQUIRED itself.
    await expect(page).toHaveURL(/\/account\/en\/staff\/login$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('staff.login.heading'));
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });
