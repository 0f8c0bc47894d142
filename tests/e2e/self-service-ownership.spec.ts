/**
 * Ownership verification end to end (issue 13 part B, docs/support-cases.md),
 * in Chromium against the reference API: a player who lost every factor
 * sends a case through the form, an operator approves it with the script
 * behind `npm run support:cases`, the emailed single-use link sets a new
 * password and the player signs in with it. A rejected case's email leads to
 * verify/rejected and back to a new request. axe on every screen; the form in
 * all 13 locales.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES } from '../../src/i18n/locales';
import {
  acceptCookies,
  apiPost,
  createTestAccount,
  expectAccessible,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const NEW_PASSWORD = 'Owner-Again-2050!';

/** The operator's desk on this project's server: scripts/support-cases.mjs on its local D1 (playwright.config.ts). */
async function supportCases(baseURL: string, ...args: string[]): Promise<{ link?: string; status?: string }> {
  const persist = `.wrangler/e2e-global-${new URL(baseURL).port}`;
  const { stdout } = await run(
    process.execPath,
    ['scripts/support-cases.mjs', ...args, '--persist', persist, '--operator', 'e2e', '--json'],
    { cwd: ROOT, env: { ...process.env, CI: 'true' } },
  );
  return JSON.parse(stdout) as { link?: string; status?: string };
}

async function atScreen(page: Page, path: RegExp, name: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await hydrated(page);
  await expectAccessible(page, name);
}

async function mailLink(request: APIRequestContext, to: string, after: number): Promise<string> {
  return waitForMail(request, to, 'link', after);
}

test('a case sent through the form, approved with support:cases, gives the account back', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const email = uniqueEmail('e2e-owner');
  const contact = uniqueEmail('e2e-contact');
  await createTestAccount(request, base, email);

  await page.goto('/account/en/self-service/verify?parental_flow_mode=parent');
  await hydrated(page);
  await acceptCookies(page, locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('supportCase.form.heading'));
  await expectAccessible(page, 'self-verify-ownership');

  // A wrong submit first: each field says what it needs, and nothing is sent.
  await page.getByRole('button', { name: t('supportCase.form.submit') }).click();
  await expect(page.getByText(t('supportCase.form.account.required'))).toBeVisible();
  await expect(page.getByLabel(t('supportCase.form.account.label'))).toBeFocused();
  await expectAccessible(page, 'self-verify-ownership with errors');

  await page.getByLabel(t('supportCase.form.account.label')).fill(email);
  await page.getByLabel(t('supportCase.form.contact.label')).fill(contact);
  await page.getByRole('checkbox', { name: 'Emberfall Online' }).check();
  await page.getByRole('radio', { name: t('supportCase.form.region.EU') }).check();
  await page.getByLabel(t('supportCase.form.orderId.label')).fill('EMB-2024-0042');
  // The order ID asks for its date.
  await page.getByRole('button', { name: t('supportCase.form.submit') }).click();
  await expect(page.getByText(t('supportCase.form.purchaseDate.required'))).toBeVisible();
  await page.getByLabel(t('supportCase.form.purchaseDate.label')).fill('2024-03-15');
  await page
    .getByLabel(t('supportCase.form.description.label'))
    .fill('My phone with the authenticator was stolen.\nI bought Emberfall in March 2024.');
  await page.getByRole('button', { name: t('supportCase.form.submit') }).click();

  await atScreen(page, /\/self-service\/verify\/escalate\?parental_flow_mode=parent&reference=LF-/, 'escalate');
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByRole('status')).toContainText(reference);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('supportCase.escalated.heading'));

  // The operator approves with the same code `npm run support:cases -- approve` runs.
  const approvedAt = Date.now() - 1_000;
  const decision = await supportCases(base, 'approve', reference);
  expect(decision.status).toBe('approved');
  const link = await mailLink(request, contact, approvedAt);
  expect(link).toBe(decision.link);

  await page.goto(link);
  await atScreen(page, /\/self-service\/reset-password\?token=/, 'self-reset-password from the link');
  await page.getByLabel(text(locale, 'selfService.reset.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(text(locale, 'selfService.reset.confirm'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: text(locale, 'selfService.reset.submit') }).click();
  await atScreen(page, /\/self-service\/reset-password\/success/, 'self-reset-password-success');

  await page.goto('/account/en/login');
  await hydrated(page);
  await page.getByLabel(t('login.id.label')).fill(email);
  await page.getByLabel(t('login.password.label'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);

  // The link worked once (asked again signed out: the screen is for signed-out visitors).
  await page.context().clearCookies();
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel(text(locale, 'selfService.reset.password'), { exact: true }).fill('Another-Path-88!');
  await page.getByLabel(text(locale, 'selfService.reset.confirm'), { exact: true }).fill('Another-Path-88!');
  await page.getByRole('button', { name: text(locale, 'selfService.reset.submit') }).click();
  // Refused: an error on the form, or (as the self-service handler does with a spent link) back to the hub.
  await expect(page.getByRole('alert').or(page.locator('body[data-route="self-service"]'))).toBeVisible();
  await expect(page).not.toHaveURL(/\/reset-password\/success/);
});

test('a rejected case: the email leads to verify/rejected, which offers a new request', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const contact = uniqueEmail('e2e-rejected');
  const response = await apiPost(request, base, '/api/self-service/v1.0/no-auth/op/ownership-case', {
    account: uniqueEmail('e2e-nobody'),
    contactEmail: contact,
    productIds: [],
    description: 'I cannot remember anything else about it.',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    captchaAction: 'web_self_reset_password',
    language: 'en_US',
  });
  const { reference } = (await response.json()) as { reference: string };
  const rejectedAt = Date.now() - 1_000;
  expect((await supportCases(base, 'reject', reference)).status).toBe('rejected');
  const link = await mailLink(request, contact, rejectedAt);

  await page.goto(link);
  await hydrated(page);
  await acceptCookies(page, locale);
  await atScreen(page, /\/self-service\/verify\/rejected\?reference=LF-/, 'self-verify-rejected');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('supportCase.rejected.heading'));
  await expect(page.getByText(reference)).toBeVisible();
  await page.getByRole('link', { name: t('supportCase.rejected.newRequest') }).click();
  await atScreen(page, /\/self-service\/verify$/, 'self-verify-ownership again');
});

test('the form speaks every locale', async ({ page }) => {
  for (const l of LOCALES) {
    await page.goto(`/account/${l}/self-service/verify`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(l, 'supportCase.form.heading'));
    await expect(page.getByRole('button', { name: text(l, 'supportCase.form.submit') })).toBeVisible();
  }
});
