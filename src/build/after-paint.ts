/**
 * The page's code starts after its first paint (issue 25 §1, docs/performance.md "Code after the first paint").
 *
 * Astro writes the Shell's start-up as `<script type="module" src>`, which the parser fetches while the page is
 * still being read and runs before the first frame when it arrives first (on a fast connection, always). After
 * the build each page's module script goes, and the head script that makes `afterFirstPaint`
 * (src/client/startup/head-script.ts) imports the same file once it resolves; the islands that hydrated at load use the
 * `client:painted` directive (src/client/directives/painted.ts), which waits for the same promise. The
 * first paint then waits for no script file: Lighthouse's simulation counted every file that arrived before it
 * (the start-up alone cost 200 to 400 ms of simulated LCP on every page), and a slow phone ran them before it.
 *
 * Runs before the security headers (astro.config.mjs orders the integrations): the head script it changes is
 * hashed into the CSP after it. Node runs this file for the config: type-only imports.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The only module script Astro writes into a page: the Shell's start-up (a bare tag, no other attribute). */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;
/** A module script in any other form, which the rewrite would miss: the build fails on it. */
const ANY_MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/;
/**
 * The Shell's head script tag (src/client/startup/head-script.ts), which the loader is appended to: found by the
 * promise it makes, since Node, which runs this file for the bench, cannot load that module (extensionless imports).
 */
const HEAD_SCRIPT_TAG = /<script>([^<]*\bafterFirstPaint=new Promise[^<]*)<\/script>/;

/** The loader of a page's start-up file, appended to the head script (one inline script: fewer bytes than two). */
export function startupLoader(src: string): string {
  return `afterFirstPaint.then(()=>import(${JSON.stringify(src)}))`;
}

const LOADER = /\bafterFirstPaint\.then\(\(\)=>import\(("[^"]+")\)\)/g;

/** The files a page's loaders import after the first paint (the page's start, as a module script was). */
export function loaderImports(html: string): string[] {
  return [...html.matchAll(LOADER)].map((m) => JSON.parse(m[1] ?? '""') as string);
}

/**
 * The page with its module scripts taken out and loaded by the head script after the first paint; throws on a
 * module script of another form, and on a page with a module script but no head script.
 */
export function loadAfterPaint(html: string, file: string): string {
  const loaders: string[] = [];
  let out = html.replace(MODULE_SCRIPT, (_tag, src: string) => {
    loaders.push(startupLoader(src));
    return '';
  });
  if (ANY_MODULE_SCRIPT.test(out)) {
    throw new Error(`after-paint: ${file} has a module script the after-paint loader does not cover`);
  }
  if (loaders.length === 0) return html;
  if (!HEAD_SCRIPT_TAG.test(out)) {
    throw new Error(`after-paint: ${file} loads its start-up after the first paint but has no head script`);
  }
  out = out.replace(HEAD_SCRIPT_TAG, (_tag, body: string) => `<script>${[body, ...loaders].join(';')}</script>`);
  return out;
}

/** The integration: the `client:painted` directive, and the pages' start-ups loaded after the first paint. */
export function afterPaint(): AstroIntegration {
  return {
    name: 'portal-after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('../client/directives/painted.ts', import.meta.url)),
        });
      },
      'astro:build:done': async ({ dir, pages }) => {
        const outDir = fileURLToPath(dir);
        for (const page of pages) {
          const file = `${outDir}${page.pathname.replace(/\/$/, '') || 'index'}.html`;
          const html = await readFile(file, 'utf8');
          const out = loadAfterPaint(html, file);
          if (out !== html) await writeFile(file, out);
        }
      },
    },
  };
}
