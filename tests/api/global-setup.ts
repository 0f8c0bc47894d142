/**
 * Starts the reference API on real workerd for the `api` test project:
 * migrations applied to a throwaway D1 dir, `wrangler pages dev` on a free
 * loopback port with DEV_TOOLS on, plus a second instance without DEV_TOOLS
 * (to prove the dev routes do not exist there). Both stop in teardown.
 *
 * Each serves a folder holding only a build profile (server/core/build-profile.ts):
 * the dev instance a local build's, the other a production build's. Without
 * DEV_TOOLS the API runs its production rules, so that instance gets what a
 * deployment must set: a public https origin, a real-looking captcha secret
 * and every provider (on `.invalid` hosts: no test there sends anything), plus the store connector's real
 * ticket check against a loopback stand-in of the store's Web API (tests/api/fake-steam-web-api.ts).
 *
 * The `api-pg` project runs the same files on PostgreSQL (issue 24): this setup then also starts a local
 * PostgreSQL (scripts/postgres-local.mjs, from npm), migrates one database per instance and starts both instances
 * with DB_ENGINE=postgres and DATABASE_URL. Their D1 stays migrated too: code not yet on the engine layer reads it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILD_PROFILE_FILE, type BuildProfile } from '../../server/core/build-profile';
import { TEST_SMS_WEBHOOK_SECRET } from './sms-webhook-secret';
import { TEST_SUPPORT_DESK_JWT_SECRET } from './support-desk-secret';
import { startDevIdp } from '../../scripts/dev-idp.mjs';
import { FAKE_STEAM, startFakeSteamWebApi } from './fake-steam-web-api';
import { migratePostgres } from '../../scripts/db-migrate.mjs';
import { startLocalPostgres } from '../../scripts/postgres-local.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { migratedLocalD1, noWatchEnv } from '../../scripts/lib.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the instance with DEV_TOOLS on, e.g. http://127.0.0.1:41234 (one of its ALLOWED_ORIGINS). */
    apiBaseUrl: string;
    /** Origin of the instance without DEV_TOOLS (not one of its ALLOWED_ORIGINS: production origins are https). */
    apiBaseUrlNoDev: string;
    /** A configured origin of the dev instance other than its own: a portal served elsewhere. */
    apiPortalOrigin: string;
    /** The configured (public https) origin of the instance without DEV_TOOLS. */
    apiPortalOriginNoDev: string;
    /** The dev instance's local D1 (--persist-to), for tests that run operator code on it (support cases). */
    apiPersistDir: string;
    /** The local sign-in provider the dev instance's social providers point at (scripts/dev-idp.mjs). */
    devIdpIssuer: string;
    /** The store Web API stand-in the instance without DEV_TOOLS checks store tickets with. */
    fakeSteamWebApiUrl: string;
    /** The engine both instances run on: `d1` (project api) or `postgres` (project api-pg). */
    apiEngine: 'd1' | 'postgres';
    /** With apiEngine postgres: the dev instance's database (DATABASE_URL); '' on D1. */
    apiDatabaseUrl: string;
  }
}

const PORTAL_ORIGIN = 'https://portal.lumenforge.test';
const PORTAL_ORIGIN_NO_DEV = 'https://account.lumenforge.test';

const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' };
/** A fixed test key: these instances hold only throwaway data. */
const TEST_TOTP_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));

interface Instance {
  url: string;
  child: ChildProcess;
  log: () => string;
  /** How the instance ended before teardown stopped it ('' while it runs). */
  died: () => string;
  watch: ReturnType<typeof setInterval>;
}

/** The bindings of each instance (they override `.dev.vars`); the dev one's origins depend on its port. */
let devIdpIssuer = '';
let fakeSteamWebApiUrl = '';

/** The engine variables of each instance: none on D1 (the default). */
function engineVars(databaseUrl: string | null): Record<string, string> {
  return databaseUrl === null ? {} : { DB_ENGINE: 'postgres', DATABASE_URL: databaseUrl };
}

function bindings(devTools: boolean, url: string, databaseUrl: string | null): string[] {
  const engine = engineVars(databaseUrl);
  const vars = devTools
    ? {
        DEV_TOOLS: '1',
        TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY,
        CAPTCHA_SECRET: 'dev',
        ALLOWED_ORIGINS: `${url},${PORTAL_ORIGIN}`,
        SMS_WEBHOOK_SECRET: TEST_SMS_WEBHOOK_SECRET,
        // No SUPPORT_DESK_URL: the support-desk sign-in goes to the dev support-desk page of the instance.
        SUPPORT_DESK_JWT_SECRET: TEST_SUPPORT_DESK_JWT_SECRET,
        SOCIAL_DEV_ISSUER: devIdpIssuer,
        // New password hashes at the test cost (server/core/security/password.ts): the suite hashes thousands.
        PASSWORD_HASH_COST: 'test',
        ...engine,
      }
    : {
        TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY,
        CAPTCHA_SECRET: 'test-only-recaptcha-secret',
        ALLOWED_ORIGINS: PORTAL_ORIGIN_NO_DEV,
        EMAIL_API_URL: 'https://email.invalid/send',
        EMAIL_API_KEY: 'test-only-email-key',
        EMAIL_FROM: 'account@lumenforge.test',
        SMS_API_URL: 'https://sms.invalid/send',
        SMS_API_KEY: 'test-only-sms-key',
        SMS_FROM: 'Lumenforge',
        PAYMENT_API_URL: 'https://payment.invalid',
        PAYMENT_API_KEY: 'test-only-payment-key',
        PAYMENT_PUBLISHABLE_KEY: 'pk_test_only',
        SMS_WEBHOOK_SECRET: TEST_SMS_WEBHOOK_SECRET,
        NEWSLETTER_LINK_KEY: 'test-only-newsletter-link-key-0123456789',
        SUPPORT_DESK_URL: 'https://desk.lumenforge.test',
        SUPPORT_DESK_JWT_SECRET: TEST_SUPPORT_DESK_JWT_SECRET,
        OIDC_KEY_SECRET: TEST_TOTP_KEY,
        ...SOCIAL_TEST_SECRETS,
        PLATFORM_STEAM_WEB_API_KEY: FAKE_STEAM.key,
        PLATFORM_STEAM_APP_ID: FAKE_STEAM.appId,
        PLATFORM_STEAM_IDENTITY: FAKE_STEAM.identity,
        PLATFORM_STEAM_WEB_API_URL: fakeSteamWebApiUrl,
        ...engine,
      };
  return Object.entries(vars).flatMap(([name, value]) => ['--binding', `${name}=${value}`]);
}

function staticFolder(dir: string, profile: BuildProfile): string {
  mkdirSync(dir);
  writeFileSync(join(dir, BUILD_PROFILE_FILE), JSON.stringify(profile));
  return dir;
}

/** wrangler's line once its own server holds the port (NO_COLOR: no escapes around it). */
const READY = /Ready on (http:\/\/127\.0\.0\.1:\d+)/;
const PORT_TAKEN = 'Address already in use';

/**
 * Starts one instance, on another port when its port was taken before wrangler bound it (scripts/free-port.mjs:
 * the race is rare, not impossible). Ready means wrangler printed "Ready on" for this port and the API answered
 * there: a 200 alone could come from another process's server on the same port, and once did.
 */
async function startInstance(
  staticDir: string,
  persist: string,
  devTools: boolean,
  databaseUrl: string | null,
): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchInstance(staticDir, persist, devTools, databaseUrl);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function launchInstance(
  staticDir: string,
  persist: string,
  devTools: boolean,
  databaseUrl: string | null,
): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    'pages',
    'dev',
    staticDir,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--persist-to',
    persist,
    ...bindings(devTools, url, databaseUrl),
    '--inspector-port',
    String(await freePort()),
  ];
  // Own process group, so teardown can stop wrangler and its workerd child together.
  // Built once, not watched (scripts/esbuild-no-watch.cjs): polling the bundle's files costs each instance a core's 15%.
  const env = { ...ENV, ...noWatchEnv(ENV) };
  const child = spawn(process.execPath, [WRANGLER, ...args], { cwd: ROOT, env, stdio: 'pipe', detached: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // An instance that ends mid-run leaves its tests with ECONNREFUSED and nothing else: say when and how it ended,
  // with what it printed last, at once (a quiet project prints its output only when it ends) and in teardown.
  // wrangler may outlive the workerd that holds the port, so the port is watched too (a bare connect, no request).
  let ready = false;
  let died = '';
  const report = (how: string) => {
    if (!ready || died !== '' || stopping.has(child)) return;
    died = `the ${devTools ? 'dev' : 'production-rules'} instance at ${url} ${how} at ${new Date().toISOString()}`;
    process.stderr.write(`\n${died}; its last output:\n${output.slice(-6000)}\n`);
  };
  child.on('exit', (code, signal) => report(`ended mid-run (code ${code}, signal ${signal})`));
  const watchPort = () => {
    const watch = setInterval(() => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => socket.destroy());
      socket.on('error', (e) => report(`stopped listening (${e.message})`));
    }, 2000);
    watch.unref();
    return watch;
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (output.includes(PORT_TAKEN)) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`wrangler pages dev exited:\n${output}`);
    }
    if (READY.exec(output)?.[1] === url) {
      try {
        const res = await fetch(`${url}/api/account/v1/no-auth/configuration`);
        if (res.status === 200) {
          ready = true;
          return { url, child, log: () => output, died: () => died, watch: watchPort() };
        }
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop(child);
  throw new Error(`wrangler pages dev did not answer within 90 s:\n${output}`);
}

/** Children teardown stopped on purpose: their exit is not news. */
const stopping = new Set<ChildProcess>();

function stop(child: ChildProcess): void {
  stopping.add(child);
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Every social provider of the global region configured (on .invalid hosts: no test there signs in). */
const SOCIAL_TEST_SECRETS = {
  ...Object.fromEntries(
    ['FACEBOOK', 'GOOGLE', 'TWITCH', 'DISCORD', 'TWITTER'].flatMap((p) => [
      [`SOCIAL_${p}_CLIENT_ID`, `test-${p.toLowerCase()}`],
      [`SOCIAL_${p}_CLIENT_SECRET`, `test-only-${p.toLowerCase()}-secret`],
    ]),
  ),
  SOCIAL_APPLE_CLIENT_ID: 'test.apple',
  SOCIAL_APPLE_TEAM_ID: 'TESTTEAM01',
  SOCIAL_APPLE_KEY_ID: 'TESTKEY001',
  SOCIAL_APPLE_PRIVATE_KEY: 'test-only-not-a-key',
  STEAM_WEB_API_KEY: 'test-only-steam-key',
};

export default async function setup(project: TestProject) {
  const idp = await startDevIdp({ port: await freePort() });
  devIdpIssuer = idp.issuer;
  const steam = await startFakeSteamWebApi();
  fakeSteamWebApiUrl = steam.url;
  const work = mkdtempSync(join(tmpdir(), 'lf-api-'));
  const staticDir = staticFolder(join(work, 'static'), { region: 'global', production: false, captcha: 'dev' });
  const staticDirNoDev = staticFolder(join(work, 'static-nodev'), {
    region: 'global',
    production: true,
    captcha: 'recaptcha',
  });
  const persist = join(work, 'd1');
  const persistNoDev = join(work, 'd1-nodev');
  // One migration run for both instances' D1 (the second a copy of the first).
  await migratedLocalD1([persist, persistNoDev]);
  const postgres = project.name.endsWith('-pg')
    ? await startLocalPostgres({ databases: ['api_dev', 'api_nodev'], trust: true })
    : null;
  const databases = postgres === null ? null : { dev: postgres.url('api_dev'), noDev: postgres.url('api_nodev') };
  if (databases !== null) await Promise.all([migratePostgres(databases.dev), migratePostgres(databases.noDev)]);
  const devDb = databases?.dev ?? null;
  const noDevDb = databases?.noDev ?? null;
  const [dev, noDev] = await Promise.all([
    startInstance(staticDir, persist, true, devDb),
    startInstance(staticDirNoDev, persistNoDev, false, noDevDb),
  ]);
  project.provide('apiBaseUrl', dev.url);
  project.provide('apiBaseUrlNoDev', noDev.url);
  project.provide('apiPortalOrigin', PORTAL_ORIGIN);
  project.provide('apiPortalOriginNoDev', PORTAL_ORIGIN_NO_DEV);
  project.provide('apiPersistDir', persist);
  project.provide('devIdpIssuer', idp.issuer);
  project.provide('fakeSteamWebApiUrl', steam.url);
  project.provide('apiEngine', postgres === null ? 'd1' : 'postgres');
  project.provide('apiDatabaseUrl', devDb ?? '');

  return () => {
    for (const instance of [dev, noDev]) {
      clearInterval(instance.watch);
      if (instance.died() !== '') console.error(`${instance.died()}; its last output:\n${instance.log().slice(-6000)}`);
    }
    stop(dev.child);
    stop(noDev.child);
    void idp.close();
    void steam.close();
    void postgres?.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
