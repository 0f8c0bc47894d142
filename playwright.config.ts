/**
 * e2e in Debian Chromium against built regions served by `wrangler pages dev`
 * (real workerd, local D1). Each region project gets its own server and D1.
 */
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Ports of the region servers; E2E_PORT_BASE moves them (two checkouts testing side by side). */
const PORT_BASE = Number(process.env['E2E_PORT_BASE'] ?? 8790);
export const E2E_REGIONS = { global: PORT_BASE, th: PORT_BASE + 1 } as const;
/**
 * Specs that move the API clock (dev tool POST /api/dev/clock) get a server of their own: the clock is
 * server-wide, and moving it under specs running in parallel on the shared server would expire their
 * sessions and codes at random.
 */
const CLOCK_SPECS = /two-factor\.spec\.ts$/;
const CLOCK_PORT = PORT_BASE + 2;
/**
 * Specs that run an operator's script on the server's D1 file (scripts/support-cases.mjs, scripts/staff-add.mjs) also get a server of
 * their own: the script's writes lock the file for a moment, and a write of another spec's request at that moment
 * fails with SQLITE_BUSY (a local-only effect: deployed D1 has one writer).
 */
const OPS_SPECS = /(self-service-ownership|staff-[\w-]+)\.spec\.ts$/;
const OPS_PORT = PORT_BASE + 3;
/**
 * The journey on PostgreSQL (issue 24): its own server with the API on a local PostgreSQL from npm
 * (scripts/serve.mjs --engine postgres); every other spec runs on D1.
 */
const POSTGRES_SPECS = /postgres-journey\.spec\.ts$/;
const POSTGRES_PORT = PORT_BASE + 4;
/** Every server as scripts/e2e-servers.mjs takes it: region,port[,postgres]. */
const SERVERS = [
  ...Object.entries(E2E_REGIONS).map(([region, port]) => `${region},${port}`),
  `global,${CLOCK_PORT}`,
  `global,${OPS_PORT}`,
  `global,${POSTGRES_PORT},postgres`,
];
/** Answers once every server does (scripts/e2e-servers.mjs); PORT_BASE + 5 to + 9 are the servers' sign-in providers. */
const READY_PORT = PORT_BASE + 10;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    // A failed test keeps its trace (DOM snapshots of every step); without the screencast, which every test paid
    // for while it ran: a run of the two longest spec files took 9 % less time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The projects of one server each come first: Playwright hands out files in project order, and these hold the
    // longest files (two-factor: one test of nearly 2 minutes). Listed last, they ran at the end of a full run while
    // the other worker had nothing left; first, the region specs fill the time beside them.
    {
      name: 'global-clock',
      testMatch: CLOCK_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${CLOCK_PORT}` },
      metadata: { region: 'global' },
    },
    {
      name: 'global-ops',
      testMatch: OPS_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${OPS_PORT}` },
      metadata: { region: 'global' },
    },
    {
      name: 'global-pg',
      testMatch: POSTGRES_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${POSTGRES_PORT}` },
      metadata: { region: 'global' },
    },
    ...Object.entries(E2E_REGIONS).map(([region, port]) => ({
      name: region,
      testMatch: region === 'global' ? /.*\.spec\.ts/ : /.*\.regions\.spec\.ts/,
      testIgnore: [CLOCK_SPECS, OPS_SPECS, POSTGRES_SPECS],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${port}` },
      metadata: { region },
    })),
  ],
  // The D1 of each server is .wrangler/e2e-{region}-{port}: specs that run scripts on it find it from their baseURL.
  // One command starts them all side by side (Playwright starts the entries of a list one after another).
  webServer: {
    command: `node scripts/e2e-servers.mjs --ready ${READY_PORT} ${SERVERS.map((s) => `--server ${s}`).join(' ')}`,
    url: `http://127.0.0.1:${READY_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: process.env['E2E_SERVER_STDOUT'] === '1' ? 'pipe' : 'ignore',
    stderr: 'pipe',
  },
});
