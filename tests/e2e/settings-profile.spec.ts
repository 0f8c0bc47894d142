/**
 * Profile settings end to end (issue 12 part A), in Chromium against the
 * reference API, through the UI only: the settings navigation, personal info
 * and the full name, the player tag (and a name it refuses), the email change
 * with the code read from the dev mailbox (and an address of another account
 * it refuses), then the revert link from the old address's mailbox, used
 * signed out. axe on every screen.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  atScreen,
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signedIn } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

/** The revert link of the notice an old address gets (other notices with links may arrive beside it). */
async function waitForRevertLink(request: APIRequestContext, email: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const items = (await response.json()) as { link?: string }[];
        found = items.find((m) => m.link?.includes('/revert-id?token=') === true)?.link ?? '';
        return found;
      },
      { timeout: 15_000, message: `a revert link for ${email}` },
    )
    .not.toBe('');
  return found;
}

test('personal info, full name and player tag', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('profile');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);

  // The settings navigation lists personal info and marks it on its screen and below it.
  await page.goto('/account/en/setting/personal-info');
  await atScreen(page, /\/account\/en\/setting\/personal-info$/, 'personal-info');
  const nav = page.getByRole('navigation', { name: t('settings.nav.label') });
  await expect(nav.getByRole('link', { name: t('settings.nav.personal-info') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('June 1994')).toBeVisible();

  // Full name: a refused one first (repeated punctuation), then a good one.
  await page.getByRole('button', { name: t('settings.personalInfo.editName') }).click();
  const nameField = page.getByLabel(t('settings.personalInfo.newName'));
  await nameField.fill('Jane--Doe');
  await page.getByRole('button', { name: t('settings.personalInfo.save') }).click();
  await expect(page.getByText(t('settings.personalInfo.namePunctuation'))).toBeVisible();
  await nameField.fill('Jane Doe');
  await page.getByRole('button', { name: t('settings.personalInfo.save') }).click();
  await expect(page.getByText(t('settings.personalInfo.nameSaved'))).toBeVisible();
  await expect(page.getByText('Jane Doe', { exact: true })).toBeVisible();

  // Player tag: the first name is free; an offensive one is refused by the server (20216).
  await page.getByRole('link', { name: t('settings.personalInfo.changePlayerTag') }).click();
  await atScreen(page, /\/account\/en\/setting\/change-name$/, 'change-name');
  await expect(nav.getByRole('link', { name: t('settings.nav.personal-info') })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(page.getByText(t('settings.changeName.firstFree'))).toBeVisible();
  const tagField = page.getByLabel(t('settings.changeName.label'));
  await tagField.fill('FuckYou99');
  await page.getByRole('button', { name: t('settings.changeName.submit') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await tagField.fill('Nova');
  await page.getByRole('button', { name: t('settings.changeName.submit') }).click();
  const saved = page.getByText(/^Your player tag is now Nova#\d{4}\.$/);
  await expect(saved).toBeVisible();
  await expect(page.getByText(t('settings.changeName.renamesLeft', { n: 2 }))).toBeVisible();
  await expectAccessible(page, 'change-name after a change');

  // Two more changes spend both; then no form.
  for (const next of ['Nova2', 'Nova3']) {
    await tagField.fill(next);
    await page.getByRole('button', { name: t('settings.changeName.submit') }).click();
    await expect(page.getByText(new RegExp(`^Your player tag is now ${next}#\\d{4}\\.$`))).toBeVisible();
  }
  await expect(page.getByText(t('settings.changeName.noneLeft'))).toBeVisible();
  await expect(page.getByLabel(t('settings.changeName.label'))).toHaveCount(0);
});

test('email change with the mailed code, then the revert link from the old mailbox', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const oldEmail = uniqueEmail('old');
  const newEmail = uniqueEmail('new');
  const otherEmail = uniqueEmail('other');
  await createTestAccount(request, base, oldEmail);
  await createTestAccount(request, base, otherEmail);
  await signedIn(page, oldEmail);

  await page.goto('/account/en/setting/personal-info');
  await hydrated(page);
  await page.getByRole('link', { name: t('settings.personalInfo.changeEmail') }).click();
  await atScreen(page, /\/account\/en\/setting\/change-email$/, 'change-email');

  // Refused: the address of another account (20010), shown in the form; no code is sent.
  await page.getByLabel(t('settings.changeEmail.newEmail')).fill(otherEmail);
  await page.getByLabel(t('settings.changeEmail.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('settings.changeEmail.sendCode') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel(t('settings.changeEmail.code'))).toHaveCount(0);

  // The new address: its code from the dev mailbox.
  const sentAfter = Date.now() - 5_000;
  await page.getByLabel(t('settings.changeEmail.newEmail')).fill(newEmail);
  await page.getByRole('button', { name: t('settings.changeEmail.sendCode') }).click();
  await expect(page.getByText(t('settings.changeEmail.codeSent', { email: newEmail, minutes: 30 }))).toBeVisible();
  await expectAccessible(page, 'change-email code step');
  const code = await waitForMail(request, newEmail, 'code', sentAfter);
  await page.getByLabel(t('settings.changeEmail.code')).fill(code);
  await page.getByRole('button', { name: t('settings.changeEmail.submit') }).click();
  await expect(page.getByText(t('settings.changeEmail.done', { email: newEmail }))).toBeVisible();

  await page.goto('/account/en/setting/personal-info');
  await hydrated(page);
  await expect(page.getByText(newEmail)).toBeVisible();

  // The old mailbox got the notice with the revert link; it works signed out, in another browser.
  const link = await waitForRevertLink(request, oldEmail);
  const stranger = await page.context().browser()?.newContext({ baseURL: base });
  if (stranger === undefined) throw new Error('no browser');
  const other = await stranger.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await atScreen(other, /\/account\/en\/revert-id\?token=/, 'revert-id');
  await expect(other.getByText(t('revertId.body', { email: oldEmail }))).toBeVisible();
  await other.getByRole('button', { name: t('revertId.submit') }).click();
  await atScreen(other, /\/account\/en\/revert-id-success$/, 'revert-id-success');
  await expect(other.getByRole('heading', { name: t('revertIdSuccess.heading') })).toBeVisible();

  // Single use: the same link now says it is not valid.
  await other.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(other);
  await expect(other.getByRole('alert')).toHaveText(t('revertId.invalid'));
  await stranger.close();

  // Every session ended: the first browser is sent to sign in, where the old address works again.
  await page.goto('/account/en/setting/personal-info');
  await expect(page).toHaveURL(/\/account\/en\/login/);
  await signedIn(page, oldEmail);
  await page.goto('/account/en/setting/personal-info');
  await hydrated(page);
  await expect(page.getByText(oldEmail)).toBeVisible();
});
