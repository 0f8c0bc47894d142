/** Small helpers shared by the project scripts (build, start, test, bench). */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build as esbuild } from 'esbuild';
import { REGION_IDS } from '../src/regions/ids.ts';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../src/shared/contract/http.ts';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
// The one region list (src/regions/ids.ts), read through Node's type stripping (npm scripts run on Node 24).
export const REGIONS = [...REGION_IDS];
export const BIN = join(ROOT, 'node_modules', '.bin');
/** Where scripts/e2e-servers.mjs keeps each e2e server's stderr ({region}-{port}.log), read by scripts/test.mjs. */
export const E2E_SERVER_LOGS = join(ROOT, '.wrangler', 'e2e-logs');

/** Quiet, offline defaults for every tool the scripts start. */
export const TOOL_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
};

/**
 * The environment of a `wrangler pages dev` that serves a fixed build (the tests and the bench): NODE_OPTIONS
 * preloads scripts/esbuild-no-watch.cjs, so wrangler builds the Functions once instead of polling their files.
 */
export function noWatchEnv(env = process.env) {
  const preload = `--require "${join(ROOT, 'scripts', 'esbuild-no-watch.cjs')}"`;
  return { NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${preload}` : preload };
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, { env = {}, cwd = ROOT, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...TOOL_ENV, PATH: `${BIN}:${process.env.PATH}`, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function mustRun(cmd, args, opts) {
  const { code, output } = await run(cmd, args, opts);
  if (code !== 0) {
    if (output) process.stderr.write(output);
    throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
  }
  return output;
}

/**
 * Applies every local D1 migration to the first folder (wrangler's --persist-to, relative to the repository or
 * absolute; its data kept), and makes each other folder a copy of it. One `wrangler d1 migrations apply` starts
 * miniflare and workerd: 15.6 s and 16 s of CPU here, idle. The test stages start several servers side by side, each
 * of which ran its own on two cores (five for e2e, two for each API project); they now start from one. A copy is the
 * same database: wrangler keeps a local D1 as a SQLite file under the folder, and the migrating process has ended.
 */
export async function migratedLocalD1(folders) {
  const [first, ...others] = folders.map((folder) => resolve(ROOT, folder));
  if (first === undefined) return;
  await mustRun(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', first], {
    quiet: true,
    env: { CI: 'true' },
  });
  for (const folder of others) {
    rmSync(folder, { recursive: true, force: true });
    cpSync(first, folder, { recursive: true });
  }
}

/** Newest modification time under a path (files only), skipping node_modules and dot folders. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * The file every build writes at the root of its output: region, production or local, and the captcha its
 * pages use. The API reads it through the ASSETS binding (server/core/build-profile.ts declares the same name
 * and the schema; a unit test keeps the two in step).
 */
export const BUILD_PROFILE_FILE = 'build-profile.json';

/** The command that makes a deployable build (README "Deploying a region"). */
export const PRODUCTION_FLAG = '--production';

/** Where a production build takes a region's captcha site keys: the region's own variable first, then the shared one. */
export function siteKeyVariables(region) {
  const id = region.toUpperCase();
  return {
    v3: [`CAPTCHA_SITE_KEY_V3_${id}`, 'CAPTCHA_SITE_KEY_V3'],
    v2: [`CAPTCHA_SITE_KEY_V2_${id}`, 'CAPTCHA_SITE_KEY_V2'],
  };
}

/**
 * The variables a region's Astro build gets for its captcha (src/regions/captcha.ts reads them). They are
 * always set, empty for a local build, so neither the caller's shell nor a .env file can put keys into a
 * local build; a production build gets this region's keys and no other region's.
 */
export function captchaBuildEnv(region, { production }, env = process.env) {
  if (!production) return { PUBLIC_CAPTCHA_SITE_KEY_V3: '', PUBLIC_CAPTCHA_SITE_KEY_V2: '' };
  const pick = (names) => names.map((name) => env[name]).find((value) => value !== undefined && value !== '') ?? '';
  const names = siteKeyVariables(region);
  return { PUBLIC_CAPTCHA_SITE_KEY_V3: pick(names.v3), PUBLIC_CAPTCHA_SITE_KEY_V2: pick(names.v2) };
}

/**
 * Server modules for an operator script (seed, support desk, clients:add), bundled from TypeScript into one ESM
 * module and imported: `source` is the module's export lines (paths from the repository root).
 */
export async function importServerModules(source) {
  const bundle = await esbuild({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

/**
 * The region configs as a build with these Astro variables sees them: src/regions bundled from TypeScript
 * with import.meta.env replaced the way Vite replaces it in the pages. Throws what the region schema throws.
 */
export async function regionConfigsWith(astroEnv) {
  const bundle = await esbuild({
    stdin: { contents: "export { regions } from './src/regions/index.ts';", resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    define: { 'import.meta.env': JSON.stringify(astroEnv) },
  });
  const code = Buffer.from(bundle.outputFiles[0].text).toString('base64');
  return (await import(`data:text/javascript;base64,${code}`)).regions;
}

/**
 * What stops a production build of a region: its captcha site keys missing from the env, or a captcha
 * config the region schema refuses. Resolves with the problems (empty: none), the Astro variables and the
 * captcha the build will have.
 */
export async function checkProductionBuild(region, env = process.env) {
  if (!REGIONS.includes(region)) return { problems: [`${region} is not one of ${REGIONS.join(', ')}`] };
  const astroEnv = captchaBuildEnv(region, { production: true }, env);
  const names = siteKeyVariables(region);
  const problems = [];
  if (astroEnv.PUBLIC_CAPTCHA_SITE_KEY_V3 === '')
    problems.push(`region ${region}: no captcha v3 site key (set ${names.v3.join(' or ')})`);
  if (astroEnv.PUBLIC_CAPTCHA_SITE_KEY_V2 === '')
    problems.push(`region ${region}: no captcha v2 site key (set ${names.v2.join(' or ')})`);
  if (problems.length > 0) return { problems };
  let captcha;
  try {
    captcha = (await regionConfigsWith(astroEnv))[region].captcha;
  } catch (error) {
    return { problems: [`region ${region}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (captcha.provider === 'dev') return { problems: [`region ${region}: the build would use the dev captcha`] };
  return { problems: [], astroEnv, captcha };
}

/** Source-list entries of each provider in the CSP of `_headers` (src/build/security-headers.ts). */
const CAPTCHA_CSP = { recaptcha: 'https://www.google.com/recaptcha/', turnstile: 'https://challenges.cloudflare.com' };

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/**
 * A production build's output really carries its captcha: the site keys in the scripts and the provider in
 * the CSP. The pages and the Astro config read the keys through two paths (src/regions/captcha.ts); this
 * catches them ever disagreeing before anything is deployed.
 */
export function verifyProductionOutput(region, captcha) {
  const out = join(ROOT, 'dist', region);
  const headers = readFileSync(join(out, '_headers'), 'utf8');
  const problems = [];
  if (!headers.includes(CAPTCHA_CSP[captcha.provider]))
    problems.push(`_headers does not allow ${captcha.provider} (${CAPTCHA_CSP[captcha.provider]})`);
  const scripts = filesUnder(join(out, 'account', '_astro'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(f, 'utf8'));
  for (const key of [captcha.siteKeyV3, captcha.siteKeyV2]) {
    if (!scripts.some((text) => text.includes(key)))
      problems.push(`no script of dist/${region} holds the site key ${key}`);
  }
  if (problems.length > 0)
    throw new Error(`production build of ${region} is inconsistent:\n- ${problems.join('\n- ')}`);
}

export function writeBuildProfile(dir, profile) {
  writeFileSync(join(dir, BUILD_PROFILE_FILE), `${JSON.stringify(profile)}\n`);
}

/** The build profile of dist/{region}, or null when there is none (not built, or built before profiles). */
export function readBuildProfile(region) {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'dist', region, BUILD_PROFILE_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Builds one region with Astro into dist/{region} and writes its build profile; returns the wall time in
 * ms. A production build refuses to start without the region's captcha site keys, and checks its output.
 */
export async function buildRegion(region, { quiet = false, production = false, env = process.env } = {}) {
  const start = performance.now();
  let captcha = { provider: 'dev' };
  let astroEnv = captchaBuildEnv(region, { production: false });
  if (production) {
    const check = await checkProductionBuild(region, env);
    if (check.problems.length > 0)
      throw new Error(`production build of ${region} refused:\n- ${check.problems.join('\n- ')}`);
    ({ captcha, astroEnv } = check);
  }
  await mustRun(join(BIN, 'astro'), ['build'], { env: { REGION: region, ...astroEnv }, quiet });
  if (production) verifyProductionOutput(region, captcha);
  writeBuildProfile(join(ROOT, 'dist', region), { region, production, captcha: captcha.provider });
  return performance.now() - start;
}

/**
 * True when dist/{region} is not a local build of the current sources: missing, older than any source that
 * feeds the static build, or a production build (whose API refuses the dev tools).
 */
export function buildIsStale(region) {
  const out = join(ROOT, 'dist', region, 'account');
  if (!existsSync(out)) return true;
  const profile = readBuildProfile(region);
  if (profile === null || profile.production !== false) return true;
  const built = statSync(out).mtimeMs;
  const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((p) => newestMtime(join(ROOT, p)));
  return Math.max(...sources) > built;
}

/**
 * The D1 binding an operator script works on: the local SQLite of `npm start` (or an e2e server) under `persist`,
 * or with `remote` the deployment's database `databaseId` (after `npx wrangler login`). Resolves with wrangler's
 * platform proxy (`env.DB`, `dispose()`); `name` names the throwaway config of a remote run.
 */
export async function openD1Binding({ persist, remote = false, databaseId, name }) {
  const { getPlatformProxy } = await import('wrangler');
  if (!remote) return getPlatformProxy({ persist: { path: join(persist, 'v3') }, remoteBindings: false, envFiles: [] });
  if (!databaseId) throw new Error('--remote needs --database-id (the id `wrangler d1 create` printed for the region)');
  const work = mkdtempSync(join(tmpdir(), `${name}-`));
  const configPath = join(work, 'wrangler.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      name,
      compatibility_date: '2026-11-01',
      d1_databases: [{ binding: 'DB', database_name: 'account-portal', database_id: databaseId, remote: true }],
    }),
  );
  const proxy = await getPlatformProxy({ configPath, remoteBindings: true, persist: false });
  return { ...proxy, dispose: () => proxy.dispose().finally(() => rmSync(work, { recursive: true, force: true })) };
}

/** The options of every operator script that writes to a region's database (staff-add, clients-add). */
const DATABASE_OPTIONS = {
  persist: { type: 'string', default: '.wrangler/state' },
  remote: { type: 'boolean', default: false },
  'database-id': { type: 'string' },
  'database-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
};

/**
 * An operator script's command line: its own `options` (node:util parseArgs) and the database ones every such
 * script takes (--persist DIR, --remote --database-id ID, --database-url postgres://…, --json, --help). --help
 * prints `usage` and exits 0; `fail(message)` prints the message and `usage` and exits 2. An unknown option throws.
 */
export function operatorCommand(usage, options) {
  const { values } = parseArgs({ options: { ...options, ...DATABASE_OPTIONS } });
  const fail = (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return { values, fail };
}

/**
 * Runs `work(db)` on the database an operator command names, and closes it: PostgreSQL with --database-url (or
 * DB_ENGINE=postgres with DATABASE_URL), else the D1 binding (`npm start`'s under --persist, or --remote
 * --database-id). `server` is the script's bundle of the server modules, with `d1Db` and `postgresDb`; `name` names
 * a remote run's throwaway config.
 */
export async function withOperatorDb({ values, fail, server, name }, work) {
  const databaseUrl =
    values['database-url'] ?? (process.env.DB_ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined);
  if (databaseUrl !== undefined) {
    if (values.remote) fail('--database-url and --remote name two databases: give one');
    const db = server.postgresDb(databaseUrl, { max: 1 });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }
  if (values.remote && !values['database-id'])
    fail('--remote needs --database-id (the id `wrangler d1 create` printed for the region)');
  const proxy = await openD1Binding({
    persist: values.persist,
    remote: values.remote,
    databaseId: values['database-id'],
    name,
  });
  try {
    return await work(server.d1Db(proxy.env.DB));
  } finally {
    await proxy.dispose();
  }
}

/**
 * Calls a DEV_TOOLS operator hook (POST /api/dev/…) of the local stack `npm start` runs, on PORT (default 8788),
 * as the portal's own pages would (its Origin, the front-end version header the API's CSRF defence wants), and
 * returns the JSON answer. Exits with a message when nothing answers or the call is refused (`what` names it).
 */
export async function postDevHook(path, what) {
  const origin = `http://localhost:${process.env.PORT ?? '8788'}`;
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json', [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION },
    body: '{}',
  }).catch((error) => {
    console.error(`No portal answers at ${origin} (start it with npm start): ${error.message}`);
    process.exit(1);
  });
  if (!response.ok) {
    console.error(`${what} refused: ${response.status} ${await response.text()}`);
    process.exit(1);
  }
  return response.json();
}
