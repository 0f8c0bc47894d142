/**
 * The parts of `npm run bench` that need the running stack: paint in Chromium (the login page's scripts; the
 * side-by-side LCP run of --lcp) and API latency.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, TOOL_ENV } from './lib.mjs';

// BENCH_PORT moves the bench's server (two checkouts measuring side by side).
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function withServer(fn) {
  const child = spawn(
    process.execPath,
    // --fresh: every run starts from an empty database. The sign-in rounds of earlier runs (the same unknown
    // address, the same loopback IP) switch the visible captcha on (20072), and the second sign-in click would
    // wait for a dialog that never comes.
    [
      join(ROOT, 'scripts', 'serve.mjs'),
      '--port',
      String(PORT),
      '--persist',
      '.wrangler/bench',
      '--fresh',
      '--no-watch',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...TOOL_ENV },
      stdio: 'ignore',
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/account/en/error`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('bench server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    await fn(base);
  } finally {
    process.kill(-child.pid, 'SIGTERM');
  }
}

/** The middle value (the upper one of an even count), as every table of the bench reports it. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A phone-sized context, a page in it, and the throttling of every measurement (4G 9 Mbps/150 ms RTT, 4× CPU). */
async function throttledPage(browser, setup = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await setup(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/**
 * First contentful paint and island hydration of a page on a throttled phone
 * profile, and every script the page really loads without interaction (static
 * and dynamic imports alike) until the network is idle: `scripts` those
 * requested before the page started warming its action path (the `warm-path`
 * mark, src/islands/shared/warm-path.ts: what the page needs before
 * interaction, held to the page budget), `idleScripts` all of them (held to
 * the kind's idle budget), as tests/e2e/loaded-budget.spec.ts splits them.
 */
export async function measurePaint(url, runs = 5) {
  const browser = await launch();
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { context, page } = await throttledPage(browser);
      const scripts = new Set();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
      });
      await page.goto(url, { waitUntil: 'load' });
      // Hydrated when no astro-island is still server-rendered only (Astro removes the ssr attribute).
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
        timeout: 30_000,
      });
      const m = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const nav = performance.getEntriesByType('navigation')[0];
        return {
          fcp,
          domContentLoaded: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
          hydrated: performance.now(),
        };
      });
      // Whatever the page fetches on its own after hydration (shell work on idle) counts too.
      await page.waitForLoadState('networkidle');
      const starts = await page.evaluate(() => ({
        warmAt: performance.getEntriesByName('warm-path').at(0)?.startTime ?? Number.POSITIVE_INFINITY,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.endsWith('.js'))
          .map((e) => [new URL(e.name).pathname, e.startTime]),
      }));
      const startOf = new Map(starts.scripts);
      const before = [...scripts].filter((url) => (startOf.get(url) ?? 0) < starts.warmAt);
      samples.push({ ...m, scripts: before.sort(), idleScripts: [...scripts].sort() });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    runs,
    scripts: samples.at(-1)?.scripts ?? [],
    idleScripts: samples.at(-1)?.idleScripts ?? [],
    fcpMs: Math.round(median(samples.map((s) => s.fcp))),
    domContentLoadedMs: Math.round(median(samples.map((s) => s.domContentLoaded))),
    loadMs: Math.round(median(samples.map((s) => s.load))),
    hydratedMs: Math.round(median(samples.map((s) => s.hydrated))),
  };
}

/** The largest contentful paint so far and its element (read once the page is idle: LCP stops at input). */
function readPaints() {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries.at(-1);
      const el = last?.element;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      resolve({
        fcp,
        lcp: last?.startTime ?? NaN,
        element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '',
        text: (el?.textContent ?? '').trim().slice(0, 40),
      });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * First contentful paint and largest contentful paint of pages side by side, on the throttled phone profile:
 * each run loads every page once, cold (a fresh context: no cache, no cookies but the page's own setup), in turn,
 * so drift of the machine touches all alike. `pages`: [{ name, path, setup?(context) }], the first is the floor
 * the others are divided by. Times are medians of `runs`; a ratio is the median of each round's ratio to that
 * round's trivial page, not a ratio of medians: the trivial page's own time moves with the machine's load by
 * tens of ms between rounds, and dividing within a round cancels that drift.
 */
export async function measureLcp(base, pages, runs = 5) {
  const browser = await launch();
  const samples = new Map(pages.map((p) => [p.name, []]));
  try {
    for (let i = 0; i < runs; i++) {
      for (const spec of pages) {
        const { context, page } = await throttledPage(browser, spec.setup);
        let requests = 0;
        page.on('request', () => {
          requests += 1;
        });
        const response = await page.goto(`${base}${spec.path}`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        const paints = await page.evaluate(readPaints);
        samples
          .get(spec.name)
          .push({ ...paints, requests, url: new URL(page.url()).pathname, status: response?.status() });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const floorRows = samples.get(pages[0].name);
  const roundRatio = (rows, key) => median(rows.map((s, i) => s[key] / floorRows[i][key]));
  return pages.map(({ name, path }) => {
    const rows = samples.get(name);
    const lcp = median(rows.map((s) => s.lcp));
    const fcp = median(rows.map((s) => s.fcp));
    const last = rows.at(-1);
    return {
      page: name,
      path,
      landedOn: last.url,
      fcpMs: Math.round(fcp),
      lcpMs: Math.round(lcp),
      lcpRatio: +roundRatio(rows, 'lcp').toFixed(2),
      fcpRatio: +roundRatio(rows, 'fcp').toFixed(2),
      lcpElement: last.element,
      lcpText: last.text,
      requests: last.requests,
    };
  });
}

/** Sequential latency of the hot API calls (bounded: N requests each, loopback only). */
export async function measureApi(base, n = 50) {
  const calls = [
    { name: 'GET configuration', url: '/api/account/v1/no-auth/configuration', init: {} },
    { name: 'GET membership-no', url: '/api/country-membership/v1/no-auth/membership-no', init: {} },
  ];
  // The sign-in hot path: the password step with the full hash cost (an unknown account is checked against a
  // decoy hash of the same parameters). Each try uses its own address and client IP so no limit trips.
  const loginBody = (i) =>
    JSON.stringify({
      id: `bench-${i}-${Date.now()}@example.com`,
      password: 'Bench-pass-2049!',
      captchaToken: 'dev-captcha-pass',
      captchaVersion: 'v3',
      deviceId: '11111111-1111-4111-8111-111111111111',
      localTime: '2026-01-01T00:00:00',
      timeOffset: 0,
      autoLogin: false,
      membershipNo: 1,
    });
  let tries = 0;
  calls.push({
    name: 'POST web email login (password step)',
    url: '/api/account/v1/no-auth/web/email/login',
    n: 20,
    init: () => ({
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: base,
        // FRONTEND_VERSION_HEADER / FRONTEND_VERSION of src/shared/contract/http.ts (a wrong value shows as 403 here).
        'x-frontend-version': 'v1.129.1',
        'CF-Connecting-IP': `198.51.100.${(tries % 250) + 1}`,
      },
      body: loginBody(tries++),
    }),
  });
  const rows = [];
  for (const call of calls) {
    const times = [];
    let status = 0;
    const count = call.n ?? n;
    for (let i = 0; i < count; i++) {
      const init = typeof call.init === 'function' ? call.init() : call.init;
      const t0 = performance.now();
      const res = await fetch(`${base}${call.url}`, init);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      status = res.status;
    }
    rows.push({
      call: call.name,
      status,
      n: count,
      p50ms: +median(times).toFixed(1),
      p95ms: +pct(times, 95).toFixed(1),
    });
  }
  return rows;
}

/** The English catalogue's text of a key (the first-click actions run on /account/en/). */
function englishLabel() {
  const catalogue = JSON.parse(readFileSync(join(ROOT, 'src', 'locales', 'en.json'), 'utf8'));
  return (key) => {
    const value = key.split('.').reduce((node, part) => (node === undefined ? undefined : node[part]), catalogue);
    if (typeof value !== 'string') throw new Error(`no catalogue key ${key} in en`);
    return value;
  };
}

/**
 * The first click on each primary button (issue 25 §1; bench/first-click.ts), on the throttled phone profile and
 * so with the phone's gesture, a tap: a cold tap (a fresh context: the page's first visit, hydrated, the form filled
 * as a player would, no request for 2 s) and the same tap again (warm: the code is in memory, the form filled
 * again). Per action the median of `runs` rounds of the time from the click the tap makes to the call leaving the
 * browser, and the scripts fetched on the cold tap's path.
 * `newSession()` gives a fresh signed-in setup for the settings change (each round renames a new account).
 */
/** The lowest and highest cold ÷ warm of single rounds, as "1.10–1.90×". */
function ratioRange(rows) {
  const ratios = rows.map((r) => r.cold / Math.max(r.warm, 1));
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
}

export async function measureFirstClicks(base, newSession, runs = 3) {
  const { FIRST_CLICKS, clickToCall, hydratedPage, quietFor } = await import('../bench/first-click.ts');
  const label = englishLabel();
  const browser = await launch();
  const samples = new Map(FIRST_CLICKS.map((a) => [a.name, []]));
  try {
    for (let i = 0; i < runs; i++) {
      for (const action of FIRST_CLICKS) {
        const setup = action.signedIn ? await newSession() : undefined;
        const { context, page } = await throttledPage(browser, setup);
        await page.goto(`${base}${action.path}`, { waitUntil: 'load' });
        await hydratedPage(page);
        const accept = page.getByRole('button', { name: label('shell.cookie.necessary') });
        if (await accept.isVisible()) await accept.click();
        await action.fill(page, label);
        // As tests/e2e/first-click.spec.ts: the page idle for 2 s (a player takes longer to fill the form).
        await quietFor(page, 2_000);
        const cold = await clickToCall(page, action, label, 'tap');
        await action.again(page, label);
        await quietFor(page, 2_000);
        const warm = await clickToCall(page, action, label, 'tap');
        samples.get(action.name).push({ cold: cold.ms, warm: warm.ms, scripts: cold.scripts });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return FIRST_CLICKS.map(({ name }) => {
    const rows = samples.get(name);
    const cold = median(rows.map((r) => r.cold));
    const warm = median(rows.map((r) => r.warm));
    return {
      action: name,
      coldMs: Math.round(cold),
      warmMs: Math.round(warm),
      coldOverWarm: +(cold / Math.max(warm, 1)).toFixed(2),
      // Each round's own ratio, lowest to highest: how far one round moves, beside the medians' ratio the goal reads.
      roundRatios: ratioRange(rows),
      coldMsRange: `${Math.min(...rows.map((r) => r.cold))}–${Math.max(...rows.map((r) => r.cold))}`,
      scriptsOnColdClick: Math.max(...rows.map((r) => r.scripts.length)),
      coldClickScripts: [...new Set(rows.flatMap((r) => r.scripts))].join(' '),
    };
  });
}
