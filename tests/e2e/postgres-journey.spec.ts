/**
 * The player's journey on PostgreSQL (issue 24): the `global-pg` project's server runs the API with
 * DB_ENGINE=postgres on a local PostgreSQL from npm (scripts/serve.mjs --engine postgres). Through the UI, in
 * Chromium: sign up with the emailed code, verify the email by link, sign in, turn on the authenticator, sign
 * out and in again with the password and an authenticator code, then change the full name and find it kept.
 * The other specs run the same screens on D1; this one proves the whole path on the other engine.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { acceptCookies, GOOD_PASSWORD, hydrated, stepHeading, text, uniqueEmail, waitForMail } from './support/signin';
import { freshTotp, signInWithPassword, signOut } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

test('sign-up, sign-in, authenticator and a settings change, on PostgreSQL', async ({ page, request, baseURL }) => {
  // Three sign-ins and a sign-up hash passwords (PBKDF2): on the shared 2-core machine that can pass 90 s.
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const email = uniqueEmail('pg-journey');
  const started = Date.now();

  // Sign up: age, email, the code from the dev mailbox, password.
  await page.goto('/account/en/create');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByLabel(t('create.age.country')).selectOption('DE');
  await page.getByLabel(t('form.birthday.day'), { exact: true }).selectOption('14');
  await page.getByLabel(t('form.birthday.month'), { exact: true }).selectOption('3');
  await page.getByLabel(t('form.birthday.year'), { exact: true }).selectOption('1994');
  await page.getByRole('button', { name: t('create.age.submit') }).click();
  await expect(stepHeading(page)).toHaveText(t('create.email.heading'));
  await page.getByLabel(t('create.email.label')).fill(email);
  await page.getByRole('button', { name: t('create.email.submit') }).click();
  await expect(stepHeading(page)).toHaveText(t('create.code.heading'));
  await page.getByLabel(t('create.code.label')).fill(await waitForMail(request, email, 'code', started));
  await page.getByRole('button', { name: t('create.code.submit') }).click();
  await expect(stepHeading(page)).toHaveText(t('create.details.heading'));
  await page.getByLabel(t('create.details.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel(t('create.details.confirm'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('create.details.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/create\/complete/);

  // The verification link (a second factor needs a verified email).
  const link = new URL(await waitForMail(request, email, 'link', started));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('verifyEmail.done.heading'));

  // Sign in: no second factor yet, so the promo, whose "set up" leads to the authenticator.
  await page.goto('/account/en/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('logout.heading'));
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/promo-2fa/);
  await hydrated(page);
  await page.getByRole('link', { name: t('mfa.promo.setUp') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security/);
  await hydrated(page);
  await page.getByRole('link', { name: t('mfa.security.TOTP.setUp') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/authenticator-enable/);
  await hydrated(page);
  const secret = ((await page.locator('[data-secret]').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const enable = await freshTotp(request, base, secret, 0);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(enable.code);
  await page.getByRole('button', { name: t('mfa.authenticator.turnOn') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.success.title'));
  // Escape answers "later": the dialog closes and the page goes on to the security settings by itself.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security$/);
  await hydrated(page);
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.TOTP') }))).toBeVisible();

  // Sign out; sign in with the password, then a fresh authenticator code.
  await signOut(page);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/login\/auth-types/);
  await hydrated(page);
  await page.getByRole('button', { name: new RegExp(t('mfa.method.TOTP')) }).click();
  await expect(page).toHaveURL(/\/account\/en\/login\/verify-code/);
  await hydrated(page);
  const second = await freshTotp(request, base, secret, enable.step);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(second.code);
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);

  // A settings change: the full name, kept across a reload (read back from the database).
  await page.goto('/account/en/setting/personal-info');
  await hydrated(page);
  await page.getByRole('button', { name: t('settings.personalInfo.editName') }).click();
  await page.getByLabel(t('settings.personalInfo.newName')).fill('Ada Postgres');
  await page.getByRole('button', { name: t('settings.personalInfo.save') }).click();
  await expect(page.getByText(t('settings.personalInfo.nameSaved'))).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Ada Postgres', { exact: true })).toBeVisible();

  // And it is PostgreSQL that holds the account: the server's database (scripts/serve.mjs writes its URL beside
  // the local D1, .wrangler/e2e-global-PORT) has the row, with the name and the authenticator on.
  const url = readFileSync(`.wrangler/e2e-global-${new URL(base).port}/database-url`, 'utf8');
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql`SELECT full_name, totp_enabled_at IS NOT NULL AS totp FROM accounts
      WHERE lower(email) = lower(${email})`;
    expect(rows.map((r) => ({ ...r }))).toEqual([{ full_name: 'Ada Postgres', totp: true }]);
  } finally {
    await sql.end();
  }
});
