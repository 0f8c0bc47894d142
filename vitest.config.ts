import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const region = fileURLToPath(new URL('./src/regions/global.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@region': region } },
  test: {
    projects: [
      {
        resolve: { alias: { '@region': region } },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          // Island component tests (*.test.tsx beside the islands) need a DOM: the components project runs them.
          exclude: ['tests/unit/build/**', 'src/islands/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@region': region } },
        test: {
          // Islands rendered with Testing Library, API modules mocked (tests/components/README.md).
          name: 'components',
          include: ['src/islands/**/*.test.tsx', 'tests/components/**/*.test.tsx'],
          // happy-dom over jsdom: a fifth of the dependencies, faster to start per file, and <dialog>.showModal.
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: {
              url: 'http://localhost:4321/account/en/login',
              // Nothing leaves the test: no script fetched (nor stylesheets: off by default), no page loaded by a navigation.
              settings: {
                disableJavaScriptFileLoading: true,
                navigation: { disableMainFrameNavigation: true },
              },
            },
          },
          setupFiles: ['tests/components/setup.ts'],
          // A test walks a whole screen: typing, and the modules an island loads on first focus or submit, which
          // vitest transforms on that first import, inside the test. Alone that is 1-3 s for the longest flows
          // (AddChildSignup, CreateLegacy, SettingPassword); with npm test's other projects on 2 cores it passed 5 s
          // (vitest's default) and failed at random, though each findBy may wait 5 s alone (setup.ts).
          testTimeout: 20_000,
          // Dates in the device list render in one zone whatever the machine's.
          env: { TZ: 'UTC' },
        },
      },
      {
        // Checks of the built output (dist/*): run after `npm run build:all`.
        test: { name: 'build', include: ['tests/unit/build/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@region': region } },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/clock-guard.ts'],
          // One workerd instance serves every file; files share it, so they run one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@region': region } },
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/clock-guard.ts'],
          // The api files on PostgreSQL (issue 24; tests/api/global-setup.ts): `npx vitest run --project api-pg`.
          // npm test runs it beside the api project (scripts/test.mjs).
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@region': region } },
        test: {
          // Not a test: `npm run bench` (or `npm run bench:flows`) measures each flow's queries, rows and latency (bench/api/).
          name: 'bench-api',
          include: ['bench/api/**/*.measure.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@region': region } },
        test: {
          // The same measurements on PostgreSQL (the set-up starts it for every project named *-pg).
          name: 'bench-api-pg',
          include: ['bench/api/**/*.measure.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
