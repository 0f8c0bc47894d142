// @ts-check
/**
 * One static build per region (spec §1, §9). REGION selects the region file;
 * Vite aliases `@region` to it so browser code sees only that region's values.
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { chunkGroups, entryFileNames } from './src/build/chunk-groups.ts';
import { afterPaint } from './src/build/after-paint.ts';
import { compileHints } from './src/build/compile-hints.ts';
import { screenPages } from './src/build/screen-pages.ts';
import { securityHeaders } from './src/build/security-headers-integration.ts';

const REGIONS = ['global', 'th', 'tw', 'sea', 'japan', 'one'];
const region = process.env.REGION || 'global';
// Every built file's folder: under /account like the pages, so one path prefix serves the portal.
const ASSETS = 'account/_astro';
if (!REGIONS.includes(region)) throw new Error(`REGION=${region} is not one of ${REGIONS.join(', ')}`);

export default defineConfig({
  outDir: `./dist/${region}`,
  trailingSlash: 'ignore',
  // Pages live under src/pages/account/; assets go under /account/_astro so one path prefix serves the portal.
  build: { format: 'file', inlineStylesheets: 'always', assets: ASSETS },
  // afterPaint before securityHeaders: it adds the start-up's loader to the head script, which the CSP hashes.
  integrations: [react(), screenPages(), afterPaint(), securityHeaders({ region })],
  vite: {
    plugins: [
      {
        // No module preload lists next to dynamic imports (docs/performance.md), and constants inlined (below).
        // `vite.build.modulePreload` would not do: Astro 7 writes its own `modulePreload` after the user's
        // `vite.build`, and builds the client from its own environment options, so the options are set on the client
        // environment when Vite resolves it.
        name: 'portal:no-module-preload-lists',
        configEnvironment: (name) =>
          name === 'client'
            ? {
                build: {
                  modulePreload: false,
                  // Route paths (src/routes/refs.ts) and other imported constants written where they are used: a
                  // page carries the paths its code links to, not a table of them (docs/performance.md "The route
                  // table"). Set here for the reason above: the client's build options are Astro's.
                  rolldownOptions: { optimization: { inlineConst: { mode: 'all', pass: 2 } } },
                },
              }
            : undefined,
      },
      // What loads on demand is compiled whole when it arrives, not function by function on the first click.
      compileHints(),
    ],
    resolve: {
      alias: {
        '@region': fileURLToPath(new URL(`./src/regions/${region}.ts`, import.meta.url)),
      },
    },
    // BUILD_SOURCEMAP=1 writes source maps, to attribute bundle bytes to sources (docs/performance.md).
    build: { sourcemap: process.env.BUILD_SOURCEMAP === '1' },
    environments: {
      // The browser's files, as few as the pages need (docs/performance.md). Client build only: Astro builds the
      // client from these environment options; the pages' prerender build keeps its own split (grouped there, the
      // server modules of different pages would share their stylesheets).
      client: {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: chunkGroups() }, entryFileNames: entryFileNames(ASSETS) },
          },
        },
      },
    },
    define: {
      'import.meta.env.REGION': JSON.stringify(region),
    },
  },
});
