/**
 * Signed-in settings pages do not jump as their lists arrive: the built page shows the shape of what is loading
 * (docs/performance.md "Layout shift on the settings pages"). Measured as the browser's cumulative layout shift
 * (the layout-shift entries of the load, none after input), held under 0.1, the threshold Chrome's Web Vitals call
 * good. The CPU is slowed 4× as on the bench's phone, so the account and the lists answer after the first paint,
 * as they do for a player; on this machine's loopback they could otherwise arrive before it and hide a jump. Before
 * the placeholders, the security page shifted by 0.22 and communication preferences by 0.15 here. The signed-out
 * entry pages on a phone too: login's passkey button, added once hydrated, pushed the provider buttons down (0.03).
 */
import { expect, test, type Page } from '@playwright/test';
import { devSignedIn, hydrated } from './support/signin';

const PAGES = [
  'setting/account-overview',
  'setting/personal-info',
  'setting/security',
  'setting/linked-account',
  'setting/communication-preference',
  'setting/manage-trusted-devices',
];

const GOOD = 0.1;

/** The signed-out pages a player lands on, on a phone (Lighthouse's mobile screen), where nothing should move. */
const ENTRY_PAGES = ['login', 'create', 'self-service', 'self-service/reset-password'];

/** The layout shifts of the page's load so far, each with what moved (for the failure message). */
async function shifts(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        const moved: string[] = [];
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            const nodes = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName));
            moved.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the observer's first callback, within a frame or two.
        setTimeout(() => {
          resolve({ total, moved });
        }, 250);
      }),
  );
}

/**
 * Loads each page with the CPU slowed 4×, waits until `settled` says it is, and returns the pages that shifted by
 * `limit` or more, each with what moved.
 */
async function shiftedPages(
  page: Page,
  paths: readonly string[],
  limit: number,
  settled: () => Promise<void>,
): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`/account/en/${path}`);
    await hydrated(page);
    await settled();
    const { total, moved } = await shifts(page);
    if (total >= limit) found.push(`${path}: ${total.toFixed(3)} (${moved.join('; ')})`);
  }
  return found;
}

test('signed-in settings pages keep their layout while their lists load', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  await devSignedIn(page, request, baseURL ?? '');
  const found = await shiftedPages(page, PAGES, GOOD, async () => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Settled: no loading line left and no section still busy.
    await expect(page.locator('.loading-line')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });
  expect(found, `cumulative layout shift ≥ ${String(GOOD)}`).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the signed-out entry pages keep their layout as they hydrate', async ({ page }) => {
    // Stricter than the settings pages: nothing here waits on data, so nothing should move at all.
    const found = await shiftedPages(page, ENTRY_PAGES, 0.01, async () => {
      // What appears once hydrated has appeared (login's passkey button, where the browser has WebAuthn).
      await page.waitForTimeout(300);
    });
    expect(found, 'cumulative layout shift ≥ 0.01').toEqual([]);
  });
});
