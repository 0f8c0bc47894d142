/**
 * `npm run bench -- --lighthouse`: Lighthouse's own mobile run of each goal page beside a trivial static page
 * (issue 25 §1 asks for the LCP goal "both in Lighthouse mobile (simulated) and in the bench's throttled run").
 * Lighthouse loads each page once in Debian's Chromium on loopback, unthrottled, and simulates the phone from what
 * it saw (Lantern: 150 ms RTT, 1.6 Mbps, 4× CPU): its LCP is a model of the page's dependency graph, so it moves far
 * less with this machine's load than the throttled run does (docs/performance.md "Lighthouse's view").
 */
import { chromium, request } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './bench-live.mjs';

/**
 * `pages`: [{ name, path, setup? }], the first is the trivial page the others are divided by, round by round (a
 * ratio is the median of each round's ratio, as in `measureLcp`). `setup` is the signed-in setup of the throttled
 * run: it gets a request context, and the cookies it leaves there go into the browser's jar for that page's run
 * (Lighthouse keeps cookies between runs; a Cookie header of its `extraHeaders` loses to the jar's device cookie).
 */
export async function measureLighthouse(base, pages, runs = 3) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    logLevel: 'silent',
  });
  // The same browser, to put a signed-in page's cookies in its jar (Lighthouse runs in its default context).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const jar = browser.contexts()[0];
  const samples = new Map(pages.map((p) => [p.name, []]));
  try {
    for (let i = 0; i < runs; i++) {
      for (const spec of pages) {
        await jar.clearCookies();
        if (spec.setup !== undefined) await jar.addCookies(await sessionCookies(base, spec.setup));
        samples.get(spec.name).push(await audit(`${base}${spec.path}`, chrome.port));
      }
    }
  } finally {
    await browser.close();
    chrome.kill();
  }
  const floorRows = samples.get(pages[0].name);
  return pages.map(({ name, path }) => {
    const rows = samples.get(name);
    const last = rows.at(-1);
    return {
      page: name,
      path,
      landedOn: last.landedOn,
      score: median(rows.map((r) => r.score)),
      fcpMs: Math.round(median(rows.map((r) => r.fcp))),
      lcpMs: Math.round(median(rows.map((r) => r.lcp))),
      lcpRatio: +median(rows.map((r, k) => r.lcp / floorRows[k].lcp)).toFixed(2),
      tbtMs: Math.round(median(rows.map((r) => r.tbt))),
      // What moved once painted (the settings pages' lists arriving; docs/performance.md "Layout shift on the
      // settings pages"): Lighthouse weighs it a quarter of the score.
      cls: +median(rows.map((r) => r.cls)).toFixed(3),
      renderDelayMs: Math.round(median(rows.map((r) => r.renderDelay))),
      requestsBeforeLcp: median(rows.map((r) => r.requestsBeforeLcp)),
      kbBeforeLcp: +median(rows.map((r) => r.kbBeforeLcp)).toFixed(1),
      lcpElement: last.lcpElement,
    };
  });
}

/**
 * One Lighthouse run of `url`. A run whose trace lost the navigation's start (NO_NAVSTART, about one run in 60
 * here) is run again, at most twice: the page is not at fault, and a bench that stops on it measures nothing.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const error = result?.lhr.runtimeError;
    if (result !== undefined && error === undefined) return summarise(result.lhr);
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error?.code ?? 'no result'}`);
  }
}

/** What one Lighthouse report says of the page's first paint. */
function summarise(lhr) {
  const audits = lhr.audits;
  const metrics = audits.metrics?.details?.items?.[0] ?? {};
  const breakdown = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const subparts = breakdown.find((item) => item.type === 'table')?.items ?? [];
  const element = breakdown.find((item) => item.type === 'node');
  // What the simulation counts before the largest paint (Lantern's LCP graphs): every request that finished before
  // the paint was seen in the unthrottled load, whatever its priority (low-priority images aside), each then costs
  // round trips and bytes at the simulated 1.6 Mbps. A page whose scripts arrive before its first paint on loopback
  // pays for all of them in the simulation (docs/performance.md "Lighthouse's view").
  const observedLcp = metrics.observedLargestContentfulPaint ?? Infinity;
  const counted = (audits['network-requests']?.details?.items ?? []).filter(
    (r) => r.networkEndTime <= observedLcp && !(r.resourceType === 'Image' && /^(Low|VeryLow)$/.test(r.priority)),
  );
  return {
    landedOn: new URL(lhr.finalDisplayedUrl).pathname,
    score: lhr.categories.performance.score,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    renderDelay: subparts.find((s) => s.subpart === 'elementRenderDelay')?.duration ?? 0,
    requestsBeforeLcp: counted.length,
    kbBeforeLcp: counted.reduce((n, r) => n + r.transferSize, 0) / 1024,
    lcpElement: element?.selector ?? '',
  };
}

/** The cookies of the session `setup` makes (Playwright reads the Set-Cookie answers, not this file). */
async function sessionCookies(base, setup) {
  const api = await request.newContext({ baseURL: base });
  try {
    const cookies = async () => (await api.storageState()).cookies;
    await setup({ request: api, cookies });
    return await cookies();
  } finally {
    await api.dispose();
  }
}
