#!/usr/bin/env node
/**
 * npm start: builds the region if its output is stale (or a production
 * build), applies local D1 migrations and serves portal + reference API on
 * http://localhost:PORT (default 8788), offline, with the local dev tools
 * (mailbox, SMS outbox). The API answers only under localhost, 127.0.0.1 and
 * [::1], and accepts calls from http://localhost:PORT and http://127.0.0.1:PORT.
 */
import { join } from 'node:path';
import { buildIsStale, buildRegion, ROOT, run } from './lib.mjs';

const region = process.env.REGION || 'global';
const port = process.env.PORT || '8788';
if (buildIsStale(region)) {
  console.log(`Building region ${region}…`);
  await buildRegion(region);
}
console.log(`\n  Lumenforge Account (${region}) → http://localhost:${port}/account/en/login`);
console.log(`  Dev mailbox and SMS outbox  → http://localhost:${port}/api/dev/`);
console.log(
  `  Local sign-in provider      → http://127.0.0.1:${Number(port) + 5}/ (social and PC store, docs/social.md)\n`,
);
const { code } = await run(process.execPath, [
  join(ROOT, 'scripts', 'serve.mjs'),
  '--region',
  region,
  '--port',
  port,
  '--dev-tools',
]);
process.exit(code);
