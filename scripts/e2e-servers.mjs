#!/usr/bin/env node
/**
 * The e2e servers, started side by side (playwright.config.ts runs this as its one web server):
 *   node scripts/e2e-servers.mjs --ready 8800 --server global,8790 --server global,8794,postgres …
 * Each `--server region,port[,postgres]` is `scripts/serve.mjs` with its own fresh D1 under .wrangler/e2e-{region}-{port},
 * the dev tools on, not watching. Once every server answers, this answers 200 on 127.0.0.1:{ready}, the URL
 * Playwright waits for. A server that exits ends the others and this; so do SIGTERM and SIGINT (see stopAll).
 *
 * Why one process: Playwright starts the servers of a `webServer` list one after another, and each takes about 20 s
 * (migrations, the Functions bundle, workerd; one more for PostgreSQL), so five held the e2e stage for 100 s before
 * its first test. Started together they share the wait.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { E2E_SERVER_LOGS, ROOT, migratedLocalD1, mustRun } from './lib.mjs';
import { freePort } from './free-port.mjs';

const { values } = parseArgs({
  options: { ready: { type: 'string' }, server: { type: 'string', multiple: true, default: [] } },
});
const ready = Number(values.ready);
if (!Number.isInteger(ready) || ready <= 0) throw new Error('--ready <port> is required');
const servers = values.server.map((spec) => {
  const [region, port, engine] = spec.split(',');
  if (!region || !/^\d{2,5}$/.test(port ?? '') || (engine !== undefined && engine !== 'postgres'))
    throw new Error(`--server ${spec}: region,port[,postgres]`);
  return { region, port, postgres: engine === 'postgres' };
});
if (servers.length === 0) throw new Error('no --server given');

// The local secrets once, before the servers: each server would otherwise race to write the same file.
await mustRun(process.execPath, [join(ROOT, 'scripts', 'dev-vars.mjs')]);

const showStdout = process.env['E2E_SERVER_STDOUT'] === '1';
rmSync(E2E_SERVER_LOGS, { recursive: true, force: true });
mkdirSync(E2E_SERVER_LOGS, { recursive: true });
let stopping = false;
// An inspector port each: wrangler takes 9229 when it looks free, and servers starting in the same moment all saw
// it free; all but one then failed with "Address already in use".
const inspectorPorts = [];
while (inspectorPorts.length < servers.length) {
  const port = await freePort();
  if (!inspectorPorts.includes(port)) inspectorPorts.push(port);
}
// Each server starts from an empty local D1 (send caps and limits of earlier runs do not carry over), migrated once
// for all of them (./lib.mjs migratedLocalD1: one migration run instead of one per server).
const persistOf = ({ region, port }) => `.wrangler/e2e-${region}-${port}`;
for (const server of servers) rmSync(join(ROOT, persistOf(server)), { recursive: true, force: true });
await migratedLocalD1(servers.map(persistOf));
const children = servers.map(({ region, port, postgres }, i) => {
  const args = [join(ROOT, 'scripts', 'serve.mjs'), '--region', region, '--port', port];
  args.push('--inspector-port', String(inspectorPorts[i]));
  args.push('--persist', persistOf({ region, port }), '--dev-tools', '--migrated', '--no-watch');
  if (postgres) args.push('--engine', 'postgres');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', showStdout ? 'inherit' : 'ignore', 'pipe'],
  });
  // Shown as it comes (Playwright prefixes it [WebServer]) and kept in a file: a CI log keeps only its tail, and
  // scripts/test.mjs prints the servers' unhandled errors from these files after a failed e2e stage.
  const log = createWriteStream(join(E2E_SERVER_LOGS, `${region}-${port}.log`));
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    log.write(chunk);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e server ${region}:${port} exited (${signal ?? code}); stopping the others`);
    stopAll();
  });
  return child;
});

/**
 * Ends every server. Playwright runs this command in a process group of its own (a shell, then this process) and
 * kills that group when the tests end, but not once the command ended first, and it waits for the command's
 * stderr to close, which every server's wrangler holds: a server that fails to start must take the others down
 * itself. Ending the group reaches each server's wrangler, workerd and PostgreSQL (serve.mjs stops its PostgreSQL on
 * SIGTERM); two seconds on, what ignored that ends for good, this process with it. So it is only ever run in a
 * group of its own, as Playwright runs it.
 */
function stopAll() {
  if (stopping) return;
  stopping = true;
  process.kill(0, 'SIGTERM');
  setTimeout(() => process.kill(0, 'SIGKILL'), 2_000);
}
// The group's SIGTERM reaches this process too: stopAll runs once.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);

/** True once the server answers its error page (any HTTP answer: it is up). */
async function answers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/account/en/error`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}
const pending = new Set(servers.map((s) => s.port));
while (pending.size > 0 && !stopping) {
  for (const port of [...pending]) if (await answers(port)) pending.delete(port);
  if (pending.size > 0) await new Promise((r) => setTimeout(r, 300));
}
if (!stopping) {
  createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ready\n')).listen(
    ready,
    '127.0.0.1',
  );
}
