#!/usr/bin/env node
/**
 * npm run bench — one run measures:
 *  1. build time and page count per region;
 *  2. the bytes (raw, gzip, brotli) of HTML, CSS and JS that the login page
 *     really loads (scripts, module preloads and each island's component and
 *     renderer, following static imports), next to a bare React-island floor
 *     page built alongside, against the budget (JS ≤ 75 KB br, ≤ 1.25× floor);
 *  3. first paint and hydration of the login page in Chromium on a throttled
 *     phone profile (4G, 4× CPU);
 *  4. API latency (p50/p95) of hot calls against `wrangler pages dev`.
 * Prints tables and writes bench-results/bench.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageWeight, sizes } from '../src/build/page-weight.ts';
import { BIN, buildRegion, mustRun, REGIONS, ROOT } from './lib.mjs';

const BUDGET = { loginJsBrotli: 75 * 1024, floorRatio: 1.25 };
const out = { date: new Date().toISOString(), builds: [], pages: {}, paint: null, api: [], budget: BUDGET };
const onlyGlobal = process.argv.includes('--quick');

// 1. Builds
for (const region of onlyGlobal ? ['global'] : REGIONS) {
  const ms = await buildRegion(region, { quiet: true });
  const pages = countHtml(join(ROOT, 'dist', region));
  out.builds.push({ region, seconds: +(ms / 1000).toFixed(2), pages });
}
console.log('\nBuild per region');
console.table(out.builds);

// 2. Bytes of the login page and the floor page
const floorRoot = join(ROOT, 'bench', 'floor');
await mustRun(join(BIN, 'astro'), ['build', '--root', floorRoot], { quiet: true });
out.pages.floor = await pageWeight(join(ROOT, 'bench-results', 'floor-dist'), '/index.html');
// For information: the same floor with React bundled as the portal bundles it (one vendor file).
await mustRun(join(BIN, 'astro'), ['build', '--root', floorRoot], { quiet: true, env: { FLOOR_REACT_CHUNK: '1' } });
out.pages.floorReactChunk = await pageWeight(join(ROOT, 'bench-results', 'floor-react-chunk-dist'), '/index.html');
const loginFile = '/account/en/login.html';
if (!existsSync(join(ROOT, 'dist', 'global', loginFile))) throw new Error('dist/global has no login page');
out.pages.login = await pageWeight(join(ROOT, 'dist', 'global'), loginFile);
const rows = Object.entries(out.pages)
  .filter(([, w]) => w.html)
  .flatMap(([page, w]) =>
    ['html', 'css', 'js'].map((kind) => ({
      page,
      kind,
      files: w[kind].files,
      raw: w[kind].raw,
      gzip: w[kind].gzip,
      brotli: w[kind].brotli,
    })),
  );
console.log('\nBytes the page loads');
console.table(rows);
// 3 and 4 need the running stack
const { measurePaint, measureApi, withServer } = await import('./bench-live.mjs');
await withServer(async (baseUrl) => {
  const { scripts, ...paint } = await measurePaint(`${baseUrl}${loginFile.replace(/\.html$/, '')}`);
  out.paint = paint;
  console.log('\nLogin page on a throttled phone (4G 9 Mbps/150 ms RTT, 4× CPU), median of runs');
  console.table([out.paint]);
  // What Chromium really fetched without interaction, dynamic imports included.
  const loaded = scripts.map((u) => readFileSync(join(ROOT, 'dist', 'global', u)));
  const inline = out.pages.login.inlineJs.map((t) => Buffer.from(t));
  out.pages.loginLoaded = { js: sizes([...loaded, ...inline]), jsFiles: scripts };
  out.api = await measureApi(baseUrl);
  console.log('\nAPI latency');
  console.table(out.api);
});

// The budget applies to what the browser really loaded (≥ the static graph when shell work is deferred).
const loginJs = Math.max(out.pages.login.js.brotli, out.pages.loginLoaded.js.brotli);
const floorJs = out.pages.floor.js.brotli;
out.verdict = {
  loginStaticGraphJsBrotli: out.pages.login.js.brotli,
  loginLoadedJsBrotli: out.pages.loginLoaded.js.brotli,
  floorJsBrotli: floorJs,
  ratio: +(loginJs / floorJs).toFixed(3),
  floorReactChunkJsBrotli: out.pages.floorReactChunk.js.brotli,
  ratioToFloorReactChunk: +(loginJs / out.pages.floorReactChunk.js.brotli).toFixed(3),
  withinBudget: loginJs <= BUDGET.loginJsBrotli && loginJs <= BUDGET.floorRatio * floorJs,
};
console.log(
  `\nlogin JS: static graph ${(out.pages.login.js.brotli / 1024).toFixed(1)} KB br, loaded by Chromium ` +
    `${(out.pages.loginLoaded.js.brotli / 1024).toFixed(1)} KB br (${out.pages.loginLoaded.js.files} files); ` +
    `floor ${(floorJs / 1024).toFixed(1)} KB br; ${out.verdict.ratio}× floor. ` +
    `Budget ${BUDGET.loginJsBrotli / 1024} KB and ${BUDGET.floorRatio}×: ${out.verdict.withinBudget ? 'WITHIN BUDGET' : 'OVER BUDGET'}`,
);
console.log(
  `(for information: the floor with the portal's React chunk is ` +
    `${(out.verdict.floorReactChunkJsBrotli / 1024).toFixed(1)} KB br; ${out.verdict.ratioToFloorReactChunk}× that floor)`,
);

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'bench.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('\nwrote bench-results/bench.json');
if (!out.verdict.withinBudget) process.exitCode = 1;

function countHtml(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}
