// @ts-check
/**
 * One static build per region (spec §1, §9). REGION selects the region file;
 * Vite aliases `@region` to it so browser code sees only that region's values.
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import {
  minimalPreloadHelper,
  noModulePreloadLists,
  stripEndpointSummaries,
  zodBrowserProfile,
} from './src/build/browser-plugins.ts';
import { chunkGroups } from './src/build/chunk-groups.ts';
import { securityHeaders } from './src/build/security-headers-integration.ts';

const REGIONS = ['global', 'th', 'tw', 'sea', 'japan', 'one'];
const region = process.env.REGION || 'global';
if (!REGIONS.includes(region)) throw new Error(`REGION=${region} is not one of ${REGIONS.join(', ')}`);

export default defineConfig({
  outDir: `./dist/${region}`,
  trailingSlash: 'ignore',
  // Pages live under src/pages/account/; assets go under /account/_astro so one path prefix serves the portal.
  build: { format: 'file', inlineStylesheets: 'auto', assets: 'account/_astro' },
  integrations: [react(), securityHeaders({ region })],
  vite: {
    // Browser-build-only shaping (docs/performance.md): zod profile, no endpoint summaries, no preload lists or helper.
    plugins: [zodBrowserProfile(), stripEndpointSummaries(), noModulePreloadLists(), minimalPreloadHelper()],
    resolve: {
      alias: {
        '@region': fileURLToPath(new URL(`./src/regions/${region}.ts`, import.meta.url)),
      },
    },
    // Fewer, larger chunks for what every page loads anyway (docs/performance.md).
    // BUILD_SOURCEMAP=1 writes source maps, to attribute bundle bytes to sources (docs/performance.md).
    build: {
      sourcemap: process.env.BUILD_SOURCEMAP === '1',
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
    },
    define: {
      'import.meta.env.REGION': JSON.stringify(region),
    },
  },
});
