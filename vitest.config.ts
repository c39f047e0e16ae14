import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const integrationFiles = ['tests/integration/**/*.test.ts'];
const multiInstanceFiles = ['tests/integration/multi-instance/**'];
const reportDir = process.env.TEST_REPORT_DIR;

function integrationProject(db: 'pglite' | 'postgres') {
  return {
    extends: true as const,
    test: {
      name: `integration-${db}`,
      include: integrationFiles,
      // Issue 24: several app instances share one database server; an embedded database belongs
      // to one process, so these files run on PostgreSQL alone (not reported as skipped).
      exclude: db === 'pglite' ? multiInstanceFiles : [],
      // Issue 20's documents test reads an issued receipt back with pdftotext as well.
      env: { TEST_DB: db, PDFTOTEXT_FOUND: hasPdftotext ? '1' : '' },
      globalSetup: ['tests/support/global-setup.ts'],
      // Every file builds its own app on its own database and nothing here mocks a module, so the
      // files of one worker can share the imported modules: importing the server afresh for each
      // of the ~60 files per database cost about 3 minutes of the run.
      isolate: false,
      // The CI host is shared and the browser tests run beside these: stop 33's run, on a host
      // 2.5 times slower than a quiet one, lost one file's tests. A limit, not a speed claim.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // expect.poll gives up after 1 s by default: a CI run at load 17 lost a test that way while
      // a job on PGlite handed its mail over. A poll still ends as soon as its value is there.
      expect: { poll: { timeout: 30_000 } },
    },
  };
}

/**
 * tests/pdf read the receipts' and the sales journal's text back with pdftotext (poppler-utils,
 * decision 0022). Without it the project is left out with a warning, as the end-to-end tests are
 * without Chromium; in CI (CI=true or E2E_REQUIRED=1) it stays in and its files fail, saying what
 * is missing (.ci/run installs poppler-utils).
 */
const hasPdftotext = (process.env.PATH ?? '')
  .split(path.delimiter)
  .some((dir) => dir !== '' && existsSync(path.join(dir, 'pdftotext')));
const pdfToolsRequired = process.env.CI === 'true' || process.env.E2E_REQUIRED === '1';
// Said once: Vitest loads this file again for each project that extends it.
const warned = globalThis as { pdftotextWarned?: boolean };
if (!hasPdftotext && !warned.pdftotextWarned) {
  warned.pdftotextWarned = true;
  const message =
    'pdftotext not found on PATH: install poppler-utils (Debian: apt-get install poppler-utils).';
  if (pdfToolsRequired) console.error(`${message} The PDF tests are required here and fail.`);
  else console.warn(`${message} The PDF text tests were not run.`);
}

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default leaves one core idle; on a 2-core machine that runs every file one by one.
    // The embedded database works on the worker's own thread and PostgreSQL in its own process,
    // so a worker per core keeps both busy (the hostile-input parts are the long files).
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
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: integrationFiles,
          // The property tests walk thousands of cases: on a busy 2-core machine (the integration
          // files share it) they take several seconds, past Vitest's 5 s default.
          testTimeout: 30_000,
          // src/server/db/pglite-turns.test.ts opens an embedded database (every migration) in its
          // beforeAll: stop 35's CI, on a slow host, timed that out at Vitest's 10 s default.
          hookTimeout: 120_000,
        },
      },
      integrationProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('postgres')] : []),
      ...(hasPdftotext || pdfToolsRequired
        ? [
            {
              extends: true as const,
              test: {
                name: 'pdf',
                include: ['tests/pdf/**/*.test.ts'],
                env: { PDFTOTEXT_FOUND: hasPdftotext ? '1' : '' },
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
