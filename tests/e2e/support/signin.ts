/**
 * Helpers for the sign-in and sign-up e2e specs: the dev tools of the
 * reference API (mailbox, test accounts, demo seed), catalogue text by
 * locale, keyboard focus, hydration and the axe check.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { CATALOGUES, flatten } from '../../../src/i18n/catalogue';
import type { Locale } from '../../../src/i18n/locales';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../../src/shared/contract/http';

const run = promisify(execFile);

/** Catalogue text of a key in a locale, with {{placeholders}} filled. */
export function text(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const value = flatten(CATALOGUES[locale])[key];
  if (value === undefined) throw new Error(`no catalogue key ${key} in ${locale}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** The region build the test's project serves (playwright.config.ts metadata). */
export function regionOf(info: TestInfo): string {
  const region: unknown = info.project.metadata['region'];
  return typeof region === 'string' ? region : 'global';
}

/** A fresh address for one test run. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.lumenforge.test`;
}

/** A password that meets every §5 rule. */
export const GOOD_PASSWORD = 'Forge-Light-2049!';

/** POSTs to the reference API like the portal does (same origin, JSON, the front-end version header). */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await request.post(path, {
    data,
    headers: { Origin: baseURL, [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION },
  });
  expect(response.ok(), `${path} → ${String(response.status())} ${await response.text()}`).toBe(true);
  return response;
}

/**
 * A verified account ready to sign in: the state sign-up would have given it
 * (country, birth month and year, terms accepted), so the sign-in does not
 * stop at healup or terms (dev tools POST /api/dev/account and /account/state).
 */
export async function createTestAccount(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const created = await apiPost(request, baseURL, '/api/dev/account', { email, password: GOOD_PASSWORD });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
  });
}

/**
 * A signed-in visitor without the sign-in screens: a test account (as createTestAccount) and a session from the
 * dev tools (POST /api/dev/session), whose cookie lands in the page's context.
 */
export async function devSignedIn(page: Page, request: APIRequestContext, baseURL: string): Promise<void> {
  const created = await apiPost(request, baseURL, '/api/dev/account', {
    email: uniqueEmail('dev-session'),
    password: GOOD_PASSWORD,
  });
  const { accountId } = (await created.json()) as { accountId: number };
  await apiPost(request, baseURL, '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1994, month: 6 },
    termsAccepted: true,
  });
  await apiPost(page.request, baseURL, '/api/dev/session', { accountId });
}

interface MailboxItem {
  to: string;
  subject: string;
  sentAt: string;
  code?: string;
  link?: string;
}

/** Waits for the newest message to an address carrying a code or a link (dev tool GET /api/dev/mailbox). */
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  want: 'code' | 'link',
  after = 0,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return undefined;
        const items = (await response.json()) as MailboxItem[];
        const item = items.find((m) => m[want] !== undefined && Date.parse(m.sentAt) >= after);
        found = item?.[want];
        return found;
      },
      { timeout: 15_000, message: `a message with a ${want} for ${email}` },
    )
    .toBeTruthy();
  return found ?? '';
}

/**
 * Seeds the demo accounts into the local D1 of the server at `baseURL` (playwright.config.ts: each server keeps
 * its D1 in .wrangler/e2e-{name}-{port}) and returns their emails and passwords.
 *
 * Once per server: seeding gives every demo account a new password, so two specs seeding in parallel would each
 * sign in with a password the other just replaced. The first caller seeds under a lock and leaves the passwords
 * beside the D1 (the server's --fresh start removes both); later callers read them.
 */
export async function seedDemoAccounts(region: string, baseURL: string): Promise<Map<string, string>> {
  const root = new URL('../../../', import.meta.url).pathname;
  const persist = `.wrangler/e2e-${region}-${new URL(baseURL).port}`;
  const cache = join(root, persist, 'e2e-demo-accounts.json');
  return withLock(join(root, `${persist}.seed-lock`), async () => {
    if (existsSync(cache)) return new Map(JSON.parse(readFileSync(cache, 'utf8')) as [string, string][]);
    const stdout = await seedWithRetry(root, persist, region);
    const accounts = new Map<string, string>();
    for (const line of stdout.split('\n')) {
      const match = /^\s+\d+\s+(\S+@\S+)\s+(\S+)\s/.exec(line);
      if (match?.[1] !== undefined && match[2] !== undefined) accounts.set(match[1], match[2]);
    }
    writeFileSync(cache, JSON.stringify([...accounts]));
    return accounts;
  });
}

/**
 * The seed writes to the D1 file the running server has open: a write of another spec's request at that moment
 * makes wrangler answer SQLITE_BUSY. The seed deletes the demo accounts before it inserts them, so running it
 * again is safe; it is retried a few times, and any other failure is not.
 */
async function seedWithRetry(root: string, persist: string, region: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { stdout } = await run(process.execPath, ['scripts/seed.mjs', '--persist', persist, '--region', region], {
        cwd: root,
        env: { ...process.env, CI: 'true' },
      });
      return stdout;
    } catch (error) {
      const busy = error instanceof Error && /SQLITE_BUSY|database is locked/.test(error.message);
      if (!busy || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Runs `work` while holding a lock directory (mkdir is atomic across the workers' processes). */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`lock ${lock} held for two minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Waits until every island of the page has hydrated (Astro removes the ssr attribute). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Presses Tab until `target` has focus: keyboard-only navigation, no mouse. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * axe on the current screen: no serious or critical finding. A page without frames is checked by axe inside the
 * page (its "legacy" mode): the same findings in 0.3-0.6 s instead of 0.6-1.6 s, without the blank page and the
 * second copy of axe its default mode opens to merge the frames' results, for each of about 215 checks an e2e run.
 * Not with a frame: that mode left the findings inside a same-origin frame out (tried: a nameless button and an
 * image without alt in one were missed), so a page with frames keeps the default run.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
}

/** Dismisses the cookie banner with the keyboard-reachable button, so it does not cover the form. */
export async function acceptCookies(page: Page, locale: Locale): Promise<void> {
  const accept = page.getByRole('button', { name: text(locale, 'shell.cookie.necessary') });
  if (await accept.isVisible()) await accept.click();
}

/** The page is at `path`, hydrated, and axe finds nothing serious on it. */
export async function atScreen(page: Page, path: RegExp, name: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await hydrated(page);
  await expectAccessible(page, name);
}

/**
 * The heading of the sign-up island's current step (level 2). Scoped to the island: the page's provider buttons
 * (issue 15) have a level-2 heading of their own in the same main.
 */
export function stepHeading(page: Page): Locator {
  return page.getByRole('main').locator('astro-island').getByRole('heading', { level: 2 });
}
