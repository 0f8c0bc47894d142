#!/usr/bin/env node
/**
 * Serves a local build of a region with the reference API on local D1 and the dev tools:
 *   node scripts/serve.mjs [--region global] [--port 8788] [--persist .wrangler/state] [--fresh] [--dev-tools]
 *                          [--engine d1|postgres] [--no-watch]
 * Applies local D1 migrations first. Used by `npm start`, the e2e harness and the bench.
 *
 * `--no-watch` (the e2e harness and the bench): the Functions are built once, not rebuilt when a file changes.
 * Wrangler's watching polls every file of the bundle, about 15% of a core per server (scripts/esbuild-no-watch.cjs);
 * `npm start` keeps it, so an edit of the API shows without a restart.
 *
 * `--engine postgres` (or DB_ENGINE=postgres) serves the API on PostgreSQL (issue 24): a throwaway local server
 * from npm (scripts/postgres-local.mjs), migrated here, its data gone when this process ends; the API gets
 * DB_ENGINE=postgres and its DATABASE_URL (also written to <persist>/database-url). The local D1 is still migrated:
 * the dev clock lives there.
 *
 * The dev tools are always on (`--dev-tools` is accepted and says so at the call site): without DEV_TOOLS
 * the API runs its production rules (public https origins, every provider secret, a production build),
 * which a server on this machine cannot meet. The dev values are bindings computed here from the port,
 * never shipped in wrangler.toml: DEV_TOOLS=1, and ALLOWED_ORIGINS for http://localhost:PORT and
 * http://127.0.0.1:PORT. The local secrets come from `.dev.vars` (scripts/dev-vars.mjs).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, migratedLocalD1, mustRun, noWatchEnv, readBuildProfile, REGIONS, ROOT, run } from './lib.mjs';
import { startDevIdp } from './dev-idp.mjs';

const { values } = parseArgs({
  options: {
    region: { type: 'string', default: process.env.REGION || 'global' },
    port: { type: 'string', default: process.env.PORT || '8788' },
    persist: { type: 'string', default: '.wrangler/state' },
    'dev-tools': { type: 'boolean', default: true },
    /** Start from an empty local D1/KV (the e2e harness: send caps and limits from earlier runs do not carry over). */
    fresh: { type: 'boolean', default: false },
    /**
     * The caller made --persist a fresh, migrated D1 (scripts/e2e-servers.mjs, migratedLocalD1 in ./lib.mjs, for
     * several servers at once): neither cleared nor migrated here.
     */
    migrated: { type: 'boolean', default: false },
    engine: { type: 'string', default: process.env.DB_ENGINE || 'd1' },
    watch: { type: 'boolean', default: true },
    /** wrangler's inspector port (its default, 9229, when not given); servers started together need one each. */
    'inspector-port': { type: 'string' },
  },
  allowNegative: true,
});
const { region, port, persist, engine } = values;
if (engine !== 'd1' && engine !== 'postgres') throw new Error(`--engine ${engine}: d1 or postgres`);
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

if (values.fresh && !values.migrated) rmSync(join(ROOT, persist), { recursive: true, force: true });
if (existsSync(join(ROOT, 'scripts', 'dev-vars.mjs')))
  await mustRun(process.execPath, [join(ROOT, 'scripts', 'dev-vars.mjs')]);
if (!values.migrated) await migratedLocalD1([persist]);

/** The origins a browser on this machine uses for this server: the only ones the API accepts. */
const localOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

// The local sign-in provider every social provider points at in dev (docs/social.md), beside this server.
// A busy port (another server on this machine) leaves social sign-in off rather than the whole server down.
const idp = await startDevIdp({ port: Number(port) + 5 }).catch((e) => {
  console.warn(`Local sign-in provider not started (${e instanceof Error ? e.message : e}): social sign-in is off`);
  return null;
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
  '--binding',
  'DEV_TOOLS=1',
  '--binding',
  `ALLOWED_ORIGINS=${localOrigins.join(',')}`,
  ...(idp ? ['--binding', `SOCIAL_DEV_ISSUER=${idp.issuer}`] : []),
  ...(values['inspector-port'] ? ['--inspector-port', values['inspector-port']] : []),
];

/** With --engine postgres: a local server, migrated, and the bindings that point the API at it. */
let postgres = null;
if (engine === 'postgres') {
  const { startLocalPostgres } = await import('./postgres-local.mjs');
  const { migratePostgres } = await import('./db-migrate.mjs');
  postgres = await startLocalPostgres({ databases: ['accounts'] });
  await migratePostgres(postgres.url());
  args.push('--binding', 'DB_ENGINE=postgres', '--binding', `DATABASE_URL=${postgres.url()}`);
  // Beside the local D1, for a spec that checks what the API stored (tests/e2e/postgres-journey.spec.ts).
  mkdirSync(join(ROOT, persist), { recursive: true });
  writeFileSync(join(ROOT, persist, 'database-url'), postgres.url(), { mode: 0o600 });
  console.log(`  PostgreSQL (throwaway)      → ${postgres.url().replace(/:[^:@/]+@/, ':…@')}`);
  // Stopped with the server: Ctrl-C, or the harness ending this process.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      void postgres?.stop().finally(() => process.exit(130));
    });
}
const { code } = await run(join(BIN, 'wrangler'), args, { env: values.watch ? {} : noWatchEnv() });
await postgres?.stop();
process.exit(code);
