/**
 * The JavaScript budget as the browser meets it (issue 11 §2): what Chromium fetches for a page before any
 * interaction, dynamic imports included, at most 75 KB br in at most 12 files (src/build/page-weight.ts
 * PAGE_BUDGET). tests/unit/build/page-budgets.test.ts holds every page's static graph; work an island starts on its
 * own after hydration is invisible there (the login page's passkey suggestions once loaded 112.9 KB br in 32
 * files that way). Each file is counted as the CDN serves it: brotli, quality 11.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PAGE_BUDGET } from '../../src/build/page-weight';
import { hydrated } from './support/signin';

/** Pages a first visit lands on, signed out (the country select's list once made create load 105 KB br here). */
const PAGES = [
  { kind: 'login', path: '/account/en/login' },
  { kind: 'create', path: '/account/en/create' },
  { kind: 'self-service', path: '/account/en/self-service' },
] as const;

for (const { kind, path } of PAGES) {
  test(`${kind}: what the browser loads before interaction is within the budget`, async ({ page }) => {
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      reads.push(
        response.body().then(
          (body) => {
            const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
            scripts.set(url.pathname, br.length);
          },
          () => undefined,
        ),
      );
    });
    await page.goto(path);
    await hydrated(page);
    // Whatever the page starts on its own (idle callbacks, lazy sections) has started and ended by now.
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    expect(scripts.size).toBeGreaterThan(0);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const list = [...scripts].map(([url, n]) => `${n} ${url}`).join('\n');
    console.log(`${kind}: ${total} B br in ${scripts.size} files`);
    expect(scripts.size, list).toBeLessThanOrEqual(PAGE_BUDGET.jsFiles);
    expect(total, list).toBeLessThanOrEqual(PAGE_BUDGET.jsBrotli);
  });
}
