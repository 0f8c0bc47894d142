/**
 * Account creation end to end, through the UI as a person would (issue 5):
 * age check → email → code from the dev mailbox → password → create/complete,
 * then the emailed verification link, sign out and sign in again. In three
 * locales; once with the keyboard only; axe on every screen of the flow.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';
import {
  acceptCookies,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  tabTo,
  text,
  uniqueEmail,
  waitForMail,
  stepHeading,
} from './support/signin';

/** Step 1 with the mouse: country and date of birth of an adult. */
async function fillAge(page: Page, locale: Locale) {
  const country = page.getByLabel(text(locale, 'create.age.country'));
  await expect(country.locator('option[value="DE"]')).toHaveCount(1);
  await country.selectOption('DE');
  await page.getByLabel(text(locale, 'form.birthday.day'), { exact: true }).selectOption('14');
  await page.getByLabel(text(locale, 'form.birthday.month'), { exact: true }).selectOption('3');
  await page.getByLabel(text(locale, 'form.birthday.year'), { exact: true }).selectOption('1994');
}

for (const locale of ['en', 'de', 'ja'] as const) {
  test(`${locale}: sign up, verify the email by link, sign out, sign in`, async ({ page, request }) => {
    const email = uniqueEmail(`signup-${locale}`);
    const started = Date.now();
    await page.goto(`/account/${locale}/create`);
    await hydrated(page);
    await acceptCookies(page, locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'create.heading'));
    await expectAccessible(page, 'create: age');

    // Age check (a wrong submit first: the errors are shown beside the fields).
    await page.getByRole('button', { name: text(locale, 'create.age.submit') }).click();
    await expect(page.getByText(text(locale, 'error.input.birthday-required'))).toBeVisible();
    await fillAge(page, locale);
    await page.getByRole('button', { name: text(locale, 'create.age.submit') }).click();

    // Email
    await expect(stepHeading(page)).toHaveText(text(locale, 'create.email.heading'));
    await expectAccessible(page, 'create: email');
    await page.getByLabel(text(locale, 'create.email.label')).fill('not-an-email');
    await page.getByRole('button', { name: text(locale, 'create.email.submit') }).click();
    await expect(page.getByText(text(locale, 'error.input.email-invalid'))).toBeVisible();
    await page.getByLabel(text(locale, 'create.email.label')).fill(email);
    await page.getByRole('button', { name: text(locale, 'create.email.submit') }).click();

    // Code from the dev mailbox
    await expect(stepHeading(page)).toHaveText(text(locale, 'create.code.heading'));
    await expectAccessible(page, 'create: code');
    const code = await waitForMail(request, email, 'code', started);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel(text(locale, 'create.code.label')).fill(code);
    await page.getByRole('button', { name: text(locale, 'create.code.submit') }).click();

    // Password with the live rules, confirm, newsletter
    await expect(stepHeading(page)).toHaveText(text(locale, 'create.details.heading'));
    const password = page.getByLabel(text(locale, 'create.details.password'), { exact: true });
    await password.fill('short');
    await expect(page.getByText(text(locale, 'form.passwordRules.20194'))).toBeVisible();
    // "short" breaks the length and mix rules; English-only, no spaces and not-the-email hold.
    await expect(page.locator('.password-rules li.met')).toHaveCount(3);
    await password.fill(GOOD_PASSWORD);
    await expect(page.locator('.password-rules li.unmet')).toHaveCount(0);
    await page.getByLabel(text(locale, 'create.details.confirm'), { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel(text(locale, 'create.details.newsletter')).check();
    await expectAccessible(page, 'create: details');
    await page.getByRole('button', { name: text(locale, 'create.details.submit') }).click();

    // create/complete
    await expect(page).toHaveURL(new RegExp(`/account/${locale}/create/complete`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'createComplete.heading'));
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, 'create/complete');

    // The verification link (valid 24 h)
    const link = new URL(await waitForMail(request, email, 'link', started));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'verifyEmail.done.heading'));
    await expectAccessible(page, 'verify-email');

    // Sign out
    await page.goto(`/account/${locale}/logout`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'logout.heading'));
    await expectAccessible(page, 'logout');

    // Sign in again: verified email, no remember-me → the 2FA promo (spec §4 step 4)
    await page.goto(`/account/${locale}/login`);
    await hydrated(page);
    await page.getByLabel(text(locale, 'login.id.label')).fill(email);
    await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${locale}/promo-2fa`));
  });
}

test('the whole sign-up with the keyboard only', async ({ page, request }) => {
  const locale = 'en';
  const email = uniqueEmail('keyboard');
  const started = Date.now();
  await page.goto(`/account/${locale}/create`);
  await hydrated(page);
  const keys = page.keyboard;

  const country = page.getByLabel(text(locale, 'create.age.country'));
  await expect(country.locator('option[value="FR"]')).toHaveCount(1);
  await tabTo(page, country);
  await keys.type('France');
  await expect(country).toHaveValue('FR');
  await keys.press('Tab');
  // The birthday selects follow in the locale's order; typing picks an option without opening the list.
  const day = page.getByLabel(text(locale, 'form.birthday.day'), { exact: true });
  const month = page.getByLabel(text(locale, 'form.birthday.month'), { exact: true });
  const year = page.getByLabel(text(locale, 'form.birthday.year'), { exact: true });
  await tabTo(page, month);
  await keys.type('July');
  await tabTo(page, day);
  await keys.type('21');
  await tabTo(page, year);
  await keys.type('1988');
  await expect(month).toHaveValue('7');
  await expect(day).toHaveValue('21');
  await expect(year).toHaveValue('1988');
  await tabTo(page, page.getByRole('button', { name: text(locale, 'create.age.submit') }));
  await keys.press('Enter');

  // After each step, focus moves to the step heading; Tab goes on into the step.
  const emailInput = page.getByLabel(text(locale, 'create.email.label'));
  await expect(stepHeading(page)).toBeFocused();
  await tabTo(page, emailInput);
  await keys.type(email);
  await keys.press('Enter');

  const codeInput = page.getByLabel(text(locale, 'create.code.label'));
  await expect(stepHeading(page)).toHaveText(text(locale, 'create.code.heading'));
  await tabTo(page, codeInput);
  await keys.type(await waitForMail(request, email, 'code', started));
  await keys.press('Enter');

  const password = page.getByLabel(text(locale, 'create.details.password'), { exact: true });
  await expect(stepHeading(page)).toHaveText(text(locale, 'create.details.heading'));
  await tabTo(page, password);
  await keys.type(GOOD_PASSWORD);
  // The show/hide toggle is a real button in the tab order.
  await keys.press('Tab');
  await expect(page.getByRole('button', { name: text(locale, 'form.password.show') }).first()).toBeFocused();
  await keys.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await tabTo(page, page.getByLabel(text(locale, 'create.details.confirm'), { exact: true }));
  await keys.type(GOOD_PASSWORD);
  await tabTo(page, page.getByLabel(text(locale, 'create.details.newsletter')));
  await keys.press('Space');
  await tabTo(page, page.getByRole('button', { name: text(locale, 'create.details.submit') }));
  await keys.press('Enter');

  await expect(page).toHaveURL(/\/account\/en\/create\/complete/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'createComplete.heading'));
});

test('a minor by the country age rule goes to parent consent required', async ({ page }) => {
  const locale = 'en';
  await page.goto(`/account/${locale}/create`);
  await hydrated(page);
  await acceptCookies(page, locale);
  const country = page.getByLabel(text(locale, 'create.age.country'));
  await expect(country.locator('option[value="DE"]')).toHaveCount(1);
  await country.selectOption('DE');
  const year = new Date().getUTCFullYear() - 9;
  await page.getByLabel(text(locale, 'form.birthday.day'), { exact: true }).selectOption('1');
  await page.getByLabel(text(locale, 'form.birthday.month'), { exact: true }).selectOption('1');
  await page.getByLabel(text(locale, 'form.birthday.year'), { exact: true }).selectOption(String(year));
  await page.getByRole('button', { name: text(locale, 'create.age.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/create\/parent-consent-required/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'parentConsent.heading'));
  await expect(page.getByRole('link', { name: text(locale, 'parentConsent.parentCreate') })).toHaveAttribute(
    'href',
    /parental_flow_mode=parent/,
  );
  await expectAccessible(page, 'create/parent-consent-required');
});

test('a wrong email code is refused beside the form and a new code can be sent', async ({ page, request }) => {
  const locale = 'en';
  const email = uniqueEmail('wrong-code');
  const started = Date.now();
  await page.goto(`/account/${locale}/create`);
  await hydrated(page);
  await acceptCookies(page, locale);
  await fillAge(page, locale);
  await page.getByRole('button', { name: text(locale, 'create.age.submit') }).click();
  await page.getByLabel(text(locale, 'create.email.label')).fill(email);
  await page.getByRole('button', { name: text(locale, 'create.email.submit') }).click();
  const first = await waitForMail(request, email, 'code', started);
  const wrong = first === '000000' ? '111111' : '000000';
  await page.getByLabel(text(locale, 'create.code.label')).fill(wrong);
  await page.getByRole('button', { name: text(locale, 'create.code.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(text(locale, 'error.form.20013'));
  const resentAt = Date.now();
  await page.getByRole('button', { name: text(locale, 'create.code.resend') }).click();
  await expect(page.getByText(text(locale, 'create.code.resent', { email }))).toBeVisible();
  const second = await waitForMail(request, email, 'code', resentAt);
  await page.getByLabel(text(locale, 'create.code.label')).fill(second);
  await page.getByRole('button', { name: text(locale, 'create.code.submit') }).click();
  await expect(stepHeading(page)).toHaveText(text(locale, 'create.details.heading'));
});

test('an expired or unknown verification link says so and offers a fresh one', async ({ page }) => {
  await page.goto('/account/en/verify-email?token=this-token-does-not-exist-0123456789');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'verifyEmail.replaced.heading'));
  await expect(page.getByRole('button', { name: text('en', 'verifyEmail.resend') })).toBeVisible();
  await expectAccessible(page, 'verify-email (replaced)');
  await page.goto('/account/en/verify-email');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'verifyEmail.missing.heading'));
});
