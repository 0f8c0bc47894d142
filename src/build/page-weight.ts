/**
 * What a browser fetches for one built page: the HTML, its stylesheets and
 * every JS module it reaches statically (module scripts, module preloads and
 * each island's component and renderer, following static imports; dynamic
 * imports load later, on demand), with the inline scripts. Byte counts are
 * per file, as a CDN serves them: raw, gzip level 9, brotli quality 11.
 * Used by `npm run bench` and by the build-output budget test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

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
  const inlineJs = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1] ?? '');
  return {
    html: sizes([text(html)]),
    css: sizes([...css].map((u) => readFileSync(join(dist, u)))),
    js: sizes([...[...seen].map((u) => readFileSync(join(dist, u))), ...inlineJs.map(text)]),
    jsFiles: [...seen],
    inlineJs,
  };
}
