// `npm run bench`: the real server against the raw database driver, side by side (issue 9).
// Builds the seeded data set of bench/seed.ts in a fresh DATA_DIR (embedded database) or a fresh
// database on the server of DATABASE_URL, starts the built server on a free port, drives each
// workload with autocannon at 1, 10 and 50 connections, and runs the same work straight through
// the driver in the same run: five reads, booking creation, and a conflict storm (200 requests at
// once for one cabin and night, 20 rounds). On PostgreSQL a second instance joins for the
// scale-out check. Prints a table and writes bench/results/<date>-<database>.json.
// BENCH_SECONDS sets each step's length (default 5). BENCH_ONLY=availability,create runs only the
// workloads whose names contain one of the comma-separated words ("create" and "storm" the writes).
// BENCH_NODE_ARGS passes flags to the server's node (a CPU profile: "--cpu-prof --cpu-prof-dir=D").
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';
import { loadConfig } from '../src/server/config';
import { batchLoad, httpLoad, rawLoad, type Figures } from './load';
import { FEEDS, feedEvents, startFeedServer } from './feeds';
import { backfillFolios } from '../src/server/folio/folio-backfill';
import {
  REPORT_SOLD_MONTHS_SQL,
  REPORT_SOLD_TOTAL_MONTHS_SQL,
} from '../src/server/reports/reports.repository';
import { FRONT_DESK_SQL } from '../src/server/front-desk/front-desk.repository';
import { BUSY_DAY, FOLIO_REFERENCE, ICAL_TOKEN, SEED_SQL, WORKLOADS_SQL } from './seed';
import { startServer, staffSession, type Server, type StaffSession } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
/** Whether a workload of this name runs (every one without BENCH_ONLY). */
const wanted = (name: string) =>
  ONLY.length === 0 || ONLY.some((word) => name.toLowerCase().includes(word));
const CONNECTIONS = [1, 10, 50];
const STORM = { requests: 200, rounds: 20 };
const root = path.resolve(import.meta.dirname, '..');

type Row = {
  workload: string;
  connections: number;
  /** App instances serving the load (the scale-out check runs two). */
  instances: number;
  http: Figures;
  raw: Figures | null;
  /** The server's requests/s over the raw driver's. */
  ratio: number | null;
};

/** The batch workloads' rows (the import): each pass's length on both sides. */
type BatchRow = Row & { seconds: number; raw_seconds: number | null };

type StormRound = { round: number; created: number; conflicts: number; other: number; ms: number };

type Unit = { unit_id: string };

/** Night k of the write workloads: cabin k mod n, one night, days apart per pass over the cabins. */
function slot(units: readonly Unit[], first: string, k: number) {
  const day = new Date(`${first}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(k / units.length));
  const next = new Date(day);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    unit_id: units[k % units.length]!.unit_id,
    check_in: day.toISOString().slice(0, 10),
    check_out: next.toISOString().slice(0, 10),
  };
}

/** A name from a number: SPEC §5 allows only letters, spaces, hyphens and apostrophes. */
function letters(n: number): string {
  let out = '';
  for (let rest = n; rest > 0 || out === ''; rest = Math.floor(rest / 26)) {
    out = String.fromCharCode(97 + (rest % 26)) + out;
  }
  return out;
}

function bookingBody(stay: ReturnType<typeof slot>, n: number): string {
  return JSON.stringify({
    ...stay,
    guest_name: `Bench Walk-in ${letters(n)}`,
    email: `bench.walkin.${n}@example.ph`,
    contact_number: '09171234567',
    num_guests: 1,
  });
}

/** The same rows a staff booking writes, in one statement (one transaction), triggers on. */
const RAW_BOOKING = `
WITH g AS (
  INSERT INTO guests (guest_name, email, phone_number) VALUES ($1, $2, '+639171234567')
  RETURNING guest_id
), b AS (
  INSERT INTO bookings (booking_reference, guest_id, guest_name, email, contact_number, num_guests,
                        check_in, check_out, base_amount, total_amount)
  SELECT generate_booking_reference(), g.guest_id, $1, $2, '+639171234567', 1, $4::date,
         $5::date, u.base_rate, u.base_rate
    FROM g, units u WHERE u.unit_id = $3
  RETURNING booking_id
)
INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                           assigned_guests, unit_price, subtotal)
SELECT b.booking_id, $3, $4::date, $5::date, 'Pending', 1, u.base_rate, u.base_rate
  FROM b, units u WHERE u.unit_id = $3`;

/** A cabin's rate facts, as create_booking checks them against the row. */
type UnitFacts = {
  unit_id: string;
  base_rate: string;
  weekend_rate: string;
  base_occupancy: number;
  max_occupancy: number;
  extra_person_rate: string;
};

/**
 * Issue 24: every row a staff booking writes today (the guest, the booking, its line, its folio
 * charge, its five messages with their jobs, the guest's totals), as the server's own statement
 * writes them: `create_booking` through the driver, with the values a one-night, one-guest staff
 * booking at the base rate is given (the same shape as the server's payload). RAW_BOOKING above
 * is the issue's yardstick and predates the folio and the messages; this one is the database's
 * own work for the whole creation, so the server's overhead over it can be read apart.
 */
function sameRowsPayload(unit: UnitFacts, stay: ReturnType<typeof slot>, n: number, actor: string) {
  const now = new Date().toISOString();
  const rate = Number(unit.base_rate);
  const at = (date: string, hour: number) =>
    new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`).toISOString();
  const email = `bench.same.${n}@example.ph`;
  const guest_name = `Bench Same ${letters(n)}`;
  const message = (kind: string, scheduled_at: string, created_by: string | null) => ({
    kind,
    status: 'scheduled',
    created_at: now,
    created_by,
    scheduled_at,
  });
  return JSON.stringify({
    job: { kind: 'guest-message', created_at: now, max_attempts: 5 },
    actor: { role: 'manager', user_id: actor, email: 'bench@example.ph' },
    timezone: 'Asia/Manila',
    units: [{ ...unit, allowed: ['Available', 'Occupied', 'Reserved'] }],
    guest: { email, guest_name, phone_number: '+639171234567' },
    booking: {
      email,
      guest_name,
      source: 'phone',
      check_in: stay.check_in,
      check_out: stay.check_out,
      rate_plan: 'flexible',
      created_by: actor,
      created_via: 'staff',
      num_guests: 1,
      unit_count: 1,
      is_multi_unit: false,
      base_amount: rate,
      total_amount: rate,
      deposit_amount: Math.ceil(rate / 2),
      balance_due_date: stay.check_in,
      booking_status: 'Pending',
      payment_status: 'Unpaid',
      contact_number: '+639171234567',
    },
    lines: [
      {
        unit_id: unit.unit_id,
        subtotal: rate,
        unit_price: rate,
        assigned_guests: 1,
        weekend_surcharge: 0,
        extra_person_charge: 0,
      },
    ],
    folio: [
      {
        kind: 'lodging',
        amount: rate,
        quantity: 1,
        unit_amount: rate,
        description: 'Stay: one night',
        tax_treatment: 'vatable',
      },
    ],
    messages: [
      message('balance_reminder', at(stay.check_in, 9), null),
      message('overdue_notice', at(stay.check_out, 9), null),
      message('pre_arrival', at(stay.check_in, 9), null),
      message('post_stay', at(stay.check_out, 10), null),
      message('booking_received', now, actor),
    ],
  });
}

/** 200 staff bookings at once for one cabin and night, spread over the servers given. */
async function stormRound(
  servers: readonly { base: string; session: StaffSession }[],
  stay: ReturnType<typeof slot>,
  round: number,
): Promise<StormRound> {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: STORM.requests }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const response = await fetch(`${server.base}/api/bookings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: server.session.cookie,
          'x-csrf-token': server.session.csrf,
        },
        body: bookingBody(stay, 1_000_000 + round * 1000 + i),
      });
      const body = (await response.json()) as { message?: string };
      if (response.status === 409 && !/is not available from/.test(body.message ?? '')) {
        return 0; // a 409 that does not say why counts as "other"
      }
      return response.status;
    }),
  );
  return {
    round,
    created: statuses.filter((s) => s === 201).length,
    conflicts: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409).length,
    ms: Math.round(performance.now() - started),
  };
}

async function rawStormRound(raw: Database, stay: ReturnType<typeof slot>, round: number) {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: STORM.requests }, (_, i) =>
      raw
        .query(RAW_BOOKING, [
          `Bench Raw Storm ${round}-${i}`,
          `bench.rawstorm.${round}.${i}@example.ph`,
          stay.unit_id,
          stay.check_in,
          stay.check_out,
        ])
        .then(
          () => 'created',
          (error: { code?: string }) => (error.code === '23P01' ? 'conflict' : 'other'),
        ),
    ),
  );
  return {
    round,
    created: outcomes.filter((o) => o === 'created').length,
    conflicts: outcomes.filter((o) => o === 'conflict').length,
    other: outcomes.filter((o) => o === 'other').length,
    ms: Math.round(performance.now() - started),
  };
}

const summarise = (rounds: readonly StormRound[]) => ({
  rounds: rounds.length,
  correct_rounds: rounds.filter((r) => r.created === 1 && r.conflicts === STORM.requests - 1)
    .length,
  created: rounds.reduce((sum, r) => sum + r.created, 0),
  conflicts: rounds.reduce((sum, r) => sum + r.conflicts, 0),
  other: rounds.reduce((sum, r) => sum + r.other, 0),
  median_round_ms: [...rounds].map((r) => r.ms).sort((a, b) => a - b)[rounds.length >> 1] ?? 0,
  per_round: rounds,
});

/**
 * Waits until the server has worked off what a finished step left queued (autocannon closes its
 * sockets at the end, but requests already read still run), so one step never slows the next.
 */
async function settle(base: string, cookie: string): Promise<void> {
  await fetch(`${base}/api/dashboard`, { headers: { cookie } }).then((r) => r.arrayBuffer());
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const kind = adminUrl ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `resort_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO: '1',
    CAPTCHA_PROVIDER: 'none',
    PUBLIC_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    // The import workload's feeds are served from 127.0.0.1 (refused in production).
    FETCH_ALLOW_PRIVATE: '1',
    // Its feeds are synced by the bench alone: the job queue's sweep must not sync them during
    // other workloads (not due for a day at insert, nor for a day after each sync).
    CHANNEL_SYNC_MINUTES: '1440',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  // 1. The data set (the embedded database is seeded here, before the server opens it).
  const started = Date.now();
  const config = loadConfig(env);
  const prepared = await prepareDatabase(config);
  await prepared.database.query(SEED_SQL);
  await prepared.database.query(WORKLOADS_SQL);
  // Issue 17: the data set is written as bookings of before the folio; they get theirs.
  await backfillFolios(prepared.database);
  const [counts] = await prepared.database.query<{
    units: number;
    bookings: number;
    multi_unit: number;
    cancelled: number;
    blackouts: number;
  }>(
    `SELECT (SELECT count(*)::int FROM units) AS units,
            (SELECT count(*)::int FROM bookings) AS bookings,
            (SELECT count(*)::int FROM bookings WHERE is_multi_unit) AS multi_unit,
            (SELECT count(*)::int FROM bookings WHERE booking_status = 'Cancelled') AS cancelled,
            (SELECT count(*)::int FROM availability_blackouts) AS blackouts`,
  );
  const units = await prepared.database.query<Unit>(
    `SELECT unit_id FROM units WHERE unit_status = 'Available' ORDER BY unit_code`,
  );
  // Issue 24: the folio's booking, the stays a document is issued for (the server takes them
  // from the front, the raw side from the back), and the channel feeds on the feed server.
  const [folioBooking] = await prepared.database.query<{ booking_id: string }>(
    `SELECT booking_id FROM bookings WHERE booking_reference = $1`,
    [FOLIO_REFERENCE],
  );
  const billable = (
    await prepared.database.query<{ booking_id: string }>(
      `SELECT booking_id FROM bookings WHERE booking_status = 'CheckedOut' ORDER BY booking_reference`,
    )
  ).map((row) => row.booking_id);
  const feedServer = await startFeedServer();
  const feeds = await prepared.database.query<{ feed_id: string; unit_id: string; n: number }>(
    `INSERT INTO channel_feeds (unit_id, name, url, channel, next_run_at)
     SELECT u.unit_id, 'Bench feed ' || f.n, ($2::text[])[f.n + 1], 'Airbnb',
            now() + interval '1 day'
       FROM generate_series(0, $1::int - 1) AS f(n)
       JOIN (SELECT unit_id, row_number() OVER (ORDER BY unit_code) - 1 AS n FROM units
              WHERE unit_code LIKE 'BN%') u ON u.n = f.n
      ORDER BY f.n
     RETURNING feed_id, unit_id, substr(name, 12)::int AS n`,
    [FEEDS, Array.from({ length: FEEDS }, (_, n) => feedServer.url(n))],
  );
  feeds.sort((a, b) => a.n - b.n);
  await prepared.database.query('ANALYZE');
  await prepared.release();
  console.log(
    `data set (${kind}): ${counts!.units} cabins, ${counts!.bookings} bookings (${counts!.multi_unit} multi-unit, ${counts!.cancelled} cancelled), ${counts!.blackouts} blackouts, built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // 2. The server, and a manager signed in.
  const server = await startServer(env);
  const accounts = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
  const [, email, password] = accounts
    .split('\n')
    .find((line) => line.startsWith('manager'))!
    .trim()
    .split(/\s+/);
  const session = await staffSession(server.base, email!, password!);
  const headers = { cookie: session.cookie };
  const writeHeaders = {
    cookie: session.cookie,
    'x-csrf-token': session.csrf,
    'content-type': 'application/json',
  };

  const rows: Row[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const stay = { in: '2026-12-10', out: '2026-12-13' };
  const month = today.slice(0, 7);
  const monthEnd = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const LIST_WHERE = `booking_status = 'Confirmed' AND (guest_name ILIKE $1 OR email ILIKE $1 OR booking_reference ILIKE $1)`;
  // The list's raw side does the endpoint's work: its count and, side by side, its page with each
  // booking's guest and its lines with their cabins (what the endpoint answers).
  const LIST_PAGE = (offset: number) =>
    `SELECT b.*, to_json(g) AS guest,
            coalesce((SELECT json_agg(json_build_object('line', to_json(bu), 'unit', to_json(u))
                                      ORDER BY bu.created_at, u.unit_name)
                        FROM booking_units bu LEFT JOIN units u ON u.unit_id = bu.unit_id
                       WHERE bu.booking_id = b.booking_id), '[]'::json) AS lines
       FROM bookings b
       JOIN (SELECT booking_id FROM bookings WHERE ${LIST_WHERE}
              ORDER BY created_at DESC LIMIT 10 OFFSET ${offset}) page USING (booking_id)
       LEFT JOIN guests g ON g.guest_id = b.guest_id
      ORDER BY b.created_at DESC`;
  const reads: {
    name: string;
    url: string;
    raw: string;
    alongside?: string;
    /** The alongside query's own parameters (the read's when absent). */
    alongsideParams?: unknown[];
    params: unknown[];
  }[] = [
    {
      name: 'availability, every cabin, 3 nights',
      url: `/api/availability/multi-unit?check_in=${stay.in}&check_out=${stay.out}`,
      raw: `SELECT * FROM check_multi_unit_availability($1::date, $2::date, (SELECT array_agg(unit_id) FROM units))`,
      params: [stay.in, stay.out],
    },
    {
      name: 'public calendar, one month',
      url: `/api/public/calendar?from=${month}-01&to=${monthEnd}`,
      raw: `SELECT unit_id, check_in, check_out FROM booking_units WHERE booking_status <> 'Cancelled' AND check_in < ($1::date + interval '1 month') AND check_out > $1::date`,
      params: [`${month}-01`],
    },
    {
      name: 'bookings list, search + status, page 1',
      url: `/api/bookings?search=bench&status=Confirmed&page=1`,
      raw: LIST_PAGE(0),
      alongside: `SELECT count(*) FROM bookings WHERE ${LIST_WHERE}`,
      params: ['%bench%'],
    },
    {
      name: 'bookings list, search + status, page 50',
      url: `/api/bookings?search=bench&status=Confirmed&page=50`,
      raw: LIST_PAGE(490),
      alongside: `SELECT count(*) FROM bookings WHERE ${LIST_WHERE}`,
      params: ['%bench%'],
    },
    {
      name: 'dashboard figures',
      url: `/api/dashboard`,
      raw: `SELECT count(*) FILTER (WHERE check_in = current_date), count(*) FILTER (WHERE check_out = current_date), sum(total_amount) FILTER (WHERE booking_status <> 'Cancelled' AND check_in >= date_trunc('month', current_date)) FROM bookings`,
      params: [],
    },
    {
      // Issue 23: a full year's report with its comparison (the previous period of a whole
      // year is the same year last year); raw, the report's queries of whole months, of
      // report_months (decision 0030): the year per month, cabin and source, beside last
      // year's totals.
      name: 'report summary, one year',
      url: `/api/reports/summary?from=2026-01-01&to=2027-01-01`,
      raw: REPORT_SOLD_MONTHS_SQL,
      params: ['2026-01-01', '2027-01-01'],
      alongside: REPORT_SOLD_TOTAL_MONTHS_SQL,
      alongsideParams: ['2025-01-01', '2026-01-01'],
    },
    {
      // Issue 24: raw, the booking's facts and its 20 entries side by side (readFolio's two).
      name: 'folio, a booking with 20 entries',
      url: `/api/bookings/${folioBooking!.booking_id}/folio`,
      raw: `SELECT b.booking_id, b.booking_status, b.guest_id, b.check_in, b.num_guests,
                   b.deposit_amount, b.balance_due_date, b.senior_pwd_guests, b.proof_deadline,
                   (SELECT count(*)::int FROM payments p
                     WHERE p.booking_id = b.booking_id AND p.payment_status = 'Pending')
              FROM bookings b WHERE b.booking_id = $1`,
      alongside: `SELECT * FROM folio_entries WHERE booking_id = $1 ORDER BY seq`,
      params: [folioBooking!.booking_id],
    },
    {
      // Raw, the day sheet's own query (40 arrivals, 40 departures, 17 in house).
      name: 'front desk, a busy day',
      url: `/api/front-desk?date=${BUSY_DAY}`,
      raw: FRONT_DESK_SQL,
      params: [BUSY_DAY],
    },
    {
      // Raw, the queries only (the token's cabin with its live lines; its blackouts): writing
      // the ~310 events is the server's own work (decision 0029).
      name: 'iCal export, a cabin with 300 bookings',
      url: `/api/public/ical/${ICAL_TOKEN}.ics`,
      raw: `SELECT bu.booking_unit_id, bu.check_in, bu.check_out, bu.updated_at, u.unit_name
              FROM channel_export_tokens t JOIN units u ON u.unit_id = t.unit_id
              JOIN booking_units bu ON bu.unit_id = t.unit_id
             WHERE t.token = $1 AND t.revoked_at IS NULL AND bu.booking_status <> 'Cancelled'
               AND bu.check_out > $2::date
             ORDER BY bu.check_in, bu.booking_unit_id`,
      alongside: `SELECT a.blackout_id, a.start_date, a.end_date, a.updated_at
                    FROM availability_blackouts a JOIN channel_export_tokens t USING (unit_id)
                   WHERE t.token = $1 AND a.end_date >= $2::date
                   ORDER BY a.start_date, a.blackout_id`,
      params: [ICAL_TOKEN, today],
    },
  ];
  const selectedReads = reads.filter((read) => wanted(read.name));
  const writes = wanted('create a booking') || wanted('conflict storm');
  for (const read of selectedReads) {
    for (const connections of CONNECTIONS) {
      const http = await httpLoad({
        url: `${server.base}${read.url}`,
        connections,
        seconds: SECONDS,
        headers,
      });
      rows.push({ workload: read.name, connections, instances: 1, http, raw: null, ratio: null });
      await settle(server.base, session.cookie);
    }
  }

  // 3. Writes: bookings on free nights (March 2027 on), then the conflict storm (June 2028 on).
  const CREATE = 'create a booking (free night)';
  const CREATE_SAME_ROWS = 'create a booking (raw: every row)';
  let created = 0;
  const nextBooking = () => {
    created += 1;
    return bookingBody(slot(units, '2027-03-01', created), created);
  };
  for (const connections of writes ? CONNECTIONS : []) {
    const http = await httpLoad({
      url: `${server.base}/api/bookings`,
      connections,
      seconds: SECONDS,
      headers: writeHeaders,
      method: 'POST',
      body: nextBooking,
    });
    rows.push({ workload: CREATE, connections, instances: 1, http, raw: null, ratio: null });
    await settle(server.base, session.cookie);
  }
  const one = [{ base: server.base, session }];
  const storm: StormRound[] = [];
  for (let round = 0; round < (writes ? STORM.rounds : 0); round += 1) {
    storm.push(await stormRound(one, slot(units, '2028-06-01', round), round));
  }

  // 3b. Issue 24's writes. Issuing a receipt for the whole stay, a different stay each time.
  const ISSUE = 'issue a document (whole stay)';
  let issued = 0;
  const nextIssue = () => {
    const bookingId = billable[issued];
    issued += 1;
    if (!bookingId) throw new Error('the bench ran out of stays to issue documents for');
    return { path: `/api/bookings/${bookingId}/documents`, body: '{"scope":"booking"}' };
  };
  for (const connections of wanted(ISSUE) ? CONNECTIONS : []) {
    const http = await httpLoad({
      url: `${server.base}/api/bookings/${billable[0]}/documents`,
      connections,
      seconds: SECONDS,
      headers: writeHeaders,
      method: 'POST',
      next: nextIssue,
    });
    rows.push({ workload: ISSUE, connections, instances: 1, http, raw: null, ratio: null });
    await settle(server.base, session.cookie);
  }

  // The import: one unmeasured pass (the first download inserts every event), then a pass per
  // concurrency, each generation moving all 10,000 events by a day.
  const IMPORT = `import ${FEEDS} feeds × 200 events`;
  const batches: BatchRow[] = [];
  const syncPass = (connections: number, generation: number) => {
    feedServer.serve(generation);
    return batchLoad(
      connections,
      feeds.map((feed) => async () => {
        const response = await fetch(`${server.base}/api/feeds/${feed.feed_id}/sync`, {
          method: 'POST',
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        });
        const body = (await response.json()) as { data?: { last_error: string | null } };
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        if (body.data?.last_error) throw new Error(body.data.last_error);
      }),
    );
  };
  if (wanted(IMPORT)) {
    const first = await syncPass(10, 0);
    console.log(
      `first import (${FEEDS} feeds, 10 at a time): ${first.seconds} s, ${first.errors} errors`,
    );
    for (const [i, connections] of CONNECTIONS.entries()) {
      const { seconds, ...http } = await syncPass(connections, i + 1);
      batches.push({
        workload: IMPORT,
        connections,
        instances: 1,
        http,
        raw: null,
        ratio: null,
        seconds,
        raw_seconds: null,
      });
    }
  }
  await feedServer.close();

  // 4. Scale-out (PostgreSQL): a second instance on the same database; both share the writes.
  let scaleOut: { creation: Row; storm: ReturnType<typeof summarise> } | null = null;
  if (kind === 'postgres' && writes) {
    const second: Server = await startServer(env);
    const secondSession = await staffSession(second.base, email!, password!);
    const [a, b] = await Promise.all(
      [
        { base: server.base, s: session },
        { base: second.base, s: secondSession },
      ].map(({ base, s }) =>
        httpLoad({
          url: `${base}/api/bookings`,
          connections: 25,
          seconds: SECONDS,
          headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
          method: 'POST',
          body: nextBooking,
        }),
      ),
    );
    const both: Figures = {
      rps: a!.rps + b!.rps,
      p50: Math.max(a!.p50, b!.p50),
      p95: Math.max(a!.p95, b!.p95),
      p99: Math.max(a!.p99, b!.p99),
      errors: a!.errors + b!.errors,
      statuses: Object.fromEntries(
        [...new Set([...Object.keys(a!.statuses), ...Object.keys(b!.statuses)])].map((k) => [
          k,
          (a!.statuses[k] ?? 0) + (b!.statuses[k] ?? 0),
        ]),
      ),
    };
    const spread = [...one, { base: second.base, session: secondSession }];
    const rounds: StormRound[] = [];
    for (let round = 0; round < STORM.rounds; round += 1) {
      rounds.push(await stormRound(spread, slot(units, '2028-08-01', round), round));
    }
    scaleOut = {
      creation: {
        workload: CREATE,
        connections: 50,
        instances: 2,
        http: both,
        raw: null,
        ratio: null,
      },
      storm: summarise(rounds),
    };
    await second.stop();
  }
  await server.stop();

  // 5. The raw driver: the same reads, the same inserts (2032 on), the same storm (2033 on).
  // The embedded database can only be opened by one process, so its raw figures come after the
  // server stops; each run is a closed loop of the same number of workers as connections.
  const raw: Database =
    kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') })
      : await openDatabase({ kind: 'postgres', url: databaseUrl!, max: 50 });
  for (const read of selectedReads) {
    for (const connections of CONNECTIONS) {
      const figures = await rawLoad(connections, SECONDS, () =>
        Promise.all([
          raw.query(read.raw, read.params),
          read.alongside ? raw.query(read.alongside, read.alongsideParams ?? read.params) : null,
        ]),
      );
      const row = rows.find((r) => r.workload === read.name && r.connections === connections)!;
      row.raw = figures;
    }
  }
  let rawCreated = 0;
  for (const connections of writes ? CONNECTIONS : []) {
    const figures = await rawLoad(connections, SECONDS, () => {
      rawCreated += 1;
      const night = slot(units, '2032-01-01', rawCreated);
      return raw.query(RAW_BOOKING, [
        `Bench Raw ${rawCreated}`,
        `bench.raw.${rawCreated}@example.ph`,
        night.unit_id,
        night.check_in,
        night.check_out,
      ]);
    });
    rows.find((r) => r.workload === CREATE && r.connections === connections)!.raw = figures;
  }
  if (scaleOut)
    scaleOut.creation.raw = rows.find((r) => r.workload === CREATE && r.connections === 50)!.raw;
  // The same creations' every row, through the function the server calls (2034 on).
  if (writes) {
    const facts = await raw.query<UnitFacts>(
      `SELECT unit_id, base_rate::text, weekend_rate::text, base_occupancy, max_occupancy,
              extra_person_rate::text
         FROM units WHERE unit_status = 'Available' ORDER BY unit_code`,
    );
    const [actor] = await raw.query<{ id: string }>(
      `SELECT u.id FROM users u JOIN app_roles r ON r.user_id = u.id WHERE r.role = 'manager' LIMIT 1`,
    );
    let sameCreated = 0;
    for (const connections of CONNECTIONS) {
      const figures = await rawLoad(connections, SECONDS, () => {
        sameCreated += 1;
        const night = slot(units, '2034-01-01', sameCreated);
        const unit = facts.find((f) => f.unit_id === night.unit_id)!;
        return raw.query('SELECT create_booking($1::jsonb)', [
          sameRowsPayload(unit, night, sameCreated, actor!.id),
        ]);
      });
      const server = rows.find((r) => r.workload === CREATE && r.connections === connections)!;
      rows.push({
        workload: CREATE_SAME_ROWS,
        connections,
        instances: 1,
        http: server.http,
        raw: figures,
        ratio: null,
      });
    }
  }
  const rawStorm = [];
  for (let round = 0; round < (writes ? STORM.rounds : 0); round += 1) {
    rawStorm.push(await rawStormRound(raw, slot(units, '2033-06-01', round), round));
  }

  // Issue 24's writes, raw: the counter and the document in one statement (the snapshot and
  // figures of the first document the server issued), and each feed's events in one upsert.
  const series = await raw.query<{ issued: number; max_number: number | null }>(
    `SELECT count(*)::int AS issued, max(number) AS max_number FROM documents
      WHERE kind = 'acknowledgement_receipt'`,
  );
  const documentSeries = {
    issued: series[0]!.issued,
    max_number: series[0]!.max_number,
    gapless: series[0]!.issued === (series[0]!.max_number ?? 0),
  };
  const [model] = await raw.query<Record<string, unknown>>(
    `SELECT snapshot, vatable_sales, vat_exempt_sales, zero_rated_sales, vat_amount,
            local_tax_amount, total, amount_paid, buyer_name
       FROM documents ORDER BY issued_at LIMIT 1`,
  );
  let rawIssued = 0;
  for (const connections of model && wanted(ISSUE) ? CONNECTIONS : []) {
    const figures = await rawLoad(connections, SECONDS, () => {
      rawIssued += 1;
      return raw.query(
        `WITH n AS (UPDATE document_counters SET next_number = next_number + 1
                     WHERE kind = 'acknowledgement_receipt' RETURNING next_number - 1 AS number)
         INSERT INTO documents (booking_id, kind, number, scope, snapshot, issue_date,
                                vatable_sales, vat_exempt_sales, zero_rated_sales, vat_amount,
                                local_tax_amount, total, amount_paid, buyer_name, issued_at)
         SELECT $1, 'acknowledgement_receipt', n.number, 'booking', $2::jsonb, current_date,
                $3, $4, $5, $6, $7, $8, $9, $10, now() FROM n`,
        [
          billable[billable.length - rawIssued],
          JSON.stringify(model!.snapshot),
          model!.vatable_sales,
          model!.vat_exempt_sales,
          model!.zero_rated_sales,
          model!.vat_amount,
          model!.local_tax_amount,
          model!.total,
          model!.amount_paid,
          model!.buyer_name,
        ],
      );
    });
    rows.find((r) => r.workload === ISSUE && r.connections === connections)!.raw = figures;
  }
  const RAW_IMPORT = `
    WITH incoming AS (
      SELECT * FROM json_to_recordset($3::json)
        AS e(uid text, summary text, start_date date, end_date date)
    ), gone AS (
      DELETE FROM external_holds h
       WHERE h.feed_id = $1 AND h.uid NOT IN (SELECT uid FROM incoming)
    )
    INSERT INTO external_holds (feed_id, unit_id, uid, summary, start_date, end_date)
    SELECT $1, $2, uid, summary, start_date, end_date FROM incoming
    ON CONFLICT (uid) DO UPDATE
       SET summary = excluded.summary, start_date = excluded.start_date,
           end_date = excluded.end_date
     WHERE (external_holds.summary, external_holds.start_date, external_holds.end_date)
           IS DISTINCT FROM (excluded.summary, excluded.start_date, excluded.end_date)`;
  for (const [i, connections] of (wanted(IMPORT) ? CONNECTIONS : []).entries()) {
    const generation = CONNECTIONS.length + 1 + i;
    const { seconds, ...figures } = await batchLoad(
      connections,
      feeds.map((feed) => () => {
        const events = JSON.stringify(feedEvents(feed.n, generation));
        return raw.query(RAW_IMPORT, [feed.feed_id, feed.unit_id, events]);
      }),
    );
    const row = batches.find((r) => r.connections === connections)!;
    row.raw = figures;
    row.raw_seconds = seconds;
  }
  await raw.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });

  rows.push(...batches);
  for (const row of [...rows, ...(scaleOut ? [scaleOut.creation] : [])]) {
    row.ratio =
      row.raw && row.raw.rps > 0 ? Math.round((row.http.rps / row.raw.rps) * 100) / 100 : null;
  }

  // 6. The report.
  const pad = (value: unknown, width: number) => String(value).padStart(width);
  console.log(
    `\n${'workload'.padEnd(40)} conn inst   req/s    p50    p95    p99 errors | raw req/s raw p95 | ratio`,
  );
  for (const r of [...rows, ...(scaleOut ? [scaleOut.creation] : [])]) {
    console.log(
      `${r.workload.padEnd(40)} ${pad(r.connections, 4)} ${pad(r.instances, 4)} ${pad(r.http.rps, 7)} ${pad(r.http.p50, 6)} ${pad(r.http.p95, 6)} ${pad(r.http.p99, 6)} ${pad(r.http.errors, 6)} | ${pad(r.raw?.rps ?? '-', 9)} ${pad(r.raw?.p95 ?? '-', 7)} | ${pad(r.ratio ?? '-', 5)}`,
    );
  }
  const stormSummary = summarise(storm);
  const rawStormSummary = summarise(rawStorm);
  const line = (label: string, s: ReturnType<typeof summarise>) =>
    console.log(
      `${label.padEnd(40)} ${s.correct_rounds}/${s.rounds} rounds with exactly 1 booking and ${STORM.requests - 1} refusals; ${s.created} created, ${s.conflicts} conflicts, ${s.other} other; median round ${s.median_round_ms} ms`,
    );
  if (writes) {
    console.log('');
    line(`conflict storm (${STORM.requests} at once)`, stormSummary);
    if (scaleOut) line('conflict storm, two instances', scaleOut.storm);
    line('conflict storm, raw driver', rawStormSummary);
  }

  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  // A partial run (BENCH_ONLY) never replaces the whole run's file.
  const file = path.join(outDir, `${today}-${kind}${ONLY.length > 0 ? '-partial' : ''}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: kind,
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}`,
        load_average_at_end: os.loadavg().map((n) => Math.round(n * 100) / 100),
        seconds_per_step: SECONDS,
        data_set: counts,
        rows,
        document_series: documentSeries,
        conflict_storm: { http: stormSummary, raw: rawStormSummary },
        scale_out: scaleOut,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nwritten to ${path.relative(root, file)}`);
  const stormFailed =
    (writes && stormSummary.correct_rounds !== STORM.rounds) ||
    (scaleOut !== null && scaleOut.storm.correct_rounds !== STORM.rounds);
  if (stormFailed) {
    console.error('the conflict storm did not end with exactly one booking in every round');
    process.exitCode = 1;
  }
}

await main();
