// The floor page of `npm run bench`: the smallest React island Astro can ship,
// built with the same versions as the portal, to compare the login page against.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({ integrations: [react()], outDir: '../../bench-results/floor-dist' });
