#!/usr/bin/env node
/**
 * Serves a local build of a region with the reference API on local D1 and the dev tools:
 *   node scripts/serve.mjs [--region global] [--port 8788] [--persist .wrangler/state] [--fresh] [--dev-tools]
 * Applies local D1 migrations first. Used by `npm start`, the e2e harness and the bench.
 *
 * The dev tools are always on (`--dev-tools` is accepted and says so at the call site): without DEV_TOOLS
 * the API runs its production rules (public https origins, every provider secret, a production build),
 * which a server on this machine cannot meet. The dev values are bindings computed here from the port,
 * never shipped in wrangler.toml: DEV_TOOLS=1, and ALLOWED_ORIGINS for http://localhost:PORT and
 * http://127.0.0.1:PORT. The local secrets come from `.dev.vars` (scripts/dev-vars.mjs).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, mustRun, readBuildProfile, REGIONS, ROOT, run } from './lib.mjs';
import { startDevIdp } from './dev-idp.mjs';

const { values } = parseArgs({
  options: {
    region: { type: 'string', default: process.env.REGION || 'global' },
    port: { type: 'string', default: process.env.PORT || '8788' },
    persist: { type: 'string', default: '.wrangler/state' },
    'dev-tools': { type: 'boolean', default: true },
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
const profile = readBuildProfile(region);
if (profile?.production !== false)
  throw new Error(
    `dist/${region} is ${profile ? 'a production build' : 'an old build without a build profile'}: ` +
      `run REGION=${region} npm run build for a local one`,
  );

if (values.fresh) rmSync(join(ROOT, persist), { recursive: true, force: true });
if (existsSync(join(ROOT, 'scripts', 'dev-vars.mjs')))
  await mustRun(process.execPath, [join(ROOT, 'scripts', 'dev-vars.mjs')]);
await mustRun(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
  quiet: true,
  env: { CI: 'true' },
});

/** The origins a browser on this machine uses for this server: the only ones the API accepts. */
const localOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

// The local sign-in provider every social provider points at in dev (docs/social.md), beside this server.
const idp = await startDevIdp({ port: Number(port) + 5 });

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
  '--binding',
  'DEV_TOOLS=1',
  '--binding',
  `ALLOWED_ORIGINS=${localOrigins.join(',')}`,
  '--binding',
  `SOCIAL_DEV_ISSUER=${idp.issuer}`,
];
const { code } = await run(join(BIN, 'wrangler'), args);
process.exit(code);
