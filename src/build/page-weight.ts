/**
 * What a browser fetches for one built page: the HTML, its stylesheets and
 * every JS module it reaches statically (module scripts, module preloads and
 * each island's component and renderer, following static imports; dynamic
 * imports load later, on demand), with the inline scripts. Byte counts are
 * per file, as a CDN serves them: raw, gzip level 9, brotli quality 11.
 *
 * And the budget of every kind of page (issue 11): each loads at most 75 KB
 * of JavaScript (brotli) in at most 12 files before any interaction. Used by
 * `npm run bench` and by tests/unit/build/page-budgets.test.ts (`npm test`).
 * (Node runs this file directly for the bench: imports carry `.ts`.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { routeByName, type RouteName } from '../routes/registry.ts';
import { loaderImports } from './after-paint.ts';

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageWeight {
  html: Sizes;
  css: Sizes;
  js: Sizes;
  /** URLs of the JS files, in the order found. */
  jsFiles: string[];
  inlineJs: string[];
}

const encoder = new TextEncoder();
const text = (s: string): Uint8Array => encoder.encode(s);

export function sizes(buffers: readonly Uint8Array[]): Sizes {
  const sum = (fn: (b: Uint8Array) => Uint8Array) => buffers.reduce((n, b) => n + fn(b).length, 0);
  return {
    files: buffers.length,
    raw: buffers.reduce((n, b) => n + b.length, 0),
    gzip: sum((b) => gzipSync(b, { level: 9 })),
    brotli: sum((b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

/**
 * Sizes of one buffer, computed once per content: the pages of a region share the same few chunks, and the six
 * region builds share most of theirs (same content, same hashed name), so the budget test compresses each chunk
 * once for all six instead of once per region (brotli 11 is most of its time). Inline scripts repeat too.
 */
const sizeCache = new Map<string, Sizes>();
function sizesOf(bytes: Uint8Array): Sizes {
  const digest = createHash('sha256').update(bytes).digest('base64');
  let known = sizeCache.get(digest);
  if (known === undefined) {
    known = sizes([bytes]);
    sizeCache.set(digest, known);
  }
  return known;
}
const fileSizes = (path: string): Sizes => sizesOf(readFileSync(path));

function sum(parts: readonly Sizes[]): Sizes {
  return parts.reduce(
    (a, b) => ({ files: a.files + b.files, raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    { files: 0, raw: 0, gzip: 0, brotli: 0 },
  );
}

/** A page's inline scripts (Astro's island runtime, the head script), not its JSON data blocks. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
}

/** Brotli bytes of inline scripts, each compressed on its own as the budget counts them (the HTML carries them). */
export function inlineBrotli(scripts: readonly string[]): number {
  return scripts.reduce((n, script) => n + sizesOf(text(script)).brotli, 0);
}

/** The page at `htmlPath` (site-absolute, e.g. "/account/en/login.html") of the static site in `dist`. */
export async function pageWeight(dist: string, htmlPath: string): Promise<PageWeight> {
  await init;
  const html = readFileSync(join(dist, htmlPath), 'utf8');
  const css = new Set<string>();
  const js = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(m[1] ?? '');
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(m[1] ?? '');
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1] ?? '');
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) js.add(m[1] ?? '');
  // The start-up, imported right after the first paint (src/build/after-paint.ts): part of the page's start.
  for (const url of loaderImports(html)) js.add(url);
  const seen = new Set<string>();
  const queue = [...js];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const [imports] = parse(readFileSync(join(dist, url), 'utf8'));
    for (const imp of imports) {
      if (imp.d !== -1 || imp.n === undefined) continue; // dynamic imports load later, on demand
      if (imp.n.startsWith('.') || imp.n.startsWith('/')) queue.push(new URL(imp.n, `http://x${url}`).pathname);
    }
  }
  const inlineJs = inlineScripts(html);
  let htmlSizes: Sizes | undefined;
  return {
    // Compressed when read (the bench prints it; the budgets count only scripts): each page's HTML is its own.
    get html() {
      htmlSizes ??= sizes([text(html)]);
      return htmlSizes;
    },
    css: sum([...css].map((u) => fileSizes(join(dist, u)))),
    js: sum([...[...seen].map((u) => fileSizes(join(dist, u))), ...inlineJs.map((s) => sizesOf(text(s)))]),
    jsFiles: [...seen],
    inlineJs,
  };
}

/** JavaScript a page may load before any interaction: brotli bytes and files (inline scripts count, not as files). */
export const PAGE_BUDGET = { jsBrotli: 75 * 1024, jsFiles: 12 } as const;

/**
 * What each kind of page may load by idle (issue 25 §1), its warmed action path included (brotli bytes, as the
 * browser fetches them: tests/e2e/loaded-budget.spec.ts). The page's budget above holds what it loads before; this
 * one keeps loading code before it is needed from creeping. Set at the measured weight plus about 10 %
 * (docs/performance.md "Code before it is needed").
 */
export const IDLE_BUDGET: Readonly<Record<'login' | 'create' | 'settings' | 'self-service', number>> = {
  // Measured (global build, English pages), with each API area's contract in a file of its own
  // (src/build/chunk-groups.ts): login 111,290 B in 35 files; create 105,749 B in 34; the reset password start
  // 99,515 B in 20; the player-tag change signed in 102,306 B in 26 (all thirty areas in one file: 123,001,
  // 120,765, 114,079 and 117,278 B).
  login: 122_400,
  create: 116_300,
  settings: 112_500,
  'self-service': 109_500,
};

export interface PageKind {
  /** The kind of page (issue 11: login, create, a settings screen, a self-service screen, a platform screen). */
  readonly kind: string;
  /** The route whose page stands for the kind. */
  readonly route: RouteName;
  /**
   * While `route` has no screen: the closest existing page, measured instead. The kind's own page takes over as
   * soon as its screen exists (the budget test fails if the proxy is still listed then).
   */
  readonly until?: { readonly proxy: RouteName; readonly why: string };
}

export const PAGE_KINDS: readonly PageKind[] = [
  { kind: 'login', route: 'login' },
  { kind: 'create', route: 'create' },
  { kind: 'settings', route: 'security' },
  { kind: 'self-service', route: 'self-reset-password' },
  { kind: 'platform', route: 'platform-login' },
];

/** A registry path as a pattern over locale-relative page paths (any value for a parameter). */
function pathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      const param = /^\{\w+(\?)?\}$/.exec(segment);
      if (param === null) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return param[1] === '?' ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The built page of a route in English (the first of its paths, in file order), or undefined when none was built. */
export function routePage(dist: string, route: RouteName): string | undefined {
  const base = join(dist, 'account', 'en');
  if (!existsSync(base)) return undefined;
  const pattern = pathPattern(routeByName(route).path);
  const pages = readdirSync(base, { recursive: true })
    .map((f) => String(f).replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/${f.slice(0, -'.html'.length)}`)
    .filter((f) => pattern.test(f))
    .sort();
  return pages[0] === undefined ? undefined : `/account/en${pages[0]}.html`;
}

/** Every page a build has in English (the other locales load the same code), site-absolute and sorted. */
export function englishPages(dist: string): string[] {
  const base = join(dist, 'account', 'en');
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true })
    .map((f) => String(f).replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/account/en/${f}`)
    .sort();
}

export interface KindWeight {
  readonly kind: string;
  /** The route measured: the kind's own, or its proxy while the kind has no screen. */
  readonly route: RouteName;
  readonly proxied: boolean;
  readonly page: string;
  readonly weight: PageWeight;
  /** Budget left (negative when over): brotli bytes and files. */
  readonly marginBrotli: number;
  readonly marginFiles: number;
}

/** Every page kind of a built region, measured against PAGE_BUDGET. */
export async function pageKindWeights(dist: string): Promise<KindWeight[]> {
  const out: KindWeight[] = [];
  for (const kind of PAGE_KINDS) {
    const own = routePage(dist, kind.route);
    const route = own === undefined && kind.until !== undefined ? kind.until.proxy : kind.route;
    const page = own ?? routePage(dist, route);
    if (page === undefined) throw new Error(`${dist}: no page for ${kind.kind} (route ${route})`);
    const weight = await pageWeight(dist, page);
    out.push({
      kind: kind.kind,
      route,
      proxied: route !== kind.route,
      page,
      weight,
      marginBrotli: PAGE_BUDGET.jsBrotli - weight.js.brotli,
      marginFiles: PAGE_BUDGET.jsFiles - weight.jsFiles.length,
    });
  }
  return out;
}
