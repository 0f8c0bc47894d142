// @ts-check
/**
 * One static build per region (spec §1, §9). REGION selects the region file;
 * Vite aliases `@region` to it so browser code sees only that region's values.
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
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
    resolve: {
      alias: {
        '@region': fileURLToPath(new URL(`./src/regions/${region}.ts`, import.meta.url)),
      },
    },
    // Fewer, larger chunks for what every page loads anyway (docs/performance.md).
    build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } },
    define: {
      'import.meta.env.REGION': JSON.stringify(region),
    },
  },
});
