#!/usr/bin/env node
/**
 * npm run build        → builds REGION (default global) into dist/{region}
 * npm run build:all    → builds all six regions into dist/{global,th,tw,sea,japan,one}
 * Each folder is a complete static site deployable as its own Pages project.
 */
import { buildRegion, REGIONS } from './lib.mjs';

const all = process.argv.includes('--all');
const region = process.env.REGION || 'global';
if (!all && !REGIONS.includes(region)) {
  console.error(`REGION=${region} is not one of ${REGIONS.join(', ')}`);
  process.exit(2);
}
const targets = all ? REGIONS : [region];
const times = [];
for (const r of targets) {
  const ms = await buildRegion(r);
  times.push([r, ms]);
}
for (const [r, ms] of times) console.log(`built ${r.padEnd(7)} in ${(ms / 1000).toFixed(1)} s → dist/${r}`);
