// The floor page of `npm run bench`: the smallest React island Astro can ship,
// built with the same versions as the portal, to compare the login page against.
// FLOOR_REACT_CHUNK=1 builds it with the portal's React chunk (react, react-dom,
// the scheduler and Astro's renderer in one file), printed next to the budget's
// floor so the part of the ratio that comes from bundling React is visible.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { reactGroup } from '../../src/build/chunk-groups.ts';

const reactChunk = process.env.FLOOR_REACT_CHUNK === '1';

export default defineConfig({
  integrations: [react()],
  outDir: reactChunk ? '../../bench-results/floor-react-chunk-dist' : '../../bench-results/floor-dist',
  vite: reactChunk ? { build: { rolldownOptions: { output: { codeSplitting: { groups: [reactGroup()] } } } } } : {},
});
