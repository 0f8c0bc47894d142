/**
 * Saved payment cards end to end (issue 12, docs/payments.md), through the UI
 * only, in Chromium against the reference API and its local payment provider:
 * a declined test card shows its error, a test card is added (the default, as
 * the first card), a second card becomes the default, a card is removed after
 * the confirm dialog, each change is emailed. The card form's code loads only
 * when the player opens it. axe on the list, the form and the dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { createTestAccount, expectAccessible, hydrated, text, uniqueEmail } from './support/signin';
import { signedIn } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const visa = t('settings.payments.card', { brand: 'Visa', last4: '4242' });
const mastercard = t('settings.payments.card', { brand: 'Mastercard', last4: '4444' });

/** Signs in through the login form (the submit button by its exact name: the passkey button starts the same). */
async function fillCard(page: Page, number: string) {
  const form = page.locator('form.add-card');
  await form.getByLabel(t('settings.payments.form.givenName')).fill('Ada');
  await form.getByLabel(t('settings.payments.form.surname')).fill('Lovelace');
  await form.getByLabel(t('settings.payments.form.number')).fill(number);
  await form.getByLabel(t('settings.payments.form.expiry')).fill('12/34');
  await form.getByLabel(t('settings.payments.form.cvc')).fill('123');
}

test('add a test card, make another the default, remove one; a declined card says why', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cards');
  await createTestAccount(request, baseURL ?? '', email);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  // A fresh sign-in counts as the settings verification for 10 minutes.
  await signedIn(page, email);
  await page.goto('/account/en/setting/manage-payment-methods');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t('settings.payments.heading') })).toBeVisible();
  await expect(page.getByText(t('settings.payments.empty'))).toBeVisible();
  await expectAccessible(page, 'manage-payment-methods, no cards');
  const beforeForm = scripts.length;
  const status = page.locator('section.payment-methods').getByRole('status');

  // The form and its checks load with the first click.
  await page.getByRole('button', { name: t('settings.payments.add') }).click();
  const form = page.locator('form.add-card');
  await expect(form.getByRole('heading', { name: t('settings.payments.form.heading') })).toBeFocused();
  expect(scripts.length).toBeGreaterThan(beforeForm);
  await expect(form.getByText(t('settings.payments.form.testNotice'))).toBeVisible();
  await expect(form.getByLabel(t('settings.payments.form.email'))).toHaveValue(email);
  await expectAccessible(page, 'add-card form');

  // A declined test card: the provider's answer, in the form; nothing saved.
  await fillCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: t('settings.payments.form.save') }).click();
  await expect(form.getByRole('alert')).toHaveText(t('error.form.CARD_DECLINED'));
  await expectAccessible(page, 'add-card form with a declined card');

  // The same form takes a good test card: the first card is the default.
  await form.getByLabel(t('settings.payments.form.number')).fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: t('settings.payments.form.save') }).click();
  await expect(status).toHaveText(t('settings.payments.added', { card: visa }));
  const list = page.getByRole('list', { name: t('settings.payments.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const visaItem = list.getByRole('listitem').filter({ hasText: visa });
  await expect(visaItem).toContainText(t('settings.payments.default'));
  await expect(visaItem).toContainText(t('settings.payments.expires', { date: '12/2034' }));
  await expect(visaItem).toContainText('Ada Lovelace');
  await expectAccessible(page, 'manage-payment-methods with a card');

  // A second card, then make it the default.
  await page.getByRole('button', { name: t('settings.payments.add') }).click();
  await fillCard(page, '5555 5555 5555 4444');
  await expect(form.getByRole('checkbox', { name: t('settings.payments.form.makeDefault') })).not.toBeChecked();
  await form.getByRole('button', { name: t('settings.payments.form.save') }).click();
  await expect(status).toHaveText(t('settings.payments.added', { card: mastercard }));
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: t('settings.payments.makeDefaultNamed', { card: mastercard }) }).click();
  await expect(status).toHaveText(t('settings.payments.defaultSet', { card: mastercard }));
  const mastercardItem = list.getByRole('listitem').filter({ hasText: mastercard });
  await expect(mastercardItem).toContainText(t('settings.payments.default'));
  await expect(visaItem).not.toContainText(t('settings.payments.default'));

  // Remove the Visa card: the confirm dialog names it; Escape cancels, confirm removes.
  await page.getByRole('button', { name: t('settings.payments.removeNamed', { card: visa }) }).click();
  let dialog = page.getByRole('dialog', { name: t('settings.payments.removeTitle') });
  await expect(dialog).toContainText(t('settings.payments.removeBody', { card: visa }));
  await expectAccessible(page, 'remove-card dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: t('settings.payments.removeNamed', { card: visa }) }).click();
  dialog = page.getByRole('dialog', { name: t('settings.payments.removeTitle') });
  await dialog.getByRole('button', { name: t('settings.payments.removeConfirm') }).click();
  await expect(status).toHaveText(t('settings.payments.removed', { card: visa }));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(mastercard);

  // The list survives a reload (it is the server's), and every change was emailed.
  await page.reload();
  await hydrated(page);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(t('settings.payments.default'));
  const mail = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const subjects = ((await mail.json()) as { subject: string; text: string }[]).map((m) => m.text.split('\n')[0]);
  expect(subjects).toEqual(
    expect.arrayContaining([
      'A payment card was added: Visa ending in 4242.',
      'A payment card was added: Mastercard ending in 4444.',
      'Your default payment card is now Mastercard ending in 4444.',
      'A payment card was removed: Visa ending in 4242.',
    ]),
  );
});

test('an anonymous visitor is sent to login', async ({ page }) => {
  await page.goto('/account/en/setting/manage-payment-methods');
  await expect(page).toHaveURL(/\/account\/en\/login\?return_url=%2Faccount%2Fen%2Fsetting%2Fmanage-payment-methods$/);
});
