/**
 * Self-service recovery end to end (issue 13 part A), in Chromium against the
 * reference API: the login page's "Can't sign in?" link reaches the hub; a
 * forgotten password is reset with the emailed code, the carried query
 * surviving every step, and the new password signs in; an account with an
 * authenticator also gives its code (computed in the test with otpauth), one
 * with SMS verification its texted code; find email by a verified number;
 * change ID, then the old address's revert link; the login's 20037 dialog
 * ends on the reset. axe on every screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  atScreen,
  acceptCookies,
  apiPost,
  createTestAccount,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signInWithPassword, uniqueUsNumber, waitForSms } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const NEW_PASSWORD = 'Brand-New-Path-77!';
// Each test walks a whole recovery (and signs in after it): more than the default 45 s on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** The login form's password sign-in (its button by exact name: the page has a passkey button too). */
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

/** An account as sign-up leaves it, with `state` on top (dev tool /api/dev/account/state); returns its id. */
async function accountWith(request: APIRequestContext, baseURL: string, email: string, state: object = {}) {
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
    ...state,
  });
  return accountId;
}

async function enterEmailCode(page: Page, request: APIRequestContext, email: string, sent: number) {
  await page.getByLabel(t('selfService.code.label')).fill(await waitForMail(request, email, 'code', sent));
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
}

const STEP_MS = 30_000;

test('an account with an authenticator also gives its code', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-reset-totp');
  await createTestAccount(request, baseURL ?? '', email);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  // The authenticator is turned on through the API from the signed-in page; the test computes every code itself.
  const secret = await page.evaluate<string>(async () => {
    const headers = { 'content-type': 'application/json', 'x-frontend-version': 'v1.129.1' };
    const r = await fetch('/api/account/v1/mfa/totp', { method: 'POST', headers, body: '{}' });
    const body: unknown = await r.json();
    return typeof body === 'object' && body !== null && 'secret' in body ? String(body.secret) : '';
  });
  // Signed out below from a page without an island: promo-2fa, signed out under it, may load the account and send
  // itself to login, and that navigation would cut the reset's own (net::ERR_ABORTED).
  await page.goto('/account/en/error');
  const totp = (at: number) =>
    OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, timestamp: at });
  // Turned on with the previous step's code (the API accepts ±1 step): that step is then the account's last used
  // one, so the code of the current step, which the reset asks for below, is fresh at once. With the current step's
  // code here the test had to wait up to 30 s for the next step (and ran past its timeout on a loaded machine).
  const enabledAt = Date.now() - STEP_MS;
  const confirmed = await page.evaluate(async (code) => {
    const headers = { 'content-type': 'application/json', 'x-frontend-version': 'v1.129.1' };
    const r = await fetch('/api/account/v1/mfa/totp/confirm', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ code, primary: true }),
    });
    await fetch('/api/account/v1/logout', { method: 'POST', headers, body: '{}' });
    return r.status;
  }, totp(enabledAt));
  expect(confirmed).toBe(200);

  const sent = await startReset(page, email);
  await enterEmailCode(page, request, email, sent);
  await atScreen(page, /\/self-service\/verify-code\?parental_flow_mode=parent/, 'self-verify-2fa');
  await page.getByLabel(t('selfService.code.label')).fill(totp(Date.now()));
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
  await newPassword(page);
});

test('an account with SMS verification also gives its texted code', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-reset-sms');
  const phone = uniqueUsNumber().e164;
  await accountWith(request, baseURL ?? '', email, { phoneNo: phone, smsMfaEnabled: true });
  const sent = await startReset(page, email);
  await enterEmailCode(page, request, email, sent);
  await atScreen(page, /\/self-service\/verify-sms\?parental_flow_mode=parent/, 'self-verify-sms');
  await page.getByLabel(t('selfService.code.label')).fill(await waitForSms(request, phone, sent));
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
  await newPassword(page);
});

test('find email by a verified phone number', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-find');
  const phone = uniqueUsNumber().e164;
  await accountWith(request, baseURL ?? '', email, { phoneNo: phone, smsMfaEnabled: true });
  await page.goto('/account/en/self-service');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('selfService.hub.find') }).click();
  await atScreen(page, /\/self-service\/find-email$/, 'self-find-email');
  const sent = Date.now() - 1_000;
  await page.getByLabel(t('selfService.start.phone.label')).fill(phone);
  await page.getByRole('button', { name: t('selfService.start.submit') }).click();
  await atScreen(page, /\/self-service\/verify-sms/, 'self-verify-sms (find email)');
  await page.getByLabel(t('selfService.code.label')).fill(await waitForSms(request, phone, sent));
  await page.getByRole('button', { name: t('selfService.code.submit') }).click();
  await atScreen(page, /\/self-service\/find-email\/completed\?foundAccount=/, 'self-find-email-completed');
  await expect(page.getByRole('heading', { name: t('selfService.found.heading') })).toBeVisible();
  const [local = '', domain = ''] = email.split('@');
  await expect(
    page.getByText(new RegExp(`^${local.slice(0, 1)}\\*+${local.slice(-1)}@${domain.replace('.', '\\.')}$`)),
  ).toBeVisible();
});

test('change ID, then the old address undoes it', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-change');
  const newEmail = uniqueEmail('e2e-changed');
  await createTestAccount(request, baseURL ?? '', email);
  await page.goto('/account/en/self-service');
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByRole('link', { name: t('selfService.hub.change') }).click();
  await atScreen(page, /\/self-service\/change-email$/, 'self-change-email');
  const sent = Date.now() - 1_000;
  await page.getByLabel(t('selfService.start.email.label')).fill(email);
  await page.getByRole('button', { name: t('selfService.start.submit') }).click();
  await atScreen(page, /\/self-service\/verify-account/, 'self-verify-email (change ID)');
  await enterEmailCode(page, request, email, sent);
  await atScreen(page, /\/self-service\/change-email\?showNewEmailField=true/, 'self-change-email new email');
  await page.getByLabel(t('selfService.change.newEmail')).fill(newEmail);
  await page.getByRole('button', { name: t('selfService.change.send') }).click();
  await page.getByLabel(t('selfService.change.code')).fill(await waitForMail(request, newEmail, 'code', sent));
  await page.getByRole('button', { name: t('selfService.change.submit') }).click();
  await atScreen(page, /\/self-service\/change-email\/completed\?accountId=/, 'self-change-email-completed');
  await expect(page.getByText(newEmail)).toBeVisible();

  // The old address was told, with a link that puts it back.
  const revert = await waitForMail(request, email, 'link', sent);
  await page.goto(revert);
  await hydrated(page);
  await page.getByRole('button', { name: t('revertId.submit') }).click();
  await atScreen(page, /\/revert-id-success/, 'revert-id-success');
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
});

test('the 20037 dialog (password reset required) ends on a working reset', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('e2e-20037');
  await accountWith(request, baseURL ?? '', email, { passwordResetRequired: true });
  await signInWithPassword(page, email, GOOD_PASSWORD);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('login.resetPassword') }).click();
  await atScreen(page, /\/self-service\/reset-password/, 'self-reset-password (20037)');
  const sent = Date.now() - 1_000;
  await page.getByLabel(t('selfService.start.email.label')).fill(email);
  await page.getByRole('button', { name: t('selfService.start.submit') }).click();
  await atScreen(page, /\/self-service\/verify-account/, 'self-verify-email (20037)');
  await enterEmailCode(page, request, email, sent);
  await atScreen(page, /showPasswordFields=true/, 'self-reset-password fields (20037)');
  await page.getByLabel(t('selfService.reset.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(t('selfService.reset.confirm'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t('selfService.reset.submit') }).click();
  await atScreen(page, /\/self-service\/reset-password\/success/, 'self-reset-password-success (20037)');
  // The reset lifted the flag: the new password signs in.
  await signInWithPassword(page, email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
});
