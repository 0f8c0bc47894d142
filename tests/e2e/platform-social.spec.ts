/**
 * Social sign-in on a console (docs/platforms.md "Social sign-in on a platform"), in Chromium against the
 * reference API and the local provider (scripts/dev-idp.mjs): the dev issuer signs a console's ticket, the link
 * form's provider button starts a google sign-in for the console, and the console's callback goes on:
 * - a new identity signs up on the console (age check and terms) and ends linked; the same identity then signs a
 *   second console of another platform straight in;
 * - an identity without an email signs up with one the player types, proven by an emailed code;
 * - an identity whose email is an existing account's proves the account on global/{platform}/social-link/{case}
 *   with its password, and the console is linked.
 * axe on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import {
  acceptCookies,
  apiPost,
  atScreen,
  GOOD_PASSWORD,
  hydrated,
  text,
  expectAccessible,
  uniqueEmail,
  waitForMail,
} from './support/signin';

// Its own client address (TEST-NET-2): the per-IP limits count this spec's sign-ups apart from the rest.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.9' } });

const t = (key: string, vars?: Record<string, string | number>) => text('en', key, vars);

function consoleStart(platform: string, user: string): string {
  return `/api/dev/platform/start?platform=${platform}&accountType=adult&user=${encodeURIComponent(user)}`;
}

/** A console (dev ticket) on its link form, then google from there, as the typed identity. */
async function signInWithGoogle(page: Page, platform: string, sub: string, email: string) {
  // The local provider runs on 127.0.0.1: forget its session so it asks for an identity again.
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.goto(consoleStart(platform, `e2e-${sub}-${platform}`));
  const name = t(`platform.names.${platform}`);
  await atScreen(page, new RegExp(`/account/en/global/${platform}/login$`), `${platform} login (link form)`);
  await expect(page.getByRole('heading', { name: t('platform.login.linkHeading', { platform: name }) })).toBeVisible();
  await acceptCookies(page, 'en');
  const google = page.getByRole('link', { name: t('social.buttons.continueWith', { provider: 'Google' }) });
  await expect(google).toHaveAttribute('href', new RegExp(`flow=global&platform=${platform}`));
  await google.click();
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill(sub);
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** create-tpa's age check and terms, on the console's callback screen. */
async function fillProfile(page: Page) {
  const country = page.getByLabel(t('createTpa.profile.country'));
  await expect(country).toBeEnabled();
  await country.selectOption('DE');
  await page.getByLabel(t('form.birthday.month')).selectOption('5');
  await page.getByLabel(t('form.birthday.day')).selectOption('17');
  await page.getByLabel(t('form.birthday.year')).selectOption('1995');
  await page.getByLabel(t('createTpa.profile.terms')).check();
  await page.getByRole('button', { name: t('createTpa.profile.submit') }).click();
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  return page.evaluate(
    async ({ header, version }) => {
      const res = await fetch('/api/account/v1/account', { credentials: 'include', headers: { [header]: version } });
      return res.ok ? (await res.json<{ email?: string }>()).email : undefined;
    },
    { header: FRONTEND_VERSION_HEADER, version: FRONTEND_VERSION },
  );
}

test('a new google identity signs up on the console and ends linked; it then signs another console in', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables google and the consoles');
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const sub = `pfs-${run}`;
  const email = `pf-social-${run}@example.test`;
  const PS = t('platform.names.playstation');

  await signInWithGoogle(page, 'playstation', sub, email);
  // No account has this identity or its email (20215): the sign-up happens on the console's callback screen.
  await atScreen(page, /\/account\/en\/global\/playstation\/login\/callback\/social\/google$/, 'console sign-up');
  await expect(
    page.getByRole('heading', { name: t('createTpa.profile.heading', { provider: 'Google' }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: t('createTpa.profile.submit') }).click();
  await expect(page.getByText(t('createTpa.profile.termsRequired'))).toBeVisible();
  await fillProfile(page);

  await atScreen(page, /\/account\/en\/global\/playstation\/link-success\?/, 'link success (sign-up)');
  await expect(page.getByRole('status')).toHaveText(t('platform.linkSuccess.body', { platform: PS, email }));
  expect(await signedInEmail(page)).toBe(email);
  await page.getByRole('link', { name: t('platform.linkSuccess.continue') }).click();
  await atScreen(page, /\/account\/en\/global\/playstation\/login$/, 'platform login (signed in)');
  await expect(page.getByText(t('platform.login.signedIn', { email, platform: PS }))).toBeVisible();

  // The identity is the account's now: on an Xbox it signs in and links that console at once (no second factor).
  await page.context().clearCookies({ name: '__Host-lf_session' });
  await signInWithGoogle(page, 'xbox', sub, email);
  await atScreen(page, /\/account\/en\/global\/xbox\/login$/, 'xbox login (signed in)');
  await expect(
    page.getByText(t('platform.login.signedIn', { email, platform: t('platform.names.xbox') })),
  ).toBeVisible();
  expect(await signedInEmail(page)).toBe(email);
});

test('an identity without an email signs up on the console with a typed email proven by code', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables google and the consoles');
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const email = `pf-typed-${run}@example.test`;
  const XB = t('platform.names.xbox');

  await signInWithGoogle(page, 'xbox', `pft-${run}`, '');
  await atScreen(page, /\/account\/en\/global\/xbox\/login\/callback\/social\/google$/, 'console sign-up (no email)');
  await fillProfile(page);
  const address = page.getByLabel(t('createTpa.email.label'));
  await address.fill(email);
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: t('createTpa.email.submit') }).click();
  await expect(page.getByText(t('createTpa.verify.sent', { email }))).toBeVisible();
  await expectAccessible(page, 'console sign-up (code)');
  const code = await waitForMail(request, email, 'code', sentAfter);
  await page.getByLabel(t('createTpa.verify.code')).fill(code);
  await page.getByRole('button', { name: t('createTpa.verify.submit') }).click();

  await atScreen(page, /\/account\/en\/global\/xbox\/link-success\?/, 'link success (typed email)');
  await expect(page.getByRole('status')).toHaveText(t('platform.linkSuccess.body', { platform: XB, email }));
  expect(await signedInEmail(page)).toBe(email);
});

test("an identity with an existing account's email proves the account on social-link, then the console is linked", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'global', 'the global region enables google and the consoles');
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const email = uniqueEmail('pf-social-link');
  const created = await apiPost(request, base, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, base, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 4 },
    termsAccepted: true,
  });
  const sub = `pfl-${Date.now().toString(36)}`;
  const NIN = t('platform.names.nintendo');

  await signInWithGoogle(page, 'nintendo', sub, email);
  // 20128: the §8 handler sends the console to its social link (case 5: the screen asks which proofs apply).
  await atScreen(page, /\/account\/en\/global\/nintendo\/social-link\/5$/, 'console social link');
  await expect(page.getByText(t('social.link.intro', { email, provider: 'Google' }))).toBeVisible();
  await page.getByLabel(t('social.link.password'), { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: t('social.link.submitPassword', { provider: 'Google' }) }).click();
  await expect(page.getByRole('dialog')).toContainText(t('error.form.20002'));
  await page.keyboard.press('Escape');
  await page.getByLabel(t('social.link.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('social.link.submitPassword', { provider: 'Google' }) }).click();

  await atScreen(page, /\/account\/en\/global\/nintendo\/link-success\?/, 'link success (social link)');
  await expect(page.getByRole('status')).toHaveText(t('platform.linkSuccess.body', { platform: NIN, email }));
  await page.getByRole('link', { name: t('platform.linkSuccess.continue') }).click();
  await atScreen(page, /\/account\/en\/global\/nintendo\/login$/, 'platform login (signed in)');
  await expect(page.getByText(t('platform.login.signedIn', { email, platform: NIN }))).toBeVisible();
  await hydrated(page);
  expect(await signedInEmail(page)).toBe(email);
});
