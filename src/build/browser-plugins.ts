/**
 * Vite plugins for the browser build only (docs/performance.md "How the bundle
 * is shaped"). The server build and the OpenAPI document keep the sources as
 * they are.
 *
 * - `zodBrowserProfile`: browser code that imports `zod/mini` gets
 *   `src/client/zod-mini.ts`, zod/mini with a few checks written as
 *   refinements (same values accepted and refused, same messages), so zod
 *   core's number-format, comparison, length, string-format, enum and
 *   literal classes stay out of the start-up chunk every page loads.
 * - `stripEndpointSummaries`: the `summary` of each endpoint definition is
 *   OpenAPI text the browser never reads; it is left out of the browser build.
 * - `noModulePreloadLists`: Vite writes, next to every dynamic import, the
 *   list of files its target imports, to preload them in parallel. Every
 *   chunk with an on-demand import then carries those lists (the shell and
 *   the sign-in form: ~0.5 KB br on every page). Without them the browser
 *   fetches an on-demand module's imports when it reads the module: one more
 *   round trip for code that loads on an action (the sign-in code is
 *   fetched with the first focus on the form, well before the submit).
 * - `minimalPreloadHelper`: with no lists left, Vite's preload helper (which
 *   every dynamic import still calls, ~0.5 KB br in the shell) only has
 *   stylesheets of on-demand modules to load, and ours have none (styles
 *   are the page's). The helper becomes a plain call; the build fails if a
 *   dynamic import ever has a file to preload again.
 */
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const ZOD_BROWSER = fileURLToPath(new URL('../client/zod-mini.ts', import.meta.url));
const CONTRACT_DIR = /[\\/]src[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/;
/** `summary: '…',` (or "…" / `…`, the string possibly on the next line), a whole property on its own lines. */
const SUMMARY_PROPERTY = /^[ \t]*summary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`\\]*`),[ \t]*\n/gm;

function isBrowser(plugin: { environment?: { name: string } }): boolean {
  return plugin.environment?.name === 'client';
}

export function noModulePreloadLists(): Plugin {
  return {
    name: 'portal:no-module-preload-lists',
    // Astro sets the client build's options after the user's `vite.build`, so the option is set per environment.
    configEnvironment(name) {
      return name === 'client' ? { build: { modulePreload: false } } : null;
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';
/** What Vite writes where a dynamic import has files to preload (stylesheets, once JS lists are off). */
const PRELOAD_LIST = '__vite__mapDeps';

/** Output chunks that still pass files to the preload helper; exported for its unit test. */
export function chunksWithPreloadLists(
  bundle: Record<string, { type: string; fileName: string; code?: string }>,
): string[] {
  return Object.values(bundle)
    .filter((f) => f.type === 'chunk' && f.code?.includes(PRELOAD_LIST) === true)
    .map((f) => f.fileName);
}

export function minimalPreloadHelper(): Plugin {
  return {
    name: 'portal:minimal-preload-helper',
    transform(_code, id) {
      if (id !== PRELOAD_HELPER || !isBrowser(this)) return null;
      return { code: 'export const __vitePreload = (load) => load();', map: null };
    },
    // After every plugin's generateBundle: Vite writes the lists there.
    writeBundle(_options, bundle) {
      if (!isBrowser(this)) return;
      const withList = chunksWithPreloadLists(bundle);
      if (withList.length > 0)
        this.error(
          `${withList.join(', ')} preload files with a dynamic import (a stylesheet of an ` +
            `on-demand module?): the minimal preload helper would skip them. Import the stylesheet from the page ` +
            `or drop minimalPreloadHelper() (docs/performance.md).`,
        );
    },
  };
}

export function zodBrowserProfile(): Plugin {
  return {
    name: 'portal:zod-browser-profile',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod/mini' || !isBrowser(this) || importer === ZOD_BROWSER) return null;
      return ZOD_BROWSER;
    },
  };
}

/** Removes endpoint summaries from a contract source (with a source map); exported for its unit test. */
export function withoutSummaries(code: string): MagicString {
  const out = new MagicString(code);
  for (const match of code.matchAll(SUMMARY_PROPERTY)) out.remove(match.index, match.index + match[0].length);
  return out;
}

export function stripEndpointSummaries(): Plugin {
  return {
    name: 'portal:strip-endpoint-summaries',
    // Before TypeScript is compiled away: the sources' own (Prettier) layout is what the pattern expects.
    enforce: 'pre',
    transform(code, id) {
      if (!isBrowser(this) || !CONTRACT_DIR.test(id) || !code.includes('summary:')) return null;
      const out = withoutSummaries(code);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
