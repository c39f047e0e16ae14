// `npm run bench`: the real server against the raw database driver, side by side (issue 9).
// Builds a seeded data set (60 cabins, about 25,000 bookings over 3 years with their guests,
// payments, a share cancelled, expenses and blackouts) in a fresh DATA_DIR (embedded database) or
// a fresh database on the server of DATABASE_URL, starts the built server on a free port, and for
// each workload drives it with autocannon at 1, 10 and 50 connections and runs the same work
// straight through the driver in the same run. Prints a table and writes
// bench/results/<date>-<database>.json. BENCH_SECONDS sets each step's length (default 5).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/db/prepare';
import { loadConfig } from '../src/server/config';
import { freePort } from '../scripts/support/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 10, 50];
const root = path.resolve(import.meta.dirname, '..');

type Row = {
  workload: string;
  connections: number;
  rps: number;
  p50: number;
  /** autocannon reports the 97.5th percentile, not the 95th. */
  p97_5: number;
  p99: number;
  errors: number;
  raw_rps: number | null;
  ratio: number | null;
};

/** The data set, seeded (setseed) so every run measures the same rows. Triggers are off. */
const SEED_SQL = `
DO $$
DECLARE
  u record; d date; nights int; gid uuid; bid uuid; st text; n int := 0;
BEGIN
  PERFORM setseed(0.42);
  SET LOCAL session_replication_role = replica;
  INSERT INTO units (unit_name, unit_code, unit_type, base_occupancy, max_occupancy, base_rate,
                     weekend_rate, extra_person_rate, unit_status)
  SELECT 'Bench Cabin ' || i, 'BN' || i, (ARRAY['Standard','Deluxe','Suite','Villa'])[1 + i % 4],
         2, 4 + i % 4, 2000 + (i % 10) * 500, 2500 + (i % 10) * 600, 400, 'Available'
    FROM generate_series(1, 57) AS i;
  FOR u IN SELECT unit_id, base_rate FROM units WHERE unit_code LIKE 'BN%' ORDER BY unit_code LOOP
    d := date '2024-01-01' + floor(random() * 3)::int;
    WHILE d < date '2026-12-28' LOOP
      nights := 1 + floor(random() * 3)::int;
      n := n + 1;
      INSERT INTO guests (guest_name, email, phone_number)
      VALUES ('Bench Guest ' || n, 'bench.guest.' || n || '@example.ph', '+639171234567')
      RETURNING guest_id INTO gid;
      st := CASE
        WHEN random() < 0.08 THEN 'Cancelled'
        WHEN d + nights < current_date THEN 'CheckedOut'
        WHEN random() < 0.5 THEN 'Confirmed' ELSE 'Pending' END;
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status)
      VALUES ('BK-B' || lpad(n::text, 7, '0'), gid, 'Bench Guest ' || n,
              'bench.guest.' || n || '@example.ph', 2, d, d + nights, u.base_rate * nights, st,
              CASE WHEN st IN ('CheckedOut', 'Confirmed') THEN 'Paid' ELSE 'Pending' END)
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.unit_id, d, d + nights, st, 2);
      IF st IN ('CheckedOut', 'Confirmed') THEN
        INSERT INTO payments (booking_id, payment_amount, payment_method, payment_status)
        VALUES (bid, u.base_rate * nights, 'GCash', 'Completed');
      END IF;
      d := d + nights + floor(random() * 1.3)::int;
    END LOOP;
  END LOOP;
  INSERT INTO expenses (expense_date, category, amount, description)
  SELECT date '2024-01-01' + i % 1090, (ARRAY['Utilities','Supplies','Maintenance','Salaries'])[1 + i % 4],
         500 + (i % 50) * 100, 'Bench expense ' || i
    FROM generate_series(1, 1500) AS i;
END $$;
`;

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
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  // 1. The data set (the embedded database is seeded here, before the server opens it).
  const started = Date.now();
  const config = loadConfig(env);
  const prepared = await prepareDatabase(config);
  await prepared.database.query(SEED_SQL);
  const [counts] = await prepared.database.query<{ units: number; bookings: number }>(
    `SELECT (SELECT count(*)::int FROM units) AS units, (SELECT count(*)::int FROM bookings) AS bookings`,
  );
  await prepared.database.query('ANALYZE');
  await prepared.release();
  console.log(
    `data set (${kind}): ${counts!.units} cabins, ${counts!.bookings} bookings, built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // 2. The server.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 400; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const accounts = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
  const [, email, password] = accounts
    .split('\n')
    .find((line) => line.startsWith('manager'))!
    .trim()
    .split(/\s+/);
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  // The raw side: the embedded database can only be opened by one process, so its raw figures
  // come from a copy opened after the server stops; PostgreSQL is measured at the same time.
  const rows: Row[] = [];
  const http = async (workload: string, url: string, connections: number) => {
    const result = await autocannon({
      url: `${base}${url}`,
      connections,
      duration: SECONDS,
      headers: { cookie },
    });
    rows.push({
      workload,
      connections,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5 ?? result.latency.p99,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      raw_rps: null,
      ratio: null,
    });
  };
  const today = new Date().toISOString().slice(0, 10);
  const stay = { in: '2026-12-10', out: '2026-12-13' };
  const month = today.slice(0, 7);
  const monthEnd = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const workloads: { name: string; url: string; raw: string; params: unknown[] }[] = [
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
      raw: `SELECT * FROM bookings WHERE booking_status = 'Confirmed' AND (guest_name ILIKE $1 OR email ILIKE $1 OR booking_reference ILIKE $1) ORDER BY created_at DESC LIMIT 10 OFFSET 0`,
      params: ['%bench%'],
    },
    {
      name: 'bookings list, search + status, page 50',
      url: `/api/bookings?search=bench&status=Confirmed&page=50`,
      raw: `SELECT * FROM bookings WHERE booking_status = 'Confirmed' AND (guest_name ILIKE $1 OR email ILIKE $1 OR booking_reference ILIKE $1) ORDER BY created_at DESC LIMIT 10 OFFSET 490`,
      params: ['%bench%'],
    },
    {
      name: 'dashboard figures',
      url: `/api/dashboard`,
      raw: `SELECT count(*) FILTER (WHERE check_in = current_date), count(*) FILTER (WHERE check_out = current_date), sum(total_amount) FILTER (WHERE booking_status <> 'Cancelled' AND check_in >= date_trunc('month', current_date)) FROM bookings`,
      params: [],
    },
  ];
  for (const workload of workloads) {
    for (const connections of CONNECTIONS) await http(workload.name, workload.url, connections);
  }
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));

  // Raw driver, same queries, same connection counts (sequential loops per connection).
  const raw: Database =
    kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') })
      : await openDatabase({ kind: 'postgres', url: databaseUrl!, max: 50 });
  for (const workload of workloads) {
    for (const connections of CONNECTIONS) {
      const until = Date.now() + SECONDS * 1000;
      let done = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) {
            await raw.query(workload.raw, workload.params);
            done += 1;
          }
        }),
      );
      const rawRps = Math.round(done / SECONDS);
      const row = rows.find((r) => r.workload === workload.name && r.connections === connections)!;
      row.raw_rps = rawRps;
      row.ratio = rawRps > 0 ? Math.round((row.rps / rawRps) * 100) / 100 : null;
    }
  }
  await raw.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(
    `\n${'workload'.padEnd(42)} conn    req/s    p50  p97.5    p99  errors   raw req/s  ratio`,
  );
  for (const r of rows) {
    console.log(
      `${r.workload.padEnd(42)} ${String(r.connections).padStart(4)} ${String(r.rps).padStart(8)} ${String(r.p50).padStart(6)} ${String(r.p97_5).padStart(6)} ${String(r.p99).padStart(6)} ${String(r.errors).padStart(7)} ${String(r.raw_rps).padStart(11)} ${String(r.ratio).padStart(6)}`,
    );
  }
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${today}-${kind}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: kind,
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}`,
        seconds_per_step: SECONDS,
        data_set: counts,
        rows,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten to ${path.relative(root, file)}`);
}

await main();
