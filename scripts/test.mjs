// `npm test`: every test the README promises — unit and integration (Vitest; PGlite always,
// PostgreSQL too when TEST_DATABASE_URL is set), end-to-end (Playwright, system Chromium) against
// the built app and the JavaScript budget (scripts/check-bundle-size.mjs, one result per page),
// then the crash-safety run (scripts/chaos.ts). Ends with the line "N passed, N failed".
//
// Vitest runs at the same time as the build and the end-to-end tests: each alone leaves a third
// or more of the machine idle (the browser tests wait on pages, the integration tests on the
// database), and side by side they finish minutes sooner. Vitest's output is kept in a file of
// the report folder and printed whole when it ends, so the two do not interleave.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from './support/harness.mjs';
import { vitestFailures, vitestLogFailures } from './support/vitest-report.mjs';

const reportDir =
  process.env.TEST_REPORT_DIR || mkdtempSync(path.join(os.tmpdir(), 'resort-tests-'));
const env = { ...process.env, TEST_REPORT_DIR: reportDir };
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', env }).status ?? 1;
/** Starts `args` with its output going to `logFile`; resolves to its exit status. */
const runLogged = (args, logFile) =>
  new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
/** Starts `args` with its output shown as it comes; resolves to its exit status. */
const runAsync = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env });
    child.on('close', (code) => resolve(code ?? 1));
  });
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
  } catch {
    return null;
  }
};

/** A new, empty database on the PostgreSQL server of `adminUrl`, and how to drop it again. */
async function createE2eDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `resort_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await cleanup.end();
    },
  };
}

/** The end-to-end tests that failed first and passed on their retry (Playwright's "flaky"). */
function flakyTests(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'flaky')) {
        found.push(`tests/e2e/${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

let passed = 0;
let failed = 0;
let flaky = [];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the integration suite runs on the embedded database only.',
  );
}
const vitestLog = path.join(reportDir, 'vitest.log');
console.log(`Vitest runs alongside the build and the end-to-end tests (its output: ${vitestLog}).`);
const vitestRun = runLogged(['node_modules/vitest/vitest.mjs', 'run'], vitestLog).then((status) => {
  console.log(`\n===== Vitest (unit and integration) =====\n${readFileSync(vitestLog, 'utf8')}`);
  console.log('===== end of Vitest =====\n');
  return status;
});

let builtNow = false;
const chromium = CHROMIUM_PATH;
const e2eRequired = process.env.E2E_REQUIRED === '1' || process.env.CI === 'true';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: install it (Debian: apt-get install chromium) or set CHROME_PATH.`;
  if (e2eRequired) {
    console.error(message);
    failed += 1;
  } else {
    console.warn(`${message} The end-to-end tests were not run.`);
  }
} else {
  const buildStatus = await runAsync(['scripts/build.mjs']);
  builtNow = buildStatus === 0;
  if (buildStatus !== 0) {
    failed += 1;
  } else {
    // With PostgreSQL at hand (TEST_DATABASE_URL, as in CI) the server under test stores its data
    // there, in a database of its own made for this run: the production engine behind the
    // browser, and its queries no longer share the server's one thread with the app (the
    // embedded database runs inside it). Without it, the embedded database as a new user has.
    const e2eDatabase =
      process.env.TEST_DATABASE_URL && process.env.E2E_DB !== 'pglite'
        ? await createE2eDatabase(process.env.TEST_DATABASE_URL)
        : null;
    if (e2eDatabase) env.E2E_DATABASE_URL = e2eDatabase.url;
    const pwStatus = await runAsync(['node_modules/@playwright/test/cli.js', 'test']);
    if (e2eDatabase) await e2eDatabase.drop();
    const pw = readJson('playwright.json');
    if (pw) {
      passed += pw.stats.expected + (pw.stats.flaky ?? 0);
      failed += pw.stats.unexpected;
      flaky = flakyTests(pw);
    }
    if (pwStatus !== 0 && (!pw || pw.stats.unexpected === 0)) failed += 1;

    // Issue 9: the JavaScript each page downloads, against its budget.
    const sizeStatus = await runAsync(['scripts/check-bundle-size.mjs']);
    const size = readJson('bundle-size.json');
    if (size) {
      passed += size.passed;
      failed += size.failed;
    }
    if (sizeStatus !== 0 && (!size || size.failed === 0)) failed += 1;
  }
}

const vitestStatus = await vitestRun;
const vitest = readJson('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (vitestStatus !== 0 && (!vitest || vitest.numFailedTests === 0)) failed += 1;

// Crash safety (issue 10): the built server killed with SIGKILL mid-stream, three times, on each
// database. It needs the build, which the end-to-end step made; without Chromium, build it here.
const built = builtNow || run(['scripts/build.mjs']) === 0;
if (!built) {
  failed += 1;
} else {
  const chaosStatus = run(['node_modules/tsx/dist/cli.mjs', 'scripts/chaos.ts']);
  const chaos = readJson('chaos.json');
  if (chaos) {
    passed += chaos.passed;
    failed += chaos.failed;
  }
  if (chaosStatus !== 0 && (!chaos || chaos.failed === 0)) failed += 1;
}

if (flaky.length > 0) {
  console.log(`\n${flaky.length} end-to-end test(s) passed only on their retry (flaky):`);
  for (const title of flaky) console.log(`  ${title}`);
}
if (vitestStatus !== 0) {
  console.log(`\nVitest failed (exit status ${vitestStatus}):`);
  const vitestReport = [...(vitest ? vitestFailures(vitest) : []), ...vitestLogFailures(vitestLog)];
  for (const line of vitestReport) console.log(line);
  if (vitestReport.length === 0) console.log(`  no failure in its report; its log: ${vitestLog}`);
}
writeFileSync(
  path.join(reportDir, 'summary.json'),
  JSON.stringify({ passed, failed, flaky: flaky.length }) + '\n',
);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
