/**
 * Helpers the two-factor and the other signed-in e2e specs share: an
 * independent TOTP (the test computes codes itself from the secret the page
 * shows, with otpauth, at the API's clock), the dev SMS outbox, and sign-in /
 * sign-out through the UI.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../../src/shared/contract/http';
import { acceptCookies, GOOD_PASSWORD, hydrated, text } from './signin';

const STEP_MS = 30_000;
const locale = 'en';

/** The API's current time (its clock can be moved by the dev tools). */
export async function apiNow(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/dev/clock');
  expect(response.ok()).toBe(true);
  const { now } = (await response.json()) as { now: string };
  return Date.parse(now);
}

/** Moves the API clock forward by `ms` (dev tool POST /api/dev/clock). */
export async function moveApiClock(request: APIRequestContext, baseURL: string, ms: number): Promise<void> {
  const current = await request.get('/api/dev/clock');
  const { offsetMs } = (await current.json()) as { offsetMs: number };
  const response = await request.post('/api/dev/clock', {
    data: { offsetMs: offsetMs + ms },
    headers: { Origin: baseURL, [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** RFC 6238 with the parameters of any standard authenticator app: SHA-1, 6 digits, 30 s. */
export function totpCode(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/**
 * A code for a time step after `usedStep` (the server refuses a step already
 * used, and earlier ones): when the API clock is still in that step, the clock
 * is moved to the start of the next one instead of waiting up to 30 s.
 */
export async function freshTotp(
  request: APIRequestContext,
  baseURL: string,
  secret: string,
  usedStep: number,
): Promise<{ code: string; step: number }> {
  let now = await apiNow(request);
  if (Math.floor(now / STEP_MS) <= usedStep) {
    await moveApiClock(request, baseURL, (usedStep + 1) * STEP_MS + 2_000 - now);
    now = await apiNow(request);
  }
  return { code: totpCode(secret, now), step: Math.floor(now / STEP_MS) };
}

/** The newest text with a code sent to `phone` after `after` (dev tool GET /api/dev/sms). */
export async function waitForSms(request: APIRequestContext, phone: string, after: number): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/sms?to=${encodeURIComponent(phone)}`);
        if (!response.ok()) return '';
        const items = (await response.json()) as { sentAt: string; code?: string }[];
        found = items.find((m) => m.code !== undefined && Date.parse(m.sentAt) >= after)?.code ?? '';
        return found;
      },
      { timeout: 15_000, message: `a text with a code for ${phone}` },
    )
    .not.toBe('');
  return found;
}

/** A US number libphonenumber accepts, different on every run (4 accounts per number at most). */
export function uniqueUsNumber(): { national: string; e164: string } {
  const national = `201555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  return { national, e164: `+1${national}` };
}

/** Signs in through the login form (not remembering the session). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/account/en/login');
  await hydrated(page);
  // The cookie banner would cover the bottom of the forms; the choice is kept for the rest of the test.
  await acceptCookies(page, locale);
  await page.getByLabel(text(locale, 'login.id.label')).fill(email);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
}

/**
 * Signs in through the form and waits until the page has left login (the first sign-in on a cold local server can
 * take a while: password hashing on a shared machine).
 */
export async function signedIn(page: Page, email: string, password = GOOD_PASSWORD): Promise<void> {
  await signInWithPassword(page, email, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 30_000 });
}

/** Signs out from the account overview and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/account/en/setting/account-overview');
  await hydrated(page);
  await page.getByRole('button', { name: text(locale, 'settings.overview.signOut') }).click();
  await expect(page).toHaveURL(/\/account\/en\/login(\?|$)/);
}
