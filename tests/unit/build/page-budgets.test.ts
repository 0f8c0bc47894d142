/**
 * The JavaScript budget of every kind of page (issue 11 §2), held by every build (run after `npm run build:all`):
 * login, create, a settings screen, a self-service screen and a platform screen each load at most 75 KB of
 * JavaScript (brotli) in at most 12 files before any interaction, counted as `npm run bench` counts them
 * (src/build/page-weight.ts: PAGE_KINDS, PAGE_BUDGET). Each test's name prints the page's weight and margin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  englishPages,
  PAGE_BUDGET,
  PAGE_KINDS,
  pageKindWeights,
  pageWeight,
  type KindWeight,
} from '../../../src/build/page-weight';
import { REGION_IDS } from '../../../src/regions/index';

const DIST = new URL('../../../dist/', import.meta.url).pathname;
const SCREENS = new URL('../../../src/screens/', import.meta.url).pathname;

/**
 * Kinds whose page is over the 75 KB budget, each with the work that brings it under and the most it may weigh
 * until then (brotli bytes; a page that grows past it fails). A kind within budget that is still listed fails too:
 * the list only shrinks. Empty since every kind is within budget by structure (docs/performance.md "Where the
 * bytes are"); a kind is never added to it.
 */
const OVER_BUDGET: Readonly<Partial<Record<string, { readonly ceilingBrotli: number; readonly until: string }>>> = {};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function describeKind(k: KindWeight): string {
  const page = k.proxied ? `${k.page}, standing in: no ${k.kind} screen yet` : k.page;
  return (
    `${k.kind} (${page}): ${k.weight.js.brotli} B br, margin ${k.marginBrotli} B (${kb(k.marginBrotli)}); ` +
    `${k.weight.jsFiles.length} files, margin ${k.marginFiles}`
  );
}

const built = REGION_IDS.filter((region) => existsSync(`${DIST}${region}/account/en/login.html`));
const weights = new Map<string, KindWeight[]>();
for (const region of built) weights.set(region, await pageKindWeights(`${DIST}${region}`));

describe.each(built)('page budgets, %s build', (region) => {
  const kinds = weights.get(region) ?? [];

  it.each(kinds.map((k) => [describeKind(k), k] as const))('%s', (_name, k) => {
    const over = OVER_BUDGET[k.kind];
    if (over === undefined) {
      expect(k.weight.jsFiles.length, k.weight.jsFiles.join(', ')).toBeLessThanOrEqual(PAGE_BUDGET.jsFiles);
      expect(k.weight.js.brotli, k.weight.jsFiles.join(', ')).toBeLessThanOrEqual(PAGE_BUDGET.jsBrotli);
      return;
    }
    expect(k.weight.js.brotli, `${k.kind} grew past its ceiling; until: ${over.until}`).toBeLessThanOrEqual(
      over.ceilingBrotli,
    );
    expect(k.weight.js.brotli, `${k.kind} is within budget now: take it off OVER_BUDGET`).toBeGreaterThan(
      PAGE_BUDGET.jsBrotli,
    );
  });
});

/**
 * Pages over the budget (the English page; every locale loads the same code), each with the most it may weigh
 * (brotli). Checked in every build: a page that grows past its ceiling fails, a page under budget that is still
 * listed fails, a page not listed that goes over fails. The list only shrinks; it is empty since every page is
 * within budget, and a new screen is never added to it.
 */
const OVER_BUDGET_PAGES: Readonly<Record<string, number>> = {};

describe.each(built)('every page, %s build', (region) => {
  it('loads at most the budget before interaction, or is listed with its ceiling', async () => {
    const faults: string[] = [];
    for (const page of englishPages(`${DIST}${region}`)) {
      const w = await pageWeight(`${DIST}${region}`, page);
      const ceiling = OVER_BUDGET_PAGES[page];
      const where = `${page}: ${w.js.brotli} B br, ${w.jsFiles.length} files`;
      const within = w.js.brotli <= PAGE_BUDGET.jsBrotli && w.jsFiles.length <= PAGE_BUDGET.jsFiles;
      if (ceiling === undefined) {
        if (!within) faults.push(`${where}: over ${PAGE_BUDGET.jsBrotli} B or ${PAGE_BUDGET.jsFiles} files`);
      } else if (w.js.brotli > ceiling) faults.push(`${where}: past its ceiling ${ceiling} B`);
      else if (within) faults.push(`${where}: within budget now, take it off the list`);
    }
    expect(faults).toEqual([]);
    // About 130 pages, each file compressed once (brotli 11): seconds, not the default 5.
  }, 120_000);
});

describe.each(built)('pages without islands, %s build', (region) => {
  // docs/app-shell.md: the start-up is plain TypeScript, so a page without islands (the documents, the console
  // instructions) ships no React. Vite's preload helper once landed in React's file, and the start-up imported it
  // from there: every such page loaded React (61 KB br) for one function.
  it('load the start-up and no React', async () => {
    const dist = `${DIST}${region}`;
    const plain = englishPages(dist).filter(
      (page) => !readFileSync(join(dist, page), 'utf8').includes('<astro-island'),
    );
    expect(plain.length).toBeGreaterThan(5);
    const faults: string[] = [];
    for (const page of plain) {
      const { jsFiles, js } = await pageWeight(dist, page);
      if (jsFiles.some((f) => /\/react\.[\w-]+\.js$/.test(f)) || js.brotli > 10 * 1024)
        faults.push(`${page}: ${js.brotli} B br in ${jsFiles.join(', ')}`);
    }
    expect(faults).toEqual([]);
  });
});

describe('page kinds', () => {
  it('are all measured, each on its own screen once it exists', () => {
    for (const kind of PAGE_KINDS) {
      const hasScreen = existsSync(`${SCREENS}${kind.route}.astro`);
      // A stand-in only while the kind has no screen: when the screen comes, its own page is held to the budget.
      expect(kind.until === undefined, `${kind.kind}: src/screens/${kind.route}.astro exists: ${hasScreen}`).toBe(
        hasScreen,
      );
      if (kind.until !== undefined) expect(existsSync(`${SCREENS}${kind.until.proxy}.astro`)).toBe(true);
    }
  });

  it('are checked for every region', () => {
    expect(REGION_IDS.filter((region) => !built.includes(region))).toEqual([]);
  });
});
