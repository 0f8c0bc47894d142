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
/** Every server: project name, region, port, and the options scripts/serve.mjs gets beyond them. */
const SERVERS = [
  ...Object.entries(E2E_REGIONS).map(([region, port]) => [region, region, port, ''] as const),
  ['global-clock', 'global', CLOCK_PORT, ''] as const,
  ['global-ops', 'global', OPS_PORT, ''] as const,
  ['global-pg', 'global', POSTGRES_PORT, ' --engine postgres'] as const,
];

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
    trace: 'retain-on-failure',
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
    ...Object.entries(E2E_REGIONS).map(([region, port]) => ({
      name: region,
      testMatch: region === 'global' ? /.*\.spec\.ts/ : /.*\.regions\.spec\.ts/,
      testIgnore: [CLOCK_SPECS, OPS_SPECS, POSTGRES_SPECS],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${port}` },
      metadata: { region },
    })),
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
  ],
  // The D1 of each server is .wrangler/e2e-{region}-{port}: specs that run scripts on it find it from their baseURL.
  webServer: SERVERS.map(([, region, port, options]) => ({
    command: `node scripts/serve.mjs --region ${region} --port ${port} --persist .wrangler/e2e-${region}-${port} --dev-tools --fresh --no-watch${options}`,
    url: `http://127.0.0.1:${port}/account/en/error`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: process.env['E2E_SERVER_STDOUT'] === '1' ? 'pipe' : 'ignore',
    stderr: 'pipe',
  })),
});
