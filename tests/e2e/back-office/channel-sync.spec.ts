import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { APIRequestContext } from '@playwright/test';
import { formatDate } from '../../../src/domain/format';
import { createStaffBooking } from '../bookings/support';
import { expect, test } from '../fixtures';
import type { Account } from '../support/accounts';
import { apiSend, signInPage } from '../support/auth';
import { createUnitByApi, toastText } from './support';

/**
 * Issue 19 "Done when": a manager adds an Airbnb feed to a cabin, presses "Sync now", and sees
 * the held nights on the tape chart. The feed is served by this spec's own HTTP server on
 * 127.0.0.1, which the shared e2e server (NODE_ENV=production) may never fetch: this spec starts
 * its own built server with FETCH_ALLOW_PRIVATE=1 (allowed outside production) on its own port
 * and data folder. Time is moved the only way a real server allows: it is stopped, its own
 * database is changed (a feed's creation put two days back), and it is started again.
 */

const port = 40000 + Math.floor(Math.random() * 10000);
const origin = `http://127.0.0.1:${port}`;
test.use({ baseURL: origin });

let server: ChildProcess;
let feeds: http.Server;
let feedUrl: string;
let feedOrigin: string;
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
/** The channel's nights over a direct booking of the 20th to the 22nd: the 21st to the 23rd. */
const clash = { start: `${stay.month}-21`, end: `${stay.month}-23` };

function accountOf(role: Account['role']): Account {
  const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((parts) => parts[0] === role);
  if (!line) throw new Error(`no demo ${role} account`);
  return { role, email: line[1]!, password: line[2]!, name: `Demo ${role}` };
}

/** The built server on this spec's port and data folder, allowed to fetch from 127.0.0.1. */
async function startServer() {
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
}

async function stopServer() {
  const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  await stopped;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  feeds = http.createServer((req, res) => {
    const route = (req.url ?? '/').split('?')[0]!;
    // A channel that has been down: every download answers 500.
    if (route === '/broken.ics') {
      res.writeHead(500).end('Internal Server Error');
      return;
    }
    const nights = route === '/clash.ics' ? clash : stay;
    res
      .writeHead(200, { 'content-type': 'text/calendar' })
      .end(
        [
          'BEGIN:VCALENDAR',
          'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
          'VERSION:2.0',
          'BEGIN:VEVENT',
          `DTEND;VALUE=DATE:${nights.end.replace(/-/g, '')}`,
          `DTSTART;VALUE=DATE:${nights.start.replace(/-/g, '')}`,
          `UID:e2e-${route.replace(/\W/g, '')}@airbnb.com`,
          'SUMMARY:Reserved',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  feedUrl = `${feedOrigin}/calendar/ical/e2e.ics?s=secret`;

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-e2e-channels-'));
  await startServer();
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

/** Adds a feed to a cabin and downloads it, through the API of a signed-in manager. */
async function addAndSyncFeed(
  request: APIRequestContext,
  unitId: string,
  name: string,
  url: string,
) {
  const created = await apiSend(request, 'POST', `/api/units/${unitId}/feeds`, {
    name,
    url,
    channel: 'Airbnb',
  });
  expect(created.status(), await created.text()).toBe(201);
  const { feed_id } = ((await created.json()) as { data: { feed_id: string } }).data;
  const synced = await apiSend(request, 'POST', `/api/feeds/${feed_id}/sync`);
  expect(synced.status(), await synced.text()).toBe(200);
  return feed_id;
}

test('a channel booking over a direct one alerts on the booking page and marks the tape chart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInPage(page, accountOf('manager'));
  const request = page.context().request;
  const unit = await createUnitByApi(request);
  const booking = await createStaffBooking(request, {
    unitId: unit.unit_id,
    guestName: 'Liza Soberano',
    email: 'liza@example.ph',
    stay: { check_in: `${stay.month}-20`, check_out: `${stay.month}-22` },
  });
  await addAndSyncFeed(request, unit.unit_id, 'Airbnb clash', `${feedOrigin}/clash.ics`);

  await page.goto(`/bookings/${booking.booking_id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Channel conflict' });
  await expect(alert).toContainText(
    `Channel conflict: Airbnb booked ${unit.unit_name} from ${formatDate(clash.start, 'MMM dd, yyyy')} to ${formatDate(clash.end, 'MMM dd, yyyy')}`,
  );
  await expect(
    alert.getByRole('link', { name: 'See the conflicts on the dashboard' }),
  ).toBeVisible();

  await page.goto(`/availability?date=${stay.month}&unit=${unit.unit_id}`);
  await expect(
    page.getByRole('link', { name: new RegExp(`${booking.booking_reference}.*channel conflict$`) }),
  ).toBeVisible();

  // Resolved from the booking page, the alert goes.
  await page.goto(`/bookings/${booking.booking_id}`);
  await alert.getByRole('button', { name: 'Resolve the conflict' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve the conflict' });
  await dialog.getByLabel('What was done').selectOption('handled_on_channel');
  await dialog.getByLabel('Note').fill('Airbnb moved their guest to another listing');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(toastText(page, 'Conflict resolved')).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the dashboard warns of a feed failing for more than 24 hours and links to its cabin', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInPage(page, accountOf('manager'));
  const unit = await createUnitByApi(page.context().request);
  const feedId = await addAndSyncFeed(
    page.context().request,
    unit.unit_id,
    'Airbnb down',
    `${feedOrigin}/broken.ics`,
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // Failing for minutes only: no warning yet.
  await expect(page.getByRole('heading', { name: 'Channel feeds failing' })).toHaveCount(0);

  // A day passes: the feed was added two days ago, in the stopped server's own database.
  // The page leaves first, so its live updates do not knock on a stopped server.
  await page.goto('about:blank');
  await stopServer();
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { btree_gist } });
  await db.query(
    `UPDATE channel_feeds SET created_at = created_at - interval '2 days' WHERE feed_id = $1`,
    [feedId],
  );
  await db.close();
  await startServer();

  await page.goto('/dashboard');
  const warning = page.getByRole('region', { name: 'Channel feeds failing' });
  await expect(warning).toContainText(`${unit.unit_name}: Airbnb down (Airbnb)`);
  await expect(warning).toContainText('The feed answered HTTP 500.');
  await warning.getByRole('link', { name: `Open the channel sync of ${unit.unit_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/units/${unit.unit_id}/edit#channel-sync$`));
  await expect(page.getByRole('listitem', { name: 'Feed Airbnb down' })).toContainText(
    'feed answered HTTP 500',
  );
});
