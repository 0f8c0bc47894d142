/**
 * The staff console end to end (issue 28 §1, tests; docs/staff-console.md), in Chromium against the reference
 * API: a trust & safety agent added with `npm run staff:add` signs in with password and authenticator code,
 * finds a player by phone and blocks them with 7003; the player's open session is signed out and the next sign-in
 * shows the 7003 dialog; the agent unblocks and the player signs in. axe on every staff screen and the dialog;
 * the dialog is used with the keyboard (Escape closes it).
 *
 * It runs on the ops server (playwright.config.ts OPS_SPECS): the script writes the server's local D1 file.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiPost,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { apiNow, signedIn, signInWithPassword, totpCode, uniqueUsNumber } from './support/two-factor';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const STAFF_PASSWORD = 'Staff-Desk-Password-2050';
const REASON = 'Chargeback fraud confirmed by the payments team (ticket 5521)';

interface Staff {
  email: string;
  totpSecret: string;
}

/** A staff account on this project's server's D1, through the script behind `npm run staff:add`. */
async function staffAdd(baseURL: string, role: string): Promise<Staff> {
  const persist = `.wrangler/e2e-global-${new URL(baseURL).port}`;
  const email = uniqueEmail(`staff-${role}`);
  const { stdout } = await run(
    process.execPath,
    [
      'scripts/staff-add.mjs',
      ...['--email', email, '--name', 'E2E Agent', '--role', role, '--password', STAFF_PASSWORD],
      ...['--persist', persist, '--json'],
    ],
    { cwd: ROOT, env: { ...process.env, CI: 'true' } },
  );
  return JSON.parse(stdout) as Staff;
}

async function staffSignIn(page: Page, request: APIRequestContext, staff: Staff): Promise<void> {
  await page.goto('/account/en/staff/login');
  await hydrated(page);
  // A new browser: the cookie banner would cover the bottom of the form.
  await acceptCookies(page, locale);
  await expectAccessible(page, 'staff sign-in');
  await page.getByLabel(t('staff.login.email')).fill(staff.email);
  await page.getByLabel(t('staff.login.password'), { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(t('staff.login.code')).fill(totpCode(staff.totpSecret, await apiNow(request)));
  await page.getByRole('button', { name: t('staff.login.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('staff.console.heading'));
}

/** Opens an account action's dialog, picks `choice` if given, writes the reason and confirms. */
async function act(page: Page, action: string, accountId: number, choice?: string): Promise<void> {
  await page.getByRole('button', { name: t(`staff.action.${action}`), exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: `${t(`staff.action.${action}`)} · ${t('staff.account.heading', { id: accountId })}`,
  });
  await expect(dialog).toBeVisible();
  if (choice !== undefined) await dialog.getByLabel(t('staff.action.banReason')).selectOption(choice);
  await dialog.getByLabel(t('staff.action.reason'), { exact: true }).fill(REASON);
  await dialog.getByRole('button', { name: t('staff.action.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /audit/i })).toBeVisible();
}

test('an agent finds a player by phone, blocks them with 7003 and unblocks them', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const staff = await staffAdd(base, 'trust_safety');

  // The player, with a phone on the account, signed in in their own browser.
  const email = uniqueEmail('blocked-player');
  const phone = uniqueUsNumber();
  const created = await apiPost(request, base, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, base, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
    phoneNo: phone.e164,
  });
  await signedIn(page, email);

  // The agent, in another browser.
  const desk = await browser.newContext();
  const agent = await desk.newPage();
  await staffSignIn(agent, request, staff);
  await expectAccessible(agent, 'staff console');
  await agent.getByLabel(t('staff.search.by')).selectOption('phone');
  // As a person types it: spaces and all.
  await agent.getByLabel(t('staff.search.value')).fill(`+1 ${phone.national.slice(0, 3)} ${phone.national.slice(3)}`);
  await agent.getByRole('button', { name: t('staff.search.submit') }).click();
  await agent.getByRole('button', { name: t('staff.search.open', { id: accountId }) }).click();
  await expect(agent.getByRole('heading', { name: t('staff.account.heading', { id: accountId }) })).toBeVisible();
  await expectAccessible(agent, 'staff account view');

  // The dialog with the keyboard: Escape closes it and nothing happens.
  await agent.getByRole('button', { name: t('staff.action.staffBlock'), exact: true }).click();
  const dialog = agent.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(agent, 'staff action dialog');
  await agent.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await act(agent, 'staffBlock', accountId, '7003');
  await expect(agent.getByText(t('staff.account.blocked', { reason: '7003' })).first()).toBeVisible();

  // The player's open session is gone: the settings page sends them to sign in, which shows the ban dialog.
  await page.goto('/account/en/setting/account-overview');
  await expect(page).toHaveURL(/\/account\/en\/login/, { timeout: 30_000 });
  await signInWithPassword(page, email, GOOD_PASSWORD);
  const ban = page.getByRole('dialog');
  await expect(ban.getByRole('heading')).toHaveText(t('dialog.ban.title'));
  await expect(ban).toContainText(t('dialog.ban.reasonCode', { reason: '7003' }));

  await act(agent, 'staffUnblock', accountId);
  await page.goto('/account/en/login');
  await signedIn(page, email);
  await desk.close();
});

test('an ownership case approved from the console emails the reset link', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const staff = await staffAdd(base, 'support_agent');
  const email = uniqueEmail('case-owner');
  const contact = uniqueEmail('case-contact');
  await apiPost(request, base, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const submitted = await apiPost(request, base, '/api/self-service/v1.0/no-auth/op/ownership-case', {
    account: email,
    contactEmail: contact,
    productIds: [50203],
    description: 'I lost my phone with the authenticator and my email password.',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    captchaAction: 'web_self_reset_password',
    language: 'en_US',
  });
  const { reference } = (await submitted.json()) as { reference: string };
  const after = Date.now();

  await staffSignIn(page, request, staff);
  const approve = page.getByRole('button', { name: t('staff.cases.approve', { reference }) });
  await approve.click();
  const dialog = page.getByRole('dialog', { name: t('staff.cases.approve', { reference }) });
  await dialog.getByLabel(t('staff.action.reason')).fill('Purchase record matches the order on file');
  await dialog.getByRole('button', { name: t('staff.action.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(approve).toBeHidden();
  const link = await waitForMail(request, contact, 'link', after);
  expect(link).toMatch(/\/account\/en\/self-service\/reset-password\?token=/);
});
