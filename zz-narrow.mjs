// Ad-hoc: every page of the global build at 390 px in a few locales: scrollWidth > 390.
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import { withServer } from './scripts/bench-live.mjs';
const root = 'dist/global/account/en';
const pages = [];
(function walk(d) { for (const f of readdirSync(d)) { const p = join(d, f); if (statSync(p).isDirectory()) walk(p); else if (f.endsWith('.html')) pages.push(relative(root, p).replace(/\.html$/, '')); } })(root);
const locales = (process.env.LOCALES ?? 'ja,de,th').split(',');
await withServer(async (base) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (process.env.SIGNED_IN) {
    const fv = /FRONTEND_VERSION\s*=\s*'([^']+)'/.exec(readFileSync('src/shared/contract/http.ts', 'utf8'))?.[1];
    const headers = { 'Content-Type': 'application/json', Origin: base, 'x-frontend-version': fv };
    const post = async (path, body) => { const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }); if (!r.ok) throw new Error(`${path} ${r.status}`); return r; };
    const { accountId } = await (await post('/api/dev/account', { email: `narrow-${Date.now().toString(36)}@bench.lumenforge.test`, password: 'Forge-Light-2049!' })).json();
    await post('/api/dev/account/state', { accountId, countryCode: 'US', birth: { year: 1994, month: 6 }, termsAccepted: true });
    await context.request.post(`${base}/api/dev/session`, { headers, data: { accountId } });
  }
  const page = await context.newPage();
  let n = 0;
  for (const locale of locales) for (const p of pages) {
    try { await page.goto(`${base}/account/${locale}/${p}`, { waitUntil: 'networkidle', timeout: 15000 }); } catch { continue; }
    await page.waitForTimeout(100);
    const r = await page.evaluate(() => {
      const w = 390;
      const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 0.5 && getComputedStyle(el).position !== 'fixed').slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}:${Math.round(el.getBoundingClientRect().right)}`);
      return { sw: document.documentElement.scrollWidth, wide };
    });
    n++;
    if (r.sw > 390) console.log(locale, p, '->', page.url().replace(base, ''), r.sw, r.wide.join(' '));
  }
  console.log('loads', n);
  await browser.close();
});
