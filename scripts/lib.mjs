/** Small helpers shared by the project scripts (build, start, test, bench). */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export const REGIONS = ['global', 'th', 'tw', 'sea', 'japan', 'one'];
export const BIN = join(ROOT, 'node_modules', '.bin');

/** Quiet, offline defaults for every tool the scripts start. */
export const TOOL_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
};

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

/** Builds one region with Astro into dist/{region}; returns the wall time in ms. */
export async function buildRegion(region, { quiet = false } = {}) {
  const start = performance.now();
  await mustRun(join(BIN, 'astro'), ['build'], { env: { REGION: region }, quiet });
  return performance.now() - start;
}

/** True when dist/{region} is older than any source that feeds the static build. */
export function buildIsStale(region) {
  const out = join(ROOT, 'dist', region, 'account');
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((p) => newestMtime(join(ROOT, p)));
  return Math.max(...sources) > built;
}
