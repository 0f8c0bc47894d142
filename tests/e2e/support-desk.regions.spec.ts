/**
 * Contact Support on a blocked account in two region builds (spec §8 20100; docs/support-desk.md): this file runs
 * in the global project and in the th project. Global signs into the support desk (login/zendesk); th opens its
 * regional help URL, and its login/zendesk screen points there too.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { regions } from '../../src/regions/index';
import {
  apiPost,
  acceptCookies,
  expectAccessible,
  GOOD_PASSWORD,
  hydrated,
  regionOf,
  text,
  uniqueEmail,
} from './support/signin';

const locale = 'en';

/** A blocked account (reason 7001) that is otherwise ready to sign in (dev tools). */
async function blockedAccount(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = uniqueEmail('desk-region');
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
    banReason: '7001',
  });
  return email;
}

test('Contact Support goes to the support-desk login on global and to the help URL elsewhere', async ({
  page,
  context,
  request,
  baseURL,
}, info) => {
  const region = regionOf(info);
  const config = regions[region as keyof typeof regions];
  const email = await blockedAccount(request, baseURL ?? '');
  // The help center is outside this offline test: answer it here.
  await context.route(`${config.helpUrl}**`, (route) => route.fulfill({ status: 200, body: 'help center' }));

  await page.goto(`/account/${locale}/login`);
  await hydrated(page);
  await acceptCookies(page, locale);
  await page.getByLabel(text(locale, 'login.id.label')).fill(email);
  await page.getByLabel(text(locale, 'login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click();
  const contact = page.getByRole('dialog').getByRole('button', { name: text(locale, 'dialog.ban.contactSupport') });

  if (config.supportViaDeskLogin) {
    await contact.click();
    await expect(page).toHaveURL(new RegExp(`/account/${locale}/login/zendesk$`));
    await hydrated(page);
    await expect(page.getByRole('button', { name: text(locale, 'supportDesk.login.submit') })).toBeVisible();
    return;
  }
  const [popup] = await Promise.all([page.waitForEvent('popup'), contact.click()]);
  await expect(popup).toHaveURL(config.helpUrl);

  // login/zendesk in this region has no desk sign-in: it points at the help center.
  await page.goto(`/account/${locale}/login/zendesk`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(locale, 'supportDesk.login.title'));
  await expect(page.getByRole('link', { name: text(locale, 'supportDesk.help.link') })).toHaveAttribute(
    'href',
    config.helpUrl,
  );
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page, `login/zendesk (${region})`);
});
