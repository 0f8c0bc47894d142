#!/usr/bin/env node
/**
 * Serves a built region with the reference API on local D1, like production:
 *   node scripts/serve.mjs [--region global] [--port 8788] [--persist .wrangler/state] [--dev-tools]
 * Applies local D1 migrations first. Used by `npm start` and the e2e harness.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, mustRun, REGIONS, ROOT, run } from './lib.mjs';

const { values } = parseArgs({
  options: {
    region: { type: 'string', default: process.env.REGION || 'global' },
    port: { type: 'string', default: process.env.PORT || '8788' },
    persist: { type: 'string', default: '.wrangler/state' },
    'dev-tools': { type: 'boolean', default: false },
    /** Start from an empty local D1/KV (the e2e harness: send caps and limits from earlier runs do not carry over). */
    fresh: { type: 'boolean', default: false },
  },
});
const { region, port, persist } = values;
if (!REGIONS.includes(region)) throw new Error(`unknown region ${region}`);
if (!/^\d{2,5}$/.test(port)) throw new Error(`PORT=${port} is not a port number`);
const dist = join(ROOT, 'dist', region);
if (!existsSync(join(dist, 'account')))
  throw new Error(`dist/${region} is not built: run REGION=${region} npm run build`);

if (values.fresh) rmSync(join(ROOT, persist), { recursive: true, force: true });
if (existsSync(join(ROOT, 'scripts', 'dev-vars.mjs')))
  await mustRun(process.execPath, [join(ROOT, 'scripts', 'dev-vars.mjs')]);
await mustRun(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
  quiet: true,
  env: { CI: 'true' },
});

const args = [
  'pages',
  'dev',
  dist,
  '--port',
  port,
  '--ip',
  '127.0.0.1',
  '--persist-to',
  persist,
  '--binding',
  `REGION=${region}`,
];
if (values['dev-tools']) args.push('--binding', 'DEV_TOOLS=1');
const { code } = await run(join(BIN, 'wrangler'), args);
process.exit(code);
