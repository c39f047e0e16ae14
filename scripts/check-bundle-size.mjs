// `npm run size:check`: the JavaScript budget (issue 9, lowered by issue 24). Starts the built
// server (dist/) on a free port with a fresh DATA_DIR and the demo data, opens pages in headless
// system Chromium and adds up every JavaScript file loaded until the network is quiet:
//   - /guest-booking as a fresh visitor: at most 80 KB gzipped (issue 24);
//   - the back office's first page, from opening /login through signing in as the demo manager
//     to the dashboard being shown: at most 130 KB gzipped (issue 24).
// Two figures per page: what the browser downloaded (brotli, the server's choice for Chromium)
// and what a gzip-only client downloads for the same files (the .gz siblings scripts/build.mjs
// wrote); the budget applies to the gzip figure. The server runs as in production (the ALTCHA
// widget included), like the end-to-end tests. `--files` lists each file.
// Prints a table and exits 1 when a page is over its budget (see `pages` below); writes
// bundle-size.json to TEST_REPORT_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from './support/harness.mjs';

const KB = 1024;
const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'dist/web');
const serverEntry = path.join(root, 'dist/server/main.js');
const listFiles = process.argv.includes('--files');
/** How long the network must be quiet (no request in flight but the live-updates stream). */
const QUIET_MS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      PUBLIC_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  // Up to 3 minutes: a fresh data folder is migrated and seeded first, slow on a loaded machine.
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // still starting
    }
    await sleep(150);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${stderr}`);
}

/** The size a gzip-only client downloads for a built file: its .gz sibling, else the file. */
function gzipSize(url) {
  const file = path.join(webDist, decodeURIComponent(new URL(url).pathname));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

/**
 * Records every JavaScript response of a page: its encoded body size as received, once per URL
 * (a file the memory cache serves again costs nothing).
 */
function watchScripts(page) {
  const scripts = new Map();
  const inFlight = new Set();
  let lastActivity = Date.now();
  const isStream = (request) => new URL(request.url()).pathname === '/api/events';
  page.on('request', (request) => {
    if (isStream(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const settle = (request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', async (request) => {
    try {
      const response = await request.response();
      const type = response?.headers()['content-type'] ?? '';
      const url = request.url();
      if (response && /javascript/.test(type) && !scripts.has(url)) {
        const { responseBodySize } = await request.sizes();
        scripts.set(url, { wire: responseBodySize, gzip: gzipSize(url) });
      }
    } finally {
      settle(request);
    }
  });
  return {
    scripts,
    /** Waits until nothing but the live-updates stream has been in flight for QUIET_MS. */
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error('the network did not go quiet');
        await sleep(100);
      }
    },
  };
}

async function measureGuestBooking(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = watchScripts(page);
  await page.goto(`${base}/guest-booking`);
  await page.getByRole('heading', { level: 1, name: 'Book Your Stay' }).waitFor();
  await watch.idle();
  await context.close();
  return watch.scripts;
}

async function measureBackOffice(browser, base, dataDir) {
  const [, email, password] = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((line) => line.trim().startsWith('manager'))
    .trim()
    .split(/\s+/);
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = watchScripts(page);
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await watch.idle();
  await context.close();
  return watch.scripts;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

function total(scripts, key) {
  return [...scripts.values()].reduce((sum, sizes) => sum + sizes[key], 0);
}

/**
 * Issue 24's budgets, enforced: a build over either fails (docs/decisions/0014; the fifth round
 * brought /guest-booking under 80 KB with the public pages' own entry).
 */
const pages = [
  { name: '/guest-booking (fresh visitor)', budget: 80 * KB, measure: measureGuestBooking },
  { name: '/login → /dashboard (manager)', budget: 130 * KB, measure: measureBackOffice },
];

if (!existsSync(serverEntry) || !existsSync(path.join(webDist, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-size-'));
let server;
let browser;
const results = [];
try {
  server = await startServer(dataDir);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  for (const entry of pages) {
    const scripts = await entry.measure(browser, server.base, dataDir);
    results.push({ ...entry, scripts, wire: total(scripts, 'wire'), gzip: total(scripts, 'gzip') });
  }
} finally {
  await browser?.close();
  server?.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${pad('page', 32)}${padLeft('files', 6)}${padLeft('on the wire', 13)}${padLeft('gzip', 11)}${padLeft('budget', 11)}  result`,
);
for (const result of results) {
  const over = result.gzip > result.budget;
  const verdict = over ? 'OVER BUDGET' : 'ok';
  console.log(
    `${pad(result.name, 32)}${padLeft(result.scripts.size, 6)}${padLeft(kb(result.wire), 13)}${padLeft(kb(result.gzip), 11)}${padLeft(kb(result.budget), 11)}  ${verdict}`,
  );
  if (listFiles || over) {
    const rows = [...result.scripts].sort(([, a], [, b]) => b.gzip - a.gzip);
    for (const [url, sizes] of rows) {
      console.log(
        `    ${pad(new URL(url).pathname, 56)}${padLeft(kb(sizes.wire), 11)}${padLeft(kb(sizes.gzip), 11)}`,
      );
    }
  }
}

const failed = results.filter((result) => result.gzip > result.budget).length;
const passed = results.length - failed;
if (process.env.TEST_REPORT_DIR) {
  writeFileSync(
    path.join(process.env.TEST_REPORT_DIR, 'bundle-size.json'),
    JSON.stringify({
      passed,
      failed,
      pages: results.map(({ name, budget, wire, gzip }) => ({
        name,
        budget,
        wire,
        gzip,
      })),
    }) + '\n',
  );
}
console.log(`\nbundle size: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
