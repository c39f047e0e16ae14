import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import type { Account } from '../support/accounts';
import { signInPage } from '../support/auth';
import { createUnitByApi, toastText } from './support';

/**
 * Issue 19 "Done when": a manager adds an Airbnb feed to a cabin, presses "Sync now", and sees
 * the held nights on the tape chart. The feed is served by this spec's own HTTP server on
 * 127.0.0.1, which the shared e2e server (NODE_ENV=production) may never fetch: this spec starts
 * its own built server with FETCH_ALLOW_PRIVATE=1 (allowed outside production) on its own port
 * and data folder.
 */

const port = 40000 + Math.floor(Math.random() * 10000);
const origin = `http://127.0.0.1:${port}`;
test.use({ baseURL: origin });

let server: ChildProcess;
let feeds: http.Server;
let feedUrl: string;
let dataDir: string;

/** The nights Airbnb holds: the 10th to the 13th (checkout) of next month, in Manila. */
function nextMonthStay() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const ym = `${next.y}-${String(next.m).padStart(2, '0')}`;
  return { month: ym, start: `${ym}-10`, end: `${ym}-13` };
}
const stay = nextMonthStay();

function accountOf(role: Account['role']): Account {
  const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((parts) => parts[0] === role);
  if (!line) throw new Error(`no demo ${role} account`);
  return { role, email: line[1]!, password: line[2]!, name: `Demo ${role}` };
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  feeds = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/calendar' })
      .end(
        [
          'BEGIN:VCALENDAR',
          'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
          'VERSION:2.0',
          'BEGIN:VEVENT',
          `DTEND;VALUE=DATE:${stay.end.replace(/-/g, '')}`,
          `DTSTART;VALUE=DATE:${stay.start.replace(/-/g, '')}`,
          'UID:e2e-1418fb94e984@airbnb.com',
          'SUMMARY:Reserved',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/calendar/ical/e2e.ics?s=secret`;

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-e2e-channels-'));
  server = spawn('node', ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      PUBLIC_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      FETCH_ALLOW_PRIVATE: '1',
    },
    stdio: 'ignore',
  });
  // A new data folder is made, migrated and seeded first: allow for a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${origin}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the channel-sync server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

test('a manager adds an Airbnb feed, syncs it, and sees the held nights on the tape chart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInPage(page, accountOf('manager'));
  const unit = await createUnitByApi(page.context().request);

  await page.goto(`/units/${unit.unit_id}/edit`);
  await expect(page.getByRole('heading', { name: 'Channel sync' })).toBeVisible();
  await expect(page.getByLabel(`Export URL of ${unit.unit_name}`)).toHaveValue(
    /\/api\/public\/ical\/[A-Za-z0-9_-]+\.ics$/,
  );

  await page.getByRole('button', { name: 'Add feed' }).click();
  const dialog = page.getByRole('dialog', { name: "Add a channel's calendar" });
  await dialog.getByLabel('Name').fill('Airbnb listing');
  await dialog.getByLabel('Calendar address (URL)').fill(feedUrl);
  await dialog.getByLabel('Channel').selectOption('Airbnb');
  await dialog.getByRole('button', { name: 'Add feed' }).click();
  await expect(dialog).toBeHidden();

  const feed = page.getByRole('listitem', { name: 'Feed Airbnb listing' });
  await expect(feed).toBeVisible();
  // Masked once saved: the secret part of the address is not shown.
  await expect(feed).not.toContainText('secret');
  await feed.getByRole('button', { name: 'Sync now' }).click();
  await expect(toastText(page, 'Airbnb listing synced: 1 event')).toBeVisible();
  await expect(feed.getByText('Events').locator('..')).toContainText('1');

  await page.goto(`/availability?date=${stay.month}&unit=${unit.unit_id}`);
  const bar = page.getByRole('img', { name: /^Held by Airbnb \(Airbnb listing\)/ });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAccessibleName(/3 nights/);
  await expect(bar).toContainText('Airbnb');
});
