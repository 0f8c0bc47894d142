#!/usr/bin/env node
/**
 * npm test: every check, in order, stopping at the first failing stage:
 * typecheck beside lint → unit → components → build all regions → API tests against workerd (on D1 and on PostgreSQL) →
 * e2e in Chromium. Ends with one line `tests: N passed, N failed`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { BIN, E2E_SERVER_LOGS, REGIONS, ROOT, buildRegion, run } from './lib.mjs';

const results = join(ROOT, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** A project's counts from its JSON report; `success` false without one (it crashed before the end). */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, success: false };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (r.numTodoTests ?? 0),
    // False too for a file that failed outside any test (an import or a hook).
    success: r.success === true,
  };
}
function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
}

const totals = { passed: 0, failed: 0 };
const timings = [];
async function stage(name, fn) {
  const start = performance.now();
  console.log(`\n▶ ${name}`);
  const ok = await fn();
  timings.push([name, performance.now() - start, ok]);
  if (!ok) finish(1, name);
}
function finish(code, failedStage) {
  console.log('\nStage timings:');
  for (const [n, ms, ok] of timings) console.log(`  ${ok ? '✓' : '✗'} ${n.padEnd(14)} ${(ms / 1000).toFixed(1)} s`);
  if (failedStage) console.log(`\nFailed at stage: ${failedStage}`);
  if (code !== 0 && totals.failed === 0) totals.failed = 1; // a failing non-test stage still fails the run
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}
const bin = (name) => join(BIN, name);
/** Prints a quiet run's output under its name once it ended; passes the result on. */
const report = (name) => (result) => {
  console.log(`  ${name}: exit ${result.code}`);
  process.stdout.write(result.output);
  return result;
};

/**
 * Runs one vitest project with a JSON report, adds its counts to the totals; true when it passed. `quiet` keeps
 * its output until it ends (a project run beside another), then prints it whole. Passed means exit code 0 and a
 * report with no failed test: the exit code alone once hid a failing API test (a library's exit hook turned it
 * into 0; scripts/postgres-local.mjs). `workers` overrides vitest's default of one worker less than the cores: on
 * this 2-core machine that default is one, and a stage that runs alone left a core idle (see ALL_CORES).
 */
async function vitestProject(project, { quiet = false, workers } = {}) {
  const file = join(results, `${project}.json`);
  const args = ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  if (workers !== undefined) args.push(`--maxWorkers=${workers}`);
  const { code, output } = await run(bin('vitest'), args, { quiet });
  if (quiet) process.stdout.write(output);
  const c = vitestCounts(file);
  totals.passed += c.passed;
  totals.failed += c.failed;
  const ok = c.success && c.failed === 0;
  if (code === 0 && !ok) console.log(`${project}: exited 0, but its report says it failed (${c.failed} failed)`);
  return code === 0 && ok;
}

// Type check and lint side by side: each is one single-threaded process, and lint (typed rules, about two minutes
// here) is the longer, so the type check and then prettier run beside it and the stage takes about as long as lint
// alone (measured: 121 s, against 164 s with prettier after the pair). `astro sync` writes .astro/ first, and the
// check then does not rewrite it (--noSync): typed lint rules read those types, and must not see them half written.
// eslint's own --concurrency=2 was slower beside the check (128 s): each thread builds the typed program again.
// Each prints its output whole when it ends.
await stage('typecheck+lint', async () => {
  const quiet = { quiet: true };
  if ((await run(bin('astro'), ['sync'])).code !== 0) return false;
  const [[check, prettier], eslint] = await Promise.all([
    run(bin('astro'), ['check', '--noSync'], quiet)
      .then(report('typecheck'))
      .then(async (checked) => [
        checked,
        await run(bin('prettier'), ['--check', '.', '--log-level=warn'], quiet).then(report('prettier')),
      ]),
    run(bin('eslint'), ['.', '--max-warnings=0'], quiet).then(report('eslint')),
  ]);
  return check.code === 0 && eslint.code === 0 && prettier.code === 0;
});
/**
 * Workers for a vitest stage that runs alone: every core. Vitest's default in a run is the cores less one (one
 * here), which left a core idle through unit and components (vmstat: 40-50 % idle); with two, in a full run,
 * unit took 55 s instead of 104 s and components 79 s instead of 160 s. The API projects keep one file at a time
 * (their config).
 */
const ALL_CORES = String(availableParallelism());
await stage('unit', async () => {
  return vitestProject('unit', { workers: ALL_CORES });
});
// Islands rendered in happy-dom with their API modules mocked (tests/components/README.md): seconds, not e2e minutes.
await stage('components', async () => {
  return vitestProject('components', { workers: ALL_CORES });
});
// Two region builds at a time: a build leaves part of the second core idle, and builds of different regions share
// nothing they write (dist/{region}; outputs byte-identical to one at a time). A pair took 34 s instead of 40 s.
await stage('build', async () => {
  const queue = [...REGIONS];
  const builder = async () => {
    for (let region = queue.shift(); region !== undefined; region = queue.shift()) {
      const ms = await buildRegion(region, { quiet: true });
      console.log(`  built ${region.padEnd(7)} ${(ms / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([builder(), builder()]);
  return vitestProject('build', { workers: ALL_CORES });
});
// The API suite on both engines (issue 24): D1 and PostgreSQL side by side, each with its own instances. Each runs
// one file at a time against its workerd, and the two keep both cores busy (vmstat: 3-5 % idle, nine tenths of it
// workerd): D1 ended after 423 s, PostgreSQL (a new connection each request) after 509 s.
await stage('api', async () => {
  const [d1, postgres] = await Promise.all([vitestProject('api'), vitestProject('api-pg', { quiet: true })]);
  return d1 && postgres;
});
/**
 * The unhandled errors the e2e servers logged (their stderr, kept by scripts/e2e-servers.mjs), each with the first
 * lines of its stack: a test that met a 500 shows only the client's side, and a CI log keeps only its tail.
 */
function printServerErrors() {
  if (!existsSync(E2E_SERVER_LOGS)) return;
  const errors = [];
  for (const name of readdirSync(E2E_SERVER_LOGS).sort()) {
    const lines = readFileSync(join(E2E_SERVER_LOGS, name), 'utf8')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n');
    lines.forEach((line, i) => {
      if (!line.includes('Unhandled API error')) return;
      const stack = lines.slice(i + 1, i + 8).filter((l) => l.trim() !== '');
      errors.push([`  ${name}: ${line.trim()}`, ...stack.slice(0, 3).map((l) => `    ${l.trim()}`)].join('\n'));
    });
  }
  if (errors.length === 0) return;
  console.log(`\nUnhandled errors the e2e servers logged (${errors.length}; the first 10):`);
  console.log(errors.slice(0, 10).join('\n'));
}
await stage('e2e', async () => {
  const file = join(results, 'e2e.json');
  const { code } = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CI: 'true' },
  });
  const c = playwrightCounts(file);
  totals.passed += c.passed;
  totals.failed += c.failed;
  const ok = code === 0 && c.failed === 0;
  if (!ok) printServerErrors();
  return ok;
});
finish(0);
