/**
 * The first click on a primary button (issue 25 §1): what the browser fetches between the click and the call the
 * click makes, and how long the call waits. Shared by tests/e2e/first-click.spec.ts (loopback: no script may be
 * fetched on the click path once the page was idle for 2 s) and `npm run bench` (scripts/bench-live.mjs: cold and
 * warm click on the throttled phone profile).
 *
 * Node runs this file directly for the bench (type stripping): type-only imports, no path aliases, no enums.
 */
import type { Locator, Page, Request } from '@playwright/test';

/** A catalogue text of the page's locale (the English catalogue: every action runs on /account/en/). */
export type Label = (key: string) => string;

export interface FirstClick {
  /** The action, as the bench and the test name it. */
  readonly name: 'login' | 'create' | 'reset password' | 'settings change';
  readonly path: string;
  /** Needs a signed-in visitor (the context gets a session before the page loads). */
  readonly signedIn: boolean;
  /** Fills the form as a player would, before the click. */
  fill(page: Page, label: Label): Promise<void>;
  /** The primary button. */
  button(page: Page, label: Label): Locator;
  /** The call the click makes: method and the end of its path. */
  readonly call: { readonly method: string; readonly path: RegExp };
  /** After the first click's call answered: brings the form back to where the same click makes the call again. */
  again(page: Page, label: Label): Promise<void>;
}

/** The form answered and is ready for another click: its button is no longer busy. */
async function ready(page: Page, button: Locator): Promise<void> {
  await button.and(page.locator(':not([aria-disabled="true"])')).waitFor({ timeout: 30_000 });
}

export const FIRST_CLICKS: readonly FirstClick[] = [
  {
    name: 'login',
    path: '/account/en/login',
    signedIn: false,
    async fill(page, label) {
      await page.getByLabel(label('login.id.label')).fill('nobody-first-click@example.com');
      await page.getByLabel(label('login.password.label'), { exact: true }).fill('Not-the-password-1');
    },
    button: (page, label) => page.getByRole('button', { name: label('login.submit'), exact: true }),
    call: { method: 'POST', path: /\/no-auth\/web\/email\/login$/ },
    async again(page, label) {
      // Unknown credentials (20002): the sign-in failed dialog; its button closes it and the form is ready again.
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByRole('button').first().click();
      await dialog.waitFor({ state: 'hidden' });
      await ready(page, this.button(page, label));
    },
  },
  {
    name: 'create',
    path: '/account/en/create',
    signedIn: false,
    async fill(page, label) {
      const country = page.getByLabel(label('create.age.country'));
      // The list arrives after hydration (the country list call).
      await country.locator('option[value="US"]').waitFor({ state: 'attached', timeout: 30_000 });
      await country.selectOption('US');
      await page.getByLabel(label('form.birthday.day')).selectOption('14');
      await page.getByLabel(label('form.birthday.month')).selectOption('6');
      await page.getByLabel(label('form.birthday.year')).selectOption('1994');
    },
    button: (page, label) => page.getByRole('button', { name: label('create.age.submit'), exact: true }),
    call: { method: 'POST', path: /\/no-auth\/signup\/verify\/age$/ },
    async again(page, label) {
      // An adult goes on to the email step; back to the age step is a new visit of the page (warm cache).
      await page.getByLabel(label('create.email.label')).waitFor({ timeout: 30_000 });
      await page.reload();
      await hydratedPage(page);
      await this.fill(page, label);
    },
  },
  {
    name: 'reset password',
    path: '/account/en/self-service/reset-password',
    signedIn: false,
    async fill(page, label) {
      await page.getByLabel(label('selfService.start.email.label')).fill('nobody-first-click@example.com');
    },
    button: (page, label) => page.getByRole('button', { name: label('selfService.start.submit'), exact: true }),
    call: { method: 'POST', path: /\/no-auth\/session$/ },
    async again(page, label) {
      // An unknown address is refused in the form, which is ready again.
      await ready(page, this.button(page, label));
    },
  },
  {
    name: 'settings change',
    path: '/account/en/setting/change-name',
    signedIn: true,
    async fill(page, label) {
      await page.getByLabel(label('settings.changeName.label')).fill(`Click${Math.random().toString(36).slice(2, 8)}`);
    },
    button: (page, label) => page.getByRole('button', { name: label('settings.changeName.submit'), exact: true }),
    call: { method: 'PUT', path: /\/player-tag$/ },
    async again(page, label) {
      await ready(page, this.button(page, label));
      await this.fill(page, label);
    },
  },
];

/** Every island of the page has hydrated (Astro removes the ssr attribute). */
export async function hydratedPage(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
    timeout: 30_000,
  });
}

export interface ClickResult {
  /** Scripts requested between the click and the call, in order. */
  readonly scripts: readonly string[];
  /** From the click to the call leaving the browser, ms. */
  readonly ms: number;
}

/**
 * Clicks the action's button and waits for its call: the scripts requested in between, and the time from the click
 * to the call's start, both in the page's clock (the click event's timestamp, the call's resource timing entry).
 */
export async function clickToCall(page: Page, action: FirstClick, label: Label): Promise<ClickResult> {
  const scripts: string[] = [];
  let clicked = false;
  const onRequest = (request: Request) => {
    if (clicked && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  const called = page.waitForRequest(
    (r) => r.method() === action.call.method && action.call.path.test(new URL(r.url()).pathname),
    { timeout: 30_000 },
  );
  const button = action.button(page, label);
  await button.waitFor();
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (event) => {
        (window as unknown as { firstClickAt: number }).firstClickAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  clicked = true;
  await button.click();
  const request = await called;
  page.off('request', onRequest);
  await request.response();
  const ms = await page.evaluate((url) => {
    const at = (window as unknown as { firstClickAt: number }).firstClickAt;
    const entry = performance
      .getEntriesByType('resource')
      .filter((e) => e.name === url && e.startTime >= at)
      .at(0);
    return entry === undefined ? Number.NaN : entry.startTime - at;
  }, request.url());
  return { scripts, ms: Math.round(ms) };
}
