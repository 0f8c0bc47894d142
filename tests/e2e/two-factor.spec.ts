/**
 * Two-factor authentication and trusted devices end to end (issue 6), in
 * Chromium against the reference API: enable the authenticator by reading the
 * secret and computing codes with an independent TOTP (otpauth, in the test);
 * sign out and in with the code; sign in with a backup code and see it marked
 * used; remember the device and sign in again without the second step; rename
 * and remove the device; a protected change answering "verify first" (20008
 * N=9) and the settings verification by email it starts; SMS enable and
 * sign-in with the code from the dev SMS outbox; the authenticator's QR code,
 * whose encoder loads on its screen only. axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  createTestAccount,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import {
  apiNow,
  freshTotp,
  moveApiClock,
  signInWithPassword,
  signOut,
  uniqueUsNumber,
  waitForSms,
} from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

async function atScreen(page: Page, path: RegExp, name: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await hydrated(page);
  await expectAccessible(page, name);
}

test('settings routes send an anonymous visitor to login with return_url', async ({ page }) => {
  await page.goto('/account/en/setting/security');
  await expect(page).toHaveURL(/\/account\/en\/login\?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity$/);
  await page.goto('/account/en/setting/manage-trusted-devices');
  await expect(page).toHaveURL(/\/account\/en\/login\?return_url=%2Faccount%2Fen%2Fsetting%2Fmanage-trusted-devices$/);
  await page.goto('/account/en/setting');
  await expect(page).toHaveURL(/\/account\/en\/login\?return_url=%2Faccount%2Fen%2Fsetting%2Faccount-overview/);
});

test('authenticator, backup codes and trusted devices', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const email = uniqueEmail('totp');
  await createTestAccount(request, base, email);
  // Scripts the browser fetches, to see where the QR encoder's chunk loads.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const qrChunk = (paths: readonly string[]) => paths.filter((p) => /\/qr-matrix\.[\w-]+\.js$/.test(p));

  // First sign-in: no second factor yet, so the 2FA promo; its "set up" leads to security.
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await atScreen(page, /\/account\/en\/promo-2fa/, 'promo-2fa');
  // The login page and the promo never load the QR encoder.
  expect(scripts.length).toBeGreaterThan(0);
  expect(qrChunk(scripts)).toEqual([]);
  await page.getByRole('link', { name: t('mfa.promo.setUp') }).click();
  await atScreen(page, /\/account\/en\/setting\/security/, 'security');
  await expect(page.getByText(t('mfa.security.statusOff'))).toBeVisible();

  // Set up the authenticator: read the secret from the page, compute the code in the test.
  await page.getByRole('link', { name: t('mfa.security.TOTP.setUp') }).click();
  await atScreen(page, /\/account\/en\/setting\/authenticator-enable/, 'authenticator-enable');
  const shown = (await page.locator('[data-secret]').textContent()) ?? '';
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shown.replace(/\s+/g, '');
  await expect(page.getByRole('link', { name: t('mfa.authenticator.openApp') })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.+secret=${secret}`),
  );
  // The same URI as a QR code next to the secret, drawn once this screen has loaded the encoder.
  const qr = page.getByRole('img', { name: t('mfa.authenticator.qrLabel') });
  await expect(qr).toBeVisible();
  await expect(qr.locator('path')).toHaveAttribute('d', /^(M\d+ \d+h\d+v1h-\d+z)+$/);
  const box = await qr.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(150);
  expect(box?.height).toBe(box?.width);
  expect(qrChunk(scripts)).toHaveLength(1);
  await expectAccessible(page, 'authenticator-enable with the QR code');
  const enable = await freshTotp(request, base, secret, 0);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(enable.code);
  await page.getByRole('button', { name: t('mfa.authenticator.turnOn') }).click();

  // MFA success offers backup codes: password prompt (8–32 characters), then the new set.
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.success.title'));
  await expectAccessible(page, 'MFA success dialog');
  await dialog.getByRole('button', { name: t('mfa.success.getCodes') }).click();
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.backupCodes.title'));
  await expectAccessible(page, 'backup codes password prompt');
  const password = dialog.getByLabel(t('mfa.backupCodes.passwordLabel'), { exact: true });
  await password.fill('short');
  await dialog.getByRole('button', { name: t('mfa.backupCodes.show') }).click();
  await expect(password).toHaveAccessibleDescription(t('error.input.backup-password-length'));
  await password.fill(GOOD_PASSWORD);
  await dialog.getByRole('button', { name: t('mfa.backupCodes.show') }).click();
  const list = dialog.getByRole('list', { name: t('mfa.backupCodes.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page, 'backup codes list');
  const codes = (await list.locator('.code').allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(/^\d{4} \d{4}$/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t('mfa.backupCodes.download') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('lumenforge-backup-codes.txt');
  const stream = await file.createReadStream();
  let content = '';
  for await (const chunk of stream) content += String(chunk);
  for (const code of codes) expect(content).toContain(code);
  await dialog.getByRole('button', { name: t('mfa.backupCodes.done') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security/);
  await hydrated(page);
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.TOTP') }))).toBeVisible();

  // The overview shows two-step verification on.
  await page.goto('/account/en/setting/account-overview');
  await atScreen(page, /account-overview/, 'account-overview');
  await expect(page.getByText(t('mfa.method.TOTP'))).toBeVisible();

  // Sign out; sign in with the password, then the authenticator code.
  await signOut(page);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await atScreen(page, /\/account\/en\/login\/auth-types/, 'login auth-types');
  await page.getByRole('button', { name: new RegExp(t('mfa.method.TOTP')) }).click();
  await atScreen(page, /\/account\/en\/login\/verify-code/, 'login verify-code');
  const wrong = enable.code === '000000' ? '111111' : '000000';
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(wrong);
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(t('error.form.20013'));
  const second = await freshTotp(request, base, secret, enable.step);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(second.code);
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);

  // Sign in with a backup code; the backup list then shows it used.
  await signOut(page);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/login\/auth-types/);
  await hydrated(page);
  await page.getByRole('button', { name: new RegExp(t('mfa.method.BACKUP_CODE')) }).click();
  await atScreen(page, /\/account\/en\/login\/verify-backup-code/, 'login verify-backup-code');
  const backupInput = page.getByLabel(t('mfa.code.backupLabel'), { exact: true });
  await backupInput.pressSequentially((codes[0] ?? '').replace(' ', ''));
  await expect(backupInput).toHaveValue(codes[0] ?? '');
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);
  await page.goto('/account/en/setting/security');
  await hydrated(page);
  await page.getByRole('button', { name: t('mfa.security.backup.show') }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('mfa.backupCodes.passwordLabel'), { exact: true }).fill(GOOD_PASSWORD);
  await dialog.getByRole('button', { name: t('mfa.backupCodes.show') }).click();
  const items = dialog.getByRole('list', { name: t('mfa.backupCodes.listLabel') }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  await expect(items.nth(0)).toContainText(`(${t('mfa.backupCodes.used')})`);
  await expect(items.nth(1)).not.toContainText(`(${t('mfa.backupCodes.used')})`);
  await expect(dialog.getByText(t('mfa.backupCodes.remaining', { count: 9, total: 10 }))).toBeVisible();
  await expectAccessible(page, 'backup codes, used marked');
  await dialog.getByRole('button', { name: t('mfa.backupCodes.done') }).click();

  // Verify first (spec §4, §8): a sign-in counts as a verification for 10 minutes, so move the API clock past
  // that window (and back right after, so other specs sharing the server see the jump only for these few
  // seconds). A protected change then answers 20008 N=9: "Verify it's you", then the settings verification
  // with the primary method (the authenticator), back to security.
  await moveApiClock(request, base, 11 * 60_000);
  await page.getByRole('button', { name: t('mfa.security.turnOffNamed', { method: t('mfa.method.TOTP') }) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.security.TOTP.offTitle'));
  await dialog.getByRole('button', { name: t('mfa.security.turnOff') }).click();
  await expect(dialog.getByRole('heading')).toHaveText(t('settings.verifyFirst.title'));
  await expectAccessible(page, 'verify first dialog');
  await dialog.getByRole('button', { name: t('settings.verifyFirst.confirm') }).click();
  // Settings verification by email (spec §4): verify-code → auth-types → email code → back to the target.
  await atScreen(page, /\/account\/en\/setting\/verify-code\?route_to=security/, 'settings verify-code');
  await page.getByRole('link', { name: t('mfa.code.useBackup') }).click();
  await atScreen(page, /\/account\/en\/setting\/verify-backup-code\?route_to=security/, 'settings verify-backup-code');
  await page.getByRole('link', { name: t('mfa.code.otherMethod') }).click();
  await atScreen(page, /\/account\/en\/setting\/auth-types\?route_to=security/, 'settings auth-types');
  const mailAfter = await apiNow(request);
  await page.getByRole('button', { name: new RegExp(t('mfa.method.EMAIL')) }).click();
  await atScreen(page, /\/account\/en\/setting\/verify-account\?route_to=security/, 'settings verify-account');
  const emailCode = await waitForMail(request, email, 'code', mailAfter);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(emailCode);
  await page.getByRole('button', { name: t('mfa.settings.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security$/);
  await moveApiClock(request, base, -11 * 60_000);
  // The verification verified; it changed nothing: the authenticator is still on.
  await hydrated(page);
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.TOTP') }))).toBeVisible();

  // Remember this device: the next sign-in skips the second step. This time through the
  // "verify this device" entry, which offers the primary method at once.
  await signOut(page);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/login\/auth-types/);
  await page.goto('/account/en/login/verify-device');
  await atScreen(page, /\/account\/en\/login\/verify-device/, 'login verify-device');
  await page
    .getByRole('button', { name: t('mfa.login.device.continueWith', { method: t('mfa.method.TOTP') }) })
    .click();
  await expect(page).toHaveURL(/\/account\/en\/login\/verify-code/);
  await hydrated(page);
  const third = await freshTotp(request, base, secret, second.step);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(third.code);
  await page.getByLabel(t('mfa.login.remember')).check();
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  // The trusted-device confirm dialog: the server's suggested name, renamed here.
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('trustedDevices.nameDialog.confirm.title'));
  const deviceName = dialog.getByLabel(t('trustedDevices.nameDialog.label'));
  await expect(deviceName).not.toHaveValue('');
  await expectAccessible(page, 'trusted-device confirm dialog');
  await deviceName.fill('E2E Laptop');
  await dialog.getByRole('button', { name: t('trustedDevices.nameDialog.confirm.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);

  await signOut(page);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);
  expect(visited.filter((u) => u.includes('/login/auth-types') || u.includes('/login/verify-'))).toEqual([]);

  // Manage trusted devices: the device is listed as this device; rename (the spec's messages) and remove it.
  await page.goto('/account/en/setting/manage-trusted-devices');
  await atScreen(page, /manage-trusted-devices/, 'manage-trusted-devices');
  const device = page.getByRole('listitem').filter({ hasText: 'E2E Laptop' });
  await expect(device).toContainText(t('trustedDevices.thisDevice'));
  await device.getByRole('button', { name: t('trustedDevices.renameNamed', { name: 'E2E Laptop' }) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('trustedDevices.nameDialog.edit.title'));
  const nameInput = dialog.getByLabel(t('trustedDevices.nameDialog.label'));
  const save = dialog.getByRole('button', { name: t('trustedDevices.nameDialog.edit.submit') });
  // Spec §5: each invalid name has its message and the dialog does not confirm (Enter submits nothing).
  await nameInput.fill('');
  await expect(nameInput).toHaveAccessibleDescription(new RegExp(t('error.input.trusted-device-name')));
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await nameInput.press('Enter');
  await expect(dialog).toBeVisible();
  await nameInput.fill('x'.repeat(129));
  await expect(nameInput).toHaveAccessibleDescription(new RegExp(t('error.input.length.device-name')));
  await nameInput.press('Enter');
  await expect(dialog).toBeVisible();
  await nameInput.fill('Desk <PC>');
  await expect(nameInput).toHaveAccessibleDescription(new RegExp(t('error.input.not-valid-device-name')));
  await expectAccessible(page, 'rename device dialog');
  await nameInput.fill('Desk PC');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: t('trustedDevices.renamed', { name: 'Desk PC' }) }),
  ).toBeVisible();
  const renamed = page.getByRole('listitem').filter({ hasText: 'Desk PC' });
  await renamed.getByRole('button', { name: t('trustedDevices.removeNamed', { name: 'Desk PC' }) }).click();
  await expect(dialog).toContainText(t('trustedDevices.remove.body', { name: 'Desk PC' }));
  await expectAccessible(page, 'remove device dialog');
  await dialog.getByRole('button', { name: t('trustedDevices.remove.confirm') }).click();
  await expect(page.getByText(t('trustedDevices.empty'))).toBeVisible();
});

test('SMS verification: turn on with a texted code, then sign in with one', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('sms');
  await createTestAccount(request, baseURL ?? '', email);
  const phone = uniqueUsNumber();

  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/promo-2fa/);
  await page.goto('/account/en/setting/security');
  await hydrated(page);
  await page.getByRole('button', { name: t('mfa.security.SMS.turnOn') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.sms.enableTitle'));
  const country = dialog.getByLabel(t('mfa.sms.country'));
  await expect(country.locator('option[value="US"]')).toHaveCount(1);
  await country.selectOption('US');
  const number = dialog.getByLabel(t('mfa.sms.phone'));
  await number.fill(`0${phone.national}`);
  await dialog.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  await expect(number).toHaveAccessibleDescription(new RegExp(t('error.input.phone-leading-zero')));
  await expectAccessible(page, 'enable SMS dialog');
  await number.fill(phone.national);
  const sentAfter = await apiNow(request);
  await dialog.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  await expect(dialog.getByText(t('mfa.sms.codeSent', { phone: phone.e164 }))).toBeVisible();
  const enableCode = await waitForSms(request, phone.e164, sentAfter);
  await dialog.getByLabel(t('mfa.code.label'), { exact: true }).fill(enableCode);
  await dialog.getByRole('button', { name: t('mfa.sms.turnOn') }).click();
  await expect(dialog.getByRole('heading')).toHaveText(t('mfa.success.title'));
  await expectAccessible(page, 'MFA success dialog after SMS');
  await dialog.getByRole('button', { name: t('mfa.success.later') }).click();
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.SMS') }))).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/account\/en\/login\/auth-types/);
  await hydrated(page);
  const loginAfter = await apiNow(request);
  await page.getByRole('button', { name: new RegExp(t('mfa.method.SMS')) }).click();
  await atScreen(page, /\/account\/en\/login\/verify-sms/, 'login verify-sms');
  await expect(page.getByText(/\*{2,}\d{4}/)).toBeVisible();
  const loginCode = await waitForSms(request, phone.e164, loginAfter);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(loginCode);
  await page.getByRole('button', { name: t('mfa.login.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/account-overview/);

  // A second method, added as a backup method; then the set-primary dialog makes it the default.
  await page.goto('/account/en/setting/authenticator-enable');
  await hydrated(page);
  const secret = ((await page.locator('[data-secret]').textContent()) ?? '').replace(/\s+/g, '');
  const makeDefault = page.getByLabel(t('mfa.authenticator.makePrimary'));
  await expect(makeDefault).toBeChecked();
  await makeDefault.uncheck();
  const code = await freshTotp(request, baseURL ?? '', secret, 0);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(code.code);
  await page.getByRole('button', { name: t('mfa.authenticator.turnOn') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('mfa.success.later') })
    .click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security$/);
  await hydrated(page);
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.SMS') }))).toBeVisible();
  await page.getByRole('button', { name: t('mfa.security.makeDefault') }).click();
  const primary = page.getByRole('dialog');
  await expect(primary.getByRole('heading')).toHaveText(t('mfa.primary.title'));
  await expect(primary.getByLabel(t('mfa.method.SMS'))).toBeChecked();
  await expectAccessible(page, 'set primary method dialog');
  await primary.getByLabel(t('mfa.method.TOTP')).check();
  await primary.getByRole('button', { name: t('mfa.primary.save') }).click();
  await expect(page.getByText(t('mfa.security.statusOn', { method: t('mfa.method.TOTP') }))).toBeVisible();

  // Settings verification by SMS (a method of the account): a text, then the SMS code screen.
  await page.goto('/account/en/setting/auth-types?route_to=security');
  await hydrated(page);
  const verifyAfter = await apiNow(request);
  await page.getByRole('button', { name: new RegExp(t('mfa.method.SMS')) }).click();
  await atScreen(page, /\/account\/en\/setting\/verify-sms\?route_to=security/, 'settings verify-sms');
  const verifyCode = await waitForSms(request, phone.e164, verifyAfter);
  await page.getByLabel(t('mfa.code.label'), { exact: true }).fill(verifyCode);
  await page.getByRole('button', { name: t('mfa.settings.submit') }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/security$/);
});
