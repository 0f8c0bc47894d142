/**
 * Checks of the built output of every region (run after `npm run build:all`):
 * config fixed at build time, one region's values never in another's output,
 * every locale rendered with its lang, every inline script hashed by the CSP, no script fetched before the first
 * paint.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loaderImports, startupLoader } from '../../../src/build/after-paint';
import { collectInlineScriptHashes } from '../../../src/build/security-headers';
import { HEAD_SCRIPT } from '../../../src/client/startup/head-script';
import { htmlLang, LOCALES } from '../../../src/i18n/locales';
import { regions, REGION_IDS, type RegionConfig } from '../../../src/regions/index';
import { CONSOLE_PLATFORMS, SOCIAL_PROVIDERS } from '../../../src/regions/schema';

const DIST = new URL('../../../dist/', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

/**
 * The portal's shared vocabulary (every provider and platform the contract knows): the same in every build by
 * design, so a name from it is not a region's value even when only some regions enable it.
 */
const VOCABULARY = new Set<string>([...SOCIAL_PROVIDERS, ...CONSOLE_PLATFORMS, ...REGION_IDS]);

/** Values of `other` that `own` does not share and that are long enough to be unambiguous. */
function distinctive(other: RegionConfig, own: RegionConfig): string[] {
  const mine = new Set(stringLeaves(own));
  return [...new Set(stringLeaves(other))].filter(
    (v) => v.length >= 8 && !VOCABULARY.has(v) && !mine.has(v) && ![...mine].some((m) => m.includes(v)),
  );
}

describe.each(REGION_IDS)('dist/%s', (id) => {
  const root = join(DIST, id);
  const all = existsSync(root) ? files(root) : [];
  const texts = all
    .filter((f) => /\.(html|js|css|json|txt)$|_headers$/.test(f))
    .map((f) => [f, readFileSync(f, 'utf8')] as const);

  it('exists with pages for every locale', () => {
    expect(all.length, `run npm run build:all first (${root})`).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(existsSync(join(root, 'account', locale, 'error.html')), locale).toBe(true);
  });

  // Searches every text file of the build (~90 MB a region) for each value of the five other regions: about a
  // second on a quiet machine, and past the default 5 s when the machine is loaded (seen: 8.9 s), so it gets 60 s.
  it('holds no other region’s values', { timeout: 60_000 }, () => {
    for (const other of REGION_IDS.filter((o) => o !== id)) {
      for (const value of distinctive(regions[other], regions[id])) {
        const leaks = texts.filter(([, text]) => text.includes(value)).map(([f]) => f.slice(root.length));
        expect(leaks, `${other} value "${value}" in dist/${id}`).toEqual([]);
      }
    }
  });

  it('marks its own region and renders each locale with its lang', () => {
    for (const locale of LOCALES) {
      const html = readFileSync(join(root, 'account', locale, 'error.html'), 'utf8');
      expect(html).toContain(`<html lang="${htmlLang(locale)}"`);
      expect(html).toContain(`data-region="${id}"`);
    }
  });

  it('hashes every inline script in its _headers', () => {
    const headers = readFileSync(join(root, '_headers'), 'utf8');
    for (const [file, text] of texts.filter(([f]) => f.endsWith('.html'))) {
      for (const hash of collectInlineScriptHashes(text, file)) expect(headers, `${file}: ${hash}`).toContain(hash);
    }
    expect(existsSync(join(root, '_routes.json'))).toBe(true);
  });

  // docs/performance.md "Code after the first paint": the parser fetches no script, the start-up and the islands
  // that hydrated at load wait for the head script's promise, and every page that has the loader has the promise.
  it('starts every page’s code after its first paint', () => {
    const pages = texts.filter(([f]) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(0);
    for (const [file, html] of pages) {
      expect(html, file).not.toMatch(/<script\b[^>]*\btype="module"/);
      expect(html, file).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html, file).not.toContain('client="load"');
      const imports = loaderImports(html);
      if (imports.length === 0) continue;
      expect(imports, file).toHaveLength(1);
      expect(existsSync(join(root, imports[0] ?? '')), `${file}: ${imports[0] ?? ''}`).toBe(true);
      const head = html.indexOf(`<script>${HEAD_SCRIPT};${startupLoader(imports[0] ?? '')}</script>`);
      expect(head, file).toBeGreaterThan(-1);
      expect(head, file).toBeLessThan(html.indexOf('<body'));
    }
    // Every page of the portal has the Shell's start-up (the 404 page included).
    expect(pages.filter(([, html]) => loaderImports(html).length === 1).length).toBe(pages.length);
  });
});
