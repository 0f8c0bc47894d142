#!/usr/bin/env node
/**
 * npm run build                       → builds REGION (default global) into dist/{region}
 * npm run build:all                   → builds all six regions into dist/{global,th,tw,sea,japan,one}
 * npm run build -- --production       → a deployable build of REGION (README "Deploying a region")
 * npm run build:all -- --production   → the same for all six
 * Each folder is a complete static site deployable as its own Pages project.
 *
 * A local build uses the offline dev captcha and may only be served with DEV_TOOLS. A production build
 * takes each region's captcha site keys from CAPTCHA_SITE_KEY_V3_{REGION} / CAPTCHA_SITE_KEY_V2_{REGION}
 * (or CAPTCHA_SITE_KEY_V3 / CAPTCHA_SITE_KEY_V2), refuses to start without them, and marks its output as
 * production: beside it the API ignores DEV_TOOLS and requires every production secret.
 */
import { buildRegion, checkProductionBuild, PRODUCTION_FLAG, REGIONS } from './lib.mjs';

const all = process.argv.includes('--all');
const production = process.argv.includes(PRODUCTION_FLAG);
const region = process.env.REGION || 'global';
if (!all && !REGIONS.includes(region)) {
  console.error(`REGION=${region} is not one of ${REGIONS.join(', ')}`);
  process.exit(2);
}
const targets = all ? REGIONS : [region];
if (production) {
  // Every region is checked before any is built, so one run reports everything missing.
  const problems = (await Promise.all(targets.map((r) => checkProductionBuild(r)))).flatMap((c) => c.problems);
  if (problems.length > 0) {
    console.error(`Production build refused:\n- ${problems.join('\n- ')}`);
    process.exit(2);
  }
}
const times = [];
for (const r of targets) {
  const ms = await buildRegion(r, { production });
  times.push([r, ms]);
}
const kind = production ? 'production' : 'local';
for (const [r, ms] of times) console.log(`built ${r.padEnd(7)} in ${(ms / 1000).toFixed(1)} s → dist/${r} (${kind})`);
