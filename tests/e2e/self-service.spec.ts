/**
 * Self-service recovery end to end (issue 13 part A), in Chromium against the
 * reference API: the login page's "Can't sign in?" link reaches the hub; a
 * forgotten password is reset with the emailed code, the carried query
 * surviving every step; the new password signs in. axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  createTestAccount,
  expectAccessible,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signInWithPassword } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const NEW_PASSWORD = 'Brand-New-Path-77!';

async function atScreen(page: Page, path: RegExp, name: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await hydrated(page);
  await expectAccessible(page, name);
}

async function startReset(page: Page, email: string): Promise<number> {
  await page.goto('/account/en/login?parental_flow_mode=parent');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('login.recovery') }).click();
  await atScreen(page, /\/account\/en\/self-service\?parental_flow_mode=parent$/, 'self-service');
  await page.getByRole('link', { name: t('selfService.hub.reset') }).click();
  await atScreen(page, /\/self-service\/reset-password\?parental_flow_mode=parent$/, 'self-reset-password');
  const sent = Date.now() - 1_000;
  await page.getByLabel(t('selfService.start.email.label')).fill(email);
  await page.getByRole('button', { name: t('selfService.start.submit') }).click();
  await atScreen(page, /\/self-service\/verify-account\?parental_flow_mode=parent/, 'self-verify-email');
  return sent;
}

async function newPassword(page: Page): Promise<void> {
  await atScreen(page, /\/self-service\/reset-password\?.*showPasswordFields=true/, 'self-reset-password fields');
  expect(page.url()).toContain('parental_flow_mode=parent');
  await page.getByLabel(t('selfService.reset.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t('selfService.reset.confirm'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('selfService.reset.submit') }).click();
  await atScreen(page, /\/self-service\/reset-password\/success/, 'self-reset-password-success');
}

test('a forgotten password is reset with the emailed code', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-reset');
  await createTestAccount(request, baseURL ?? '', email);
  const sent = await startReset(page, email);
  const code = await waitForMail(request, email, 'code', sent);
  await page.getByLabel(t('selfService.code.label')).fill(code);
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
  await newPassword(page);
  await signInWithPassword(page, email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
});
