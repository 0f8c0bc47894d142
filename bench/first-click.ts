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
  readonly name: 'login' | 'create' | 'reset password' | 'settings change' | 'console link';
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
      // The player types the password again: the second click starts where the first did, with the focus in the
      // form (the dialog gave it back to the button, which would spare the second click the fields' change and blur).
      await this.fill(page, label);
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
      // The flow goes on to the code step (for any address: it does not tell which exist); the same form again is
      // a new visit of the page (warm cache).
      await page.waitForURL((url) => url.pathname !== this.path, { timeout: 30_000 });
      await revisit(page, this.path);
      await this.fill(page, label);
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
      // The saved tag is shown and the field emptied a step after the button stops being busy: a name typed in
      // between would be cleared, and the second click would meet "Enter a name." instead of making its call.
      await page
        .getByRole('status')
        .filter({ hasText: /#\d{4}/ })
        .waitFor({ timeout: 30_000 });
      await ready(page, this.button(page, label));
      await this.fill(page, label);
    },
  },
];

/** The same page again once the first click's flow has settled (it may still be navigating: then once more). */
async function revisit(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('load');
  // A flow's steps keep their state in the tab (self-service: sessionStorage): the page starts over without it.
  await page.evaluate(() => {
    sessionStorage.clear();
  });
  const url = new URL(path, page.url()).href;
  await page.goto(url).catch(async () => page.goto(url));
  await hydratedPage(page);
}

/**
 * The page has made no request for `ms` in a row (at most `timeout` in all): the network side of "idle for 2 s". A
 * warm-up walks its imports level by level with the main thread busy in between, so one quiet moment of 500 ms
 * (Playwright's `networkidle`) can come before it ends on a throttled phone.
 */
export async function quietFor(page: Page, ms: number, timeout = 30_000): Promise<void> {
  let last = Date.now();
  const seen = () => {
    last = Date.now();
  };
  page.on('request', seen);
  page.on('requestfinished', seen);
  try {
    const end = Date.now() + timeout;
    while (Date.now() - last < ms) {
      if (Date.now() > end) throw new Error(`the page never went ${String(ms)} ms without a request`);
      await page.waitForTimeout(Math.max(50, ms - (Date.now() - last)));
    }
  } finally {
    page.off('request', seen);
    page.off('requestfinished', seen);
  }
}

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
 * How the button is pressed: a tap on a touch screen (the bench's phone: touch events, then the mouse events and the
 * click the browser makes of them, all after the finger lifts) or a mouse click (pointer moved onto the button and
 * at rest first, as a player's; Playwright's own checks of the target run then too).
 */
export type Gesture = 'tap' | 'click';

/**
 * Presses the action's button and waits for its call: the scripts requested in between, and the time from the click
 * to the page handing the call to `fetch`, both in the page's clock (the click event's timestamp; `fetch` is wrapped
 * for the measurement just before the press, and tells the time on the console).
 */
export async function clickToCall(
  page: Page,
  action: FirstClick,
  label: Label,
  gesture: Gesture = 'click',
): Promise<ClickResult> {
  const scripts: string[] = [];
  let clicked = false;
  const onRequest = (request: Request) => {
    if (clicked && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  const told = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('first-click '),
    timeout: 30_000,
  });
  const called = page.waitForRequest(
    (r) => r.method() === action.call.method && action.call.path.test(new URL(r.url()).pathname),
    { timeout: 30_000 },
  );
  const button = action.button(page, label);
  await button.waitFor();
  await page.evaluate((source) => {
    const probe = window as unknown as { clickAt?: number; calledAt?: number };
    delete probe.clickAt;
    delete probe.calledAt;
    const path = new RegExp(source);
    const onClick = (event: Pick<Event, 'isTrusted' | 'timeStamp'>) => {
      if (!event.isTrusted) return;
      probe.clickAt = event.timeStamp;
      document.removeEventListener('click', onClick, true);
    };
    const matches = (input: RequestInfo | URL) =>
      path.test(new URL(input instanceof Request ? input.url : String(input), location.href).pathname);
    // The probe's own functions run once before the click (no event, no matching URL): V8 compiles a function when
    // it first runs, and that first run would count in the cold click's time only.
    onClick({ isTrusted: false, timeStamp: 0 });
    matches('/');
    document.addEventListener('click', onClick, true);
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const at = performance.now();
      if (probe.calledAt === undefined && matches(input)) {
        probe.calledAt = at;
        // Told through the console: the page may leave right after the call (a flow's next screen).
        console.debug(`first-click ${String(probe.calledAt - (probe.clickAt ?? Number.NaN))}`);
      }
      return fetch(input, init);
    };
  }, action.call.path.source);
  if (gesture === 'tap') {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    if (box === null) throw new Error(`${action.name}: the button has no box to tap`);
    clicked = true;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  } else {
    await button.hover();
    await nextFrames(page);
    clicked = true;
    await button.click();
  }
  await called;
  page.off('request', onRequest);
  const ms = Number((await told).text().slice('first-click '.length));
  return { scripts, ms: Math.round(ms) };
}

/** Two animation frames: input the page got before has been handled (pointer moves wait for a frame). */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    async () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
}
