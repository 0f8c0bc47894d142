/**
 * Account security end to end (issue 12 part B), in Chromium against the
 * reference API, through the UI only: the devices-and-sessions list on the
 * security page (this device marked, sign out another browser), the password
 * change (the other browser is signed out, the player is told), its refusal
 * of a wrong current password, the security activity, and axe on each screen.
 * Two browser contexts are two devices of one player.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTestAccount, expectAccessible, GOOD_PASSWORD, hydrated, text, uniqueEmail } from './support/signin';
import { signedIn } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);
const NEW_PASSWORD = 'Brighter-Forge-77!';

async function device(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, email);
  return page;
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/account/en/setting/security');
  await expect(page).toHaveURL(/\/setting\/security$/);
  await hydrated(page);
  await expect(page.getByRole('list', { name: t('settings.sessions.listLabel') })).toBeVisible();
}

/** A signed-out browser that opens a settings page is sent to login. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/account/en/setting/security');
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

test('devices and sessions: this device marked, another signed out', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('sessions');
  await createTestAccount(request, baseURL ?? '', email);
  const here = await device(browser, email);
  const there = await device(browser, email);

  await openSecurity(here);
  const list = here.getByRole('list', { name: t('settings.sessions.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText(t('settings.sessions.thisDevice'));
  await expectAccessible(here, 'security with sessions');

  // "Sign out all other sessions", closed with Escape: focus goes back to the button (busy while the dialog is open).
  const others = here.getByRole('button', { name: t('settings.sessions.signOutOthers') });
  await others.click();
  await expect(here.getByRole('dialog', { name: t('settings.sessions.othersTitle') })).toBeVisible();
  await here.keyboard.press('Escape');
  await expect(here.getByRole('dialog')).toHaveCount(0);
  await expect(others).toBeFocused();

  // Only the other session has a sign-out button; it goes, and that browser is signed out.
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(here.getByRole('status').filter({ hasText: 'Signed out:' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectSignedOut(there);

  // The activity lists the sign-out with this browser.
  await expect(
    here
      .getByRole('list', { name: t('settings.activity.listLabel') })
      .getByText(t('settings.activity.event.session.revoked')),
  ).toBeVisible();
});

test('change password: a wrong current one is refused, then the other browser is signed out', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('password');
  await createTestAccount(request, baseURL ?? '', email);
  const here = await device(browser, email);
  const there = await device(browser, email);

  await openSecurity(here);
  await here.getByRole('link', { name: t('settings.sessions.changePassword') }).click();
  await expect(here).toHaveURL(/\/setting\/password\/change$/);
  await hydrated(here);
  await expect(here.getByRole('heading', { name: t('settings.password.changeHeading') })).toBeVisible();
  await expectAccessible(here, 'setting/password/change');

  const current = here.getByLabel(t('settings.password.current'), { exact: true });
  const next = here.getByLabel(t('settings.password.new'), { exact: true });
  const confirm = here.getByLabel(t('settings.password.confirm'), { exact: true });
  await current.fill('Not-My-Password-1!');
  await next.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await here.getByRole('button', { name: t('settings.password.changeSubmit') }).click();
  await expect(here.getByText(t('settings.password.currentWrong'))).toBeVisible();

  // The live rules follow the typing.
  await next.fill('short');
  await expect(here.getByText(t('form.passwordRules.20194'))).toBeVisible();
  await next.fill(NEW_PASSWORD);
  await current.fill(GOOD_PASSWORD);
  await here.getByRole('button', { name: t('settings.password.changeSubmit') }).click();
  const dialog = here.getByRole('dialog', { name: t('settings.signOutOthers.doneTitle') });
  await expect(dialog).toContainText(t('settings.signOutOthers.passwordBody', { count: 1 }));
  await expectAccessible(here, 'password changed dialog');
  await dialog.getByRole('button').first().click();
  await expect(here.getByRole('status').filter({ hasText: t('settings.password.saved', { count: 1 }) })).toBeVisible();

  await expectSignedOut(there);
  // The new password signs in; this browser stayed signed in.
  await signedIn(there, email, NEW_PASSWORD);
  await openSecurity(here);
});

test('download my data, then delete the account, sign in during the grace period and cancel', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('deletion');
  await createTestAccount(request, baseURL ?? '', email);
  const page = await device(browser, email);
  await openSecurity(page);

  // Download my data: a JSON file of the account.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('settings.data.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lumenforge-account-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  const data = JSON.parse(await readFile(file, 'utf8')) as { tables: Record<string, { email?: string }[]> };
  expect(data.tables['accounts']?.[0]?.email).toBe(email);
  expect(data.tables['audit_log']?.length).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: t('settings.data.downloaded') })).toBeVisible();

  // Delete: confirm, told when, signed out to login.
  await page.getByRole('button', { name: t('settings.deletion.button') }).click();
  const confirm = page.getByRole('dialog', { name: t('settings.deletion.confirmTitle') });
  await expectAccessible(page, 'deletion confirm dialog');
  await confirm.getByRole('button', { name: t('settings.deletion.confirm') }).click();
  const done = page.getByRole('dialog', { name: t('settings.deletion.doneTitle') });
  await expect(done).toBeVisible();
  await done.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/login(\?|$)/);

  // Signing in during the grace period offers to cancel; cancelling signs in.
  await hydrated(page);
  await page.getByLabel(t('login.id.label')).fill(email);
  await page.getByLabel(t('login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  const offer = page.getByRole('dialog', { name: t('login.deletion.title') });
  await expect(offer).toBeVisible();
  await expectAccessible(page, 'deletion offer at sign-in');
  await offer.getByRole('button', { name: t('login.deletion.confirm') }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await openSecurity(page);
  await expect(
    page
      .getByRole('list', { name: t('settings.activity.listLabel') })
      .getByText(t('settings.activity.event.account.deletion-cancelled')),
  ).toBeVisible();
});
