/**
 * The parent's setup journey end to end (issue 14, docs/parental-setup.md), through the UI only, in Chromium
 * against the reference API and its local payment provider: an adult signs in on login/parent and lands on the
 * setup's start; starting goes to consent by card, where a card whose charges are declined (…0341) is refused and
 * a good test card is charged $1 and refunded; consent complete, the parent creates a child account (the child's
 * email proven by the code from the dev mailbox) and sees it added, then links a minor's existing account by its
 * sign-in (a wrong password said in the form first). Consent by phone instead: the code texted to the dev SMS
 * outbox confirms the parent. The consent guard then sends the consented
 * parent from start to vpc/complete, and a parent without consent from vpc/complete to start; an account with an
 * unverified email cannot be a parent. axe on every screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiPost,
  atScreen,
  GOOD_PASSWORD,
  hydrated,
  text,
  uniqueEmail,
  waitForMail,
} from './support/signin';
import { signedIn, uniqueUsNumber, waitForSms } from './support/two-factor';

const locale = 'en';
const t = (key: string, vars?: Record<string, string | number>) => text(locale, key, vars);

/** An account in the US (the local payment provider's country) born in `birth`, its email verified unless told. */
async function account(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  birth: { year: number; month: number },
  emailVerified = true,
) {
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth,
    termsAccepted: true,
    emailVerified,
  });
}

const adult = (request: APIRequestContext, baseURL: string, email: string, emailVerified = true) =>
  account(request, baseURL, email, { year: 1985, month: 3 }, emailVerified);

/** The API's own answer (the page's session cookie): is consent recorded? */
async function consentComplete(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/account/v1/parental/vpc/completion/check');
  return ((await response.json()) as { isCompleted: boolean }).isCompleted;
}

async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: t('parentalSetup.vpc.addCard') }).click();
  const form = page.locator('form.add-card');
  await expect(form.getByRole('heading', { name: t('settings.payments.form.heading') })).toBeFocused();
  await form.getByLabel(t('settings.payments.form.givenName')).fill('Pat');
  await form.getByLabel(t('settings.payments.form.surname')).fill('Parent');
  await form.getByLabel(t('settings.payments.form.number')).fill(number);
  await form.getByLabel(t('settings.payments.form.expiry')).fill('12/34');
  await form.getByLabel(t('settings.payments.form.cvc')).fill('123');
  await form.getByRole('button', { name: t('settings.payments.form.save') }).click();
  await expect(form).toHaveCount(0);
}

test('a parent signs in, gives consent with a test card ($1 refunded), and creates a child', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('parent');
  await adult(request, baseURL ?? '', email);

  // login/parent: the login screen in the parent flow; after the sign-in, the setup's start.
  await page.goto('/account/en/login/parent');
  await hydrated(page);
  await expect(page).toHaveURL(/\/account\/en\/login\/parent\?parental_flow_mode=parent$/);
  await acceptCookies(page, locale);
  await page.getByLabel(t('login.id.label')).fill(email);
  await page.getByLabel(t('login.password.label'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/account\/en\/setting\/parental-controls\/start\?parental_flow_mode=parent$/, {
    timeout: 30_000,
  });
  await atScreen(page, /\/start/, 'parental-start');
  await expect(page.getByRole('heading', { level: 1, name: t('parentalSetup.start.heading') })).toBeVisible();
  await expect(page.getByRole('list', { name: t('parentalSetup.start.stepsLabel') }).getByRole('listitem')).toHaveCount(
    3,
  );

  // Start: the account is a parent now, consent still to give.
  await page.getByRole('button', { name: t('parentalSetup.start.begin') }).click();
  await atScreen(page, /\/setting\/parental-controls\/vpc\?parental_flow_mode=parent$/, 'vpc, no cards');
  await expect(page.getByText(t('parentalSetup.vpc.noCards'))).toBeVisible();

  // A card the provider saves but whose charges are declined: refused in the form, nothing recorded.
  await addCard(page, '4000 0000 0000 0341');
  const declining = t('settings.payments.card', { brand: 'Visa', last4: '0341' });
  await expect(page.getByRole('radio', { name: new RegExp(declining) })).toBeChecked();
  await page.getByRole('button', { name: t('parentalSetup.vpc.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('error.form.CARD_DECLINED'));
  expect(await consentComplete(page)).toBe(false);
  await atScreen(page, /\/vpc/, 'vpc, declined card');

  // A good test card: charged $1.00 and refunded at once.
  await addCard(page, '4242 4242 4242 4242');
  const visa = t('settings.payments.card', { brand: 'Visa', last4: '4242' });
  await expect(page.getByRole('radio', { name: new RegExp(visa) })).toBeChecked();
  await page.getByRole('button', { name: t('parentalSetup.vpc.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('parentalSetup.vpc.doneHeading') })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(t('parentalSetup.vpc.charged', { amount: '$1.00', last4: '4242' }));
  await atScreen(page, /\/vpc/, 'vpc, consent given');
  expect(await consentComplete(page)).toBe(true);

  // Consent complete: next, a new child account.
  await page.getByRole('link', { name: t('parentalSetup.common.continue') }).click();
  await atScreen(page, /\/setting\/parental-controls\/vpc\/complete/, 'vpc-complete');
  await page.getByRole('link', { name: t('parentalSetup.vpcComplete.create') }).click();
  await atScreen(page, /\/add-child\/signup\?parental_flow_mode=child/, 'add-child-signup');
  await expect(page.getByRole('combobox', { name: t('parentalSetup.addChild.country') })).toHaveValue('US');
  await expect(page.getByRole('combobox', { name: t('parentalSetup.addChild.country') })).toBeDisabled();

  const child = uniqueEmail('child');
  await page.getByLabel(t('parentalSetup.addChild.email')).fill(child);
  await page.getByLabel(t('form.birthday.month'), { exact: true }).selectOption('5');
  await page.getByLabel(t('form.birthday.day'), { exact: true }).selectOption('17');
  // An adult's birth date first: the server says it does not make a child, on the birth date field.
  await page.getByLabel(t('form.birthday.year'), { exact: true }).selectOption('1990');
  await page.getByLabel(t('parentalSetup.addChild.password'), { exact: true }).fill('Kid-Forge-2049!');
  await page.getByLabel(t('parentalSetup.addChild.confirm'), { exact: true }).fill('Kid-Forge-2049!');
  await page.getByRole('checkbox', { name: t('parentalSetup.addChild.terms') }).check();
  const sent = Date.now() - 1000;
  await page.getByRole('button', { name: t('parentalSetup.addChild.submit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('parentalSetup.addChild.codeHeading') })).toBeFocused();
  const code = await waitForMail(request, child, 'code', sent);
  await page.getByLabel(t('parentalSetup.addChild.code')).fill(code);
  await atScreen(page, /\/add-child\/signup/, 'add-child-signup, code');
  await page.getByRole('button', { name: t('parentalSetup.addChild.create') }).click();
  const birthDate = page.getByRole('group', { name: t('parentalSetup.addChild.birthday') });
  await expect(birthDate).toContainText(t('error.form.DOB_INVALID_FOR_CHILD'));
  await atScreen(page, /\/add-child\/signup/, 'add-child-signup, adult birth date');

  // A child's birth date: the account is created in the family with the code already proven.
  await page.getByLabel(t('form.birthday.year'), { exact: true }).selectOption('2015');
  await page.getByRole('button', { name: t('parentalSetup.addChild.submit') }).click();
  await atScreen(page, /\/add-child\/complete\?parental_flow_mode=child&child=\d+$/, 'add-child-complete');
  await expect(page.getByRole('status')).toContainText(child);
  const family = (await (await page.request.get('/api/account/v1/parental/family-member')).json()) as {
    isParentalSet: boolean;
    children: { email: string; isMe: boolean }[];
  };
  expect(family.isParentalSet).toBe(true);
  expect(family.children.filter((c) => !c.isMe).map((c) => c.email)).toEqual([child]);

  // A minor who already has an account signs in on the parent's device and is linked.
  const minor = uniqueEmail('minor');
  await account(request, baseURL ?? '', minor, { year: 2014, month: 2 });
  await page.getByRole('link', { name: t('parentalSetup.addChildComplete.anotherExisting') }).click();
  await atScreen(page, /\/add-child\/login\?parental_flow_mode=child$/, 'add-child-login');
  await page.getByLabel(t('parentalSetup.addChildLogin.id')).fill(minor);
  await page.getByLabel(t('parentalSetup.addChildLogin.password'), { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: t('parentalSetup.addChildLogin.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('error.form.20002'));
  await page.getByLabel(t('parentalSetup.addChildLogin.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('parentalSetup.addChildLogin.submit') }).click();
  await atScreen(page, /\/add-child\/complete\?parental_flow_mode=child&child=\d+$/, 'add-child-complete, linked');
  await expect(page.getByRole('status')).toContainText(minor);
  const after = (await (await page.request.get('/api/account/v1/parental/family-member')).json()) as {
    children: { email: string; isMe: boolean }[];
  };
  expect(after.children.filter((c) => !c.isMe).map((c) => c.email)).toEqual(expect.arrayContaining([child, minor]));

  // The consent guard: with consent set, the start goes to vpc/complete.
  await page.goto('/account/en/setting/parental-controls/start');
  await expect(page).toHaveURL(/\/setting\/parental-controls\/vpc\/complete$/);
  await hydrated(page);
});

test('consent by phone: a texted code confirms the parent, and the guard then skips the setup', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('sms-parent');
  await adult(request, baseURL ?? '', email);
  await signedIn(page, email);
  await page.goto('/account/en/setting/parental-controls/start');
  await hydrated(page);
  await page.getByRole('button', { name: t('parentalSetup.start.begin') }).click();
  await atScreen(page, /\/setting\/parental-controls\/vpc$/, 'vpc before the phone');

  // vpc/sms: the account's country (US) is chosen; a number with a leading zero is refused on its field.
  await page.getByRole('link', { name: t('parentalSetup.vpc.smsLink') }).click();
  await atScreen(page, /\/setting\/parental-controls\/vpc\/sms$/, 'vpc-sms');
  await expect(page.getByLabel(t('mfa.sms.country'))).toHaveValue('US');
  const phone = uniqueUsNumber();
  await page.getByLabel(t('mfa.sms.phone')).fill(`0${phone.national}`);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  await expect(page.getByLabel(t('mfa.sms.phone'))).toHaveAttribute('aria-invalid', 'true');
  expect(await consentComplete(page)).toBe(false);

  const sentAfter = Date.now() - 60_000;
  await page.getByLabel(t('mfa.sms.phone')).fill(phone.national);
  await page.getByRole('button', { name: t('mfa.sms.sendCode') }).click();
  const code = await waitForSms(request, phone.e164, sentAfter);
  await page.getByLabel(t('mfa.code.label')).fill(code);
  await atScreen(page, /\/vpc\/sms$/, 'vpc-sms, code step');
  await page.getByRole('button', { name: t('parentalSetup.vpcSms.verify') }).click();
  await atScreen(page, /\/setting\/parental-controls\/vpc\/complete$/, 'vpc-complete after the phone');
  expect(await consentComplete(page)).toBe(true);

  // Consent is set: the start now goes straight to vpc/complete.
  await page.goto('/account/en/setting/parental-controls/start');
  await expect(page).toHaveURL(/\/setting\/parental-controls\/vpc\/complete$/);
});

test('the consent guard sends a parent without consent to the start; an unverified email cannot be a parent', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('unverified');
  await adult(request, baseURL ?? '', email, false);
  await signedIn(page, email);

  // Consent is not set: the screens that need it go to the start.
  await page.goto('/account/en/setting/parental-controls/add-child/signup');
  await expect(page).toHaveURL(/\/setting\/parental-controls\/start$/);
  await hydrated(page);

  // An unverified email: starting is refused, and the screen says why, with the way back.
  await page.getByRole('button', { name: t('parentalSetup.start.begin') }).click();
  await atScreen(page, /\/account\/en\/parental-controls\/not-eligible$/, 'parental-controls-not-eligible');
  await expect(page.getByText(t('parentalSetup.notEligible.verifiedEmail'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('parentalSetup.notEligible.back') })).toHaveAttribute(
    'href',
    '/account/en/setting/account-overview',
  );
});

test('create/parent: a new account made in the parent flow continues to the setup’s start', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('new-parent');
  const started = Date.now() - 1000;
  await page.goto('/account/en/create/parent');
  await hydrated(page);
  await expect(page).toHaveURL(/\/account\/en\/create\/parent\?parental_flow_mode=parent$/);
  await acceptCookies(page, locale);
  await atScreen(page, /\/create\/parent/, 'create-parent');
  const country = page.getByLabel(t('create.age.country'));
  await expect(country.locator('option[value="US"]')).toHaveCount(1);
  await country.selectOption('US');
  await page.getByLabel(t('form.birthday.day'), { exact: true }).selectOption('14');
  await page.getByLabel(t('form.birthday.month'), { exact: true }).selectOption('3');
  await page.getByLabel(t('form.birthday.year'), { exact: true }).selectOption('1984');
  await page.getByRole('button', { name: t('create.age.submit') }).click();
  await page.getByLabel(t('create.email.label')).fill(email);
  await page.getByRole('button', { name: t('create.email.submit') }).click();
  await page.getByLabel(t('create.code.label')).fill(await waitForMail(request, email, 'code', started));
  await page.getByRole('button', { name: t('create.code.submit') }).click();
  await page.getByLabel(t('create.details.password'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel(t('create.details.confirm'), { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: t('create.details.submit') }).click();

  // create/complete keeps the parent flow: its continue goes to the setup's start.
  await expect(page).toHaveURL(/\/account\/en\/create\/complete\?parental_flow_mode=parent$/);
  const next = page.getByRole('link', { name: t('createComplete.continue') });
  await expect(next).toHaveAttribute('href', '/account/en/setting/parental-controls/start?parental_flow_mode=parent');
  await next.click();
  // The sign-up signed the new parent in: the start opens.
  await atScreen(page, /\/account\/en\/setting\/parental-controls\/start\?parental_flow_mode=parent$/, 'start');
  await expect(page.getByRole('heading', { level: 1, name: t('parentalSetup.start.heading') })).toBeVisible();
});
