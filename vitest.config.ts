import os from 'node:os';
import { defineConfig } from 'vitest/config';

const integrationFiles = ['src/**/*.int.test.ts', 'tests/integration/**/*.test.ts'];
const reportDir = process.env.TEST_REPORT_DIR;

function integrationProject(db: 'pglite' | 'postgres') {
  return {
    extends: true as const,
    test: {
      name: `integration-${db}`,
      include: integrationFiles,
      env: { TEST_DB: db },
      globalSetup: ['tests/support/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default leaves one core idle; on a 2-core machine that runs every file one by one.
    // The embedded database works on the worker's own thread and PostgreSQL in its own process,
    // so a worker per core keeps both busy (the hostile-input files are the long ones).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Stay dates must not depend on the machine's zone (CONVENTIONS "Time is domain").
    env: { TZ: process.env.TZ ?? 'UTC' },
    reporters: reportDir
      ? ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: integrationFiles,
        },
      },
      integrationProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('postgres')] : []),
    ],
  },
});
