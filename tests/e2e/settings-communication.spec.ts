/**
 * Communication preferences end to end (issue 12 part C, docs/settings.md), through the UI only, in Chromium
 * against the reference API: a phone verified with the code from the dev SMS outbox; SMS opt-in pending until the
 * reply sent from the dev outbox page, then subscribed, then stopped; newsletters subscribed and unsubscribed;
 * the one-click unsubscribe link of the newsletter email opened signed out. axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { createTestAccount, expectAccessible, hydrated, text, uniqueEmail } from './support/signin';
import { signedIn, uniqueUsNumber, waitForSms } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const PREFERENCES = '/account/en/setting/communication-preference';

async function signedInPlayer(page: Page, request: Parameters<typeof createTestAccount>[0], baseURL: string) {
  const email = uniqueEmail('comm');
  await createTestAccount(request, baseURL, email);
  // A fresh sign-in counts as the settings verification for 10 minutes (the phone change is protected).
  await signedIn(page, email);
  return email;
}

async function openPreferences(page: Page) {
  await page.goto(PREFERENCES);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t('settings.communication.heading') })).toBeVisible();
}

test('verify a phone from the SMS outbox, opt in to texts, reply YES from the dev outbox, then stop', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signedInPlayer(page, request, baseURL ?? '');
  await openPreferences(page);
  const sms = page.locator('section', {
    has: page.getByRole('heading', { name: t('settings.communication.sms.heading') }),
  });
  await expect(sms.getByText(t('settings.communication.sms.noPhone'))).toBeVisible();
  await expectAccessible(page, 'communication-preference without a phone');

  // verify-phone: the country comes from the account (US), the code from the dev SMS outbox.
  await sms.getByRole('link', { name: t('settings.communication.sms.addPhone') }).click();
  await expect(page).toHaveURL(/\/account\/en\/verify-phone/);
  await hydrated(page);
  await expect(page.getByLabel(t('mfa.sms.country'))).toHaveValue('US');
  await expectAccessible(page, 'verify-phone');
  const phone = uniqueUsNumber();
  await page.getByLabel(t('mfa.sms.phone')).fill(`0${phone.national}`);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  // Refused in the form before any call (in English the error repeats the field's hint).
  const phoneField = page.getByLabel(t('mfa.sms.phone'));
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toHaveAccessibleDescription(
    `${t('mfa.sms.phoneHint')} ${t('error.input.phone-leading-zero')}`,
  );
  const sentAfter = Date.now() - 60_000;
  await page.getByLabel(t('mfa.sms.phone')).fill(phone.national);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  const code = await waitForSms(request, phone.e164, sentAfter);
  await page.getByLabel(t('mfa.code.label')).fill(code);
  await page.getByRole('checkbox', { name: t('settings.verifyPhone.resetLabel') }).check();
  await expectAccessible(page, 'verify-phone, code step');
  await page.getByRole('button', { name: t('settings.verifyPhone.verify') }).click();
  // The screen masks all but the last 4 digits (src/islands/mfa/security/mask-phone.ts).
  const shown = `+${'•'.repeat(phone.e164.length - 5)}${phone.e164.slice(-4)}`;
  await expect(page.getByText(t('settings.verifyPhone.verified', { phone: shown }))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: t('settings.verifyPhone.resetLabel') })).toBeChecked();

  // Opt in: pending until the reply.
  await page.getByRole('link', { name: t('settings.verifyPhone.back') }).click();
  // On the new page first: hydrated() alone would pass on the page still showing.
  await expect(page).toHaveURL(/\/account\/en\/setting\/communication-preference/);
  await hydrated(page);
  const masked = `+1******${phone.e164.slice(-4)}`;
  await expect(sms.getByText(t('settings.communication.sms.none', { phone: masked }))).toBeVisible();
  await sms.getByRole('button', { name: t('settings.communication.sms.start') }).click();
  await expect(sms.getByText(t('settings.communication.sms.pending', { phone: masked }))).toBeVisible();
  await expectAccessible(page, 'communication-preference, SMS pending');

  // The player replies YES: the dev SMS outbox page sends it through the signed webhook.
  await page.goto(`/api/dev/?channel=sms&to=${encodeURIComponent(phone.e164)}`);
  await expect(page.getByText(/reply YES/).first()).toBeVisible();
  await page.getByLabel('Reply text').fill('YES');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(/you are subscribed to news and offers by text/i).first()).toBeVisible();

  await openPreferences(page);
  await expect(sms.getByText(t('settings.communication.sms.subscribed', { phone: masked }))).toBeVisible();
  await sms.getByRole('button', { name: t('settings.communication.sms.stop') }).click();
  await expect(sms.getByRole('status')).toHaveText(t('settings.communication.sms.stopped'));
  await expect(sms.getByRole('button', { name: t('settings.communication.sms.start') })).toBeVisible();
});

test('subscribe and unsubscribe newsletters; the one-click link of the email unsubscribes signed out', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await signedInPlayer(page, request, baseURL ?? '');
  await openPreferences(page);
  const mobile = page.getByRole('checkbox', { name: 'Mobile games' });
  await expect(mobile).not.toBeChecked();
  const newsletters = page.locator('section', {
    has: page.getByRole('heading', { name: t('settings.communication.newsletters.heading') }),
  });

  // Each box saves at once and shows the server's answer (so it changes state once the answer is in).
  await mobile.click();
  await expect(newsletters.getByRole('status')).toHaveText(
    t('settings.communication.newsletters.on', { name: 'Mobile games' }),
  );
  await expect(mobile).toBeChecked();
  await mobile.click();
  await expect(newsletters.getByRole('status')).toHaveText(
    t('settings.communication.newsletters.off', { name: 'Mobile games' }),
  );
  await expect(mobile).not.toBeChecked();

  // 59794 depends on news and special offers: both are subscribed.
  const beta = page.getByRole('checkbox', { name: 'Beta tests and early access' });
  const news = page.getByRole('checkbox', { name: 'News and special offers' });
  await beta.click();
  await expect(beta).toBeChecked();
  await expect(news).toBeChecked();
  await expectAccessible(page, 'communication-preference with subscriptions');

  // The newsletter email carries RFC 8058 headers and the unsubscribe page's link.
  const reply = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mails = (await reply.json()) as { text: string; link?: string; headers?: Record<string, string> }[];
  const welcome = mails.find((m) => m.text.includes('Beta tests and early access') && m.link !== undefined);
  expect(welcome?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(welcome?.headers?.['List-Unsubscribe']).toMatch(/\/no-auth\/newsletter\/one-click\?token=/);

  // Opened signed out, in another browser: the page names the list and unsubscribes on a click.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(welcome?.link ?? '');
  await hydrated(other);
  await expect(other.getByText(/Beta tests and early access/)).toBeVisible();
  await expectAccessible(other, 'newsletter/opt-out');
  await other.getByRole('button', { name: t('newsletter.optOut.confirm') }).click();
  await expect(other.getByRole('status')).toHaveText(t('newsletter.optOut.done'));
  await stranger.close();

  await openPreferences(page);
  await expect(beta).not.toBeChecked();
  await expect(news).toBeChecked();
});
