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
          exclude: ['tests/unit/build/**'],
          environment: 'node',
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
          // One workerd instance serves every file; files share it, so they run one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
