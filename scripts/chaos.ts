// `npm run test:chaos`: crash safety (issue 10). Starts the built server as a child process, sends
// a stream of guest and staff bookings, kills it with SIGKILL at random moments three times,
// restarts it each time, and then checks in the database that every acknowledged booking exists
// exactly once, with its lines, that no payment lost its booking, that the exclusion constraint
// still holds, and that the database opens without repair. On the embedded database always; on
// PostgreSQL too when TEST_DATABASE_URL is set (a fresh database, dropped afterwards).
// Prints a summary line per database and "chaos: N passed, N failed"; exits 1 on any failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { verifyAuditTrail } from '../src/server/audit/audit-verify';
import { openBackup } from '../src/server/db/backup';
import { openDatabase, type Database } from '../src/server/db/client';
import { createDatabaseStorageDriver } from '../src/server/storage/database-storage.driver';
import { prepareProofFile } from '../src/server/storage/proof-file';
import { staffSession } from '../bench/server';
import { freePort } from './support/harness.mjs';

const TOTAL = Number(process.env.CHAOS_BOOKINGS ?? 300);
const CRASHES = 3;
const CONCURRENCY = 4;
const HOSTILE_UPLOADS = 90;
/** Issue 24: proofs uploaded into the database storage driver while the server is killed. */
const CHAOS_UPLOADS = 36;
const UPLOAD_CRASHES = 2;
const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/server/main.js');

type Target = { kind: 'pglite' } | { kind: 'postgres'; url: string; restoreUrl: string };
type AcknowledgedUpload = { bucket: string; path: string; expected: Buffer };
type Acknowledged = { booking_id: string; booking_reference: string; source: 'guest' | 'staff' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident memory of a process in MB (Linux /proc), or null where that is not readable. */
function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** A PNG header claiming width × height over a few hundred bytes (a decompression bomb). */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs one of the project's command-line tools (tsx) and collects what it printed. */
function runCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

class Server {
  child: ChildProcess | null = null;
  /** The end of what the current server process wrote to stderr, for a failure's message. */
  stderr = '';
  readonly base: string;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly port: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [serverEntry], {
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited at start-up: ${this.stderr}`);
      try {
        const response = await fetch(`${this.base}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(150);
    }
    throw new Error(`the server did not answer /api/health within 60 s: ${this.stderr}`);
  }

  kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** An error's message with its causes (undici's "fetch failed" hides the socket error in them) and where it was thrown. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    parts.push(`${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}`);
  }
  const at = error.stack?.split('\n').find((line) => line.includes('chaos.ts'));
  return `${parts.join(' ← ')}${at ? ` (${at.trim()})` : ''}`;
}

function isoDay(offset: number): string {
  return new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

async function runOne(target: Target): Promise<{ ok: boolean; summary: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `resort-chaos-${target.kind}-`));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '1',
    CAPTCHA_PROVIDER: 'none',
    PUBLIC_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
  };
  if (target.kind === 'postgres') env.DATABASE_URL = target.url;
  else delete env.DATABASE_URL;
  const server = new Server(env, port);
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();

  const acknowledged: Acknowledged[] = [];
  let sent = 0;
  let refused = 0;
  const refusals = new Map<string, number>();
  const refuse = async (response: Response) => {
    refused += 1;
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const key = `${response.status} ${(body.message ?? '').slice(0, 60)}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  };
  let lost = 0;
  let crashes = 0;
  const failures: string[] = [];

  try {
    await server.start();
    const accounts = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
    const managerLine = accounts.split('\n').find((line) => line.trim().startsWith('manager'));
    const [, email, password] = managerLine!.trim().split(/\s+/);
    let session = await staffSession(server.base, email!, password!);
    const units = (
      (await (await fetch(`${server.base}/api/public/units`)).json()) as {
        data: { unit_id: string; max_occupancy: number }[];
      }
    ).data;

    // The moments (by request number) at which the server is killed.
    // One random moment in each third of the stream, so no crash lands inside another's restart.
    const killAt = new Set<number>();
    const third = Math.floor(TOTAL / CRASHES);
    for (let i = 0; i < CRASHES; i += 1) killAt.add(i * third + randomInt(10, third - 10));
    let restarting: Promise<void> | null = null;

    const crashAndRestart = async () => {
      // A random moment: sometimes at once, sometimes while requests are in flight.
      await sleep(randomInt(0, 120));
      await server.kill();
      crashes += 1;
      await server.start();
      session = await staffSession(server.base, email!, password!);
    };

    const sendOne = async (n: number) => {
      const unit = units[randomInt(units.length)]!;
      // Mostly free nights, some clashes on purpose (a small window of days).
      const day = n % 7 === 0 ? randomInt(0, 20) : randomInt(20, 3000);
      const nights = randomInt(1, 4);
      const stay = { check_in: isoDay(day), check_out: isoDay(day + nights) };
      const guest = `chaos${n}.${randomBytes(3).toString('hex')}@example.ph`;
      try {
        if (n % 2 === 0) {
          const response = await fetch(`${server.base}/api/guest-booking`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              guest_name: 'Chaos Guest',
              email: guest,
              phone_number: '09171234567',
              unit_id: unit.unit_id,
              ...stay,
              num_guests: 1,
              special_requests: '',
              file_name: 'receipt.png',
              file_type: 'image/png',
              file_size: png.length,
              turnstile_token: 'none',
            }),
          });
          if (response.status !== 201) {
            await refuse(response);
            return;
          }
          const body = (await response.json()) as {
            booking: { booking_id: string; booking_reference: string };
            upload: { bucket: string; path: string; token: string };
          };
          acknowledged.push({ ...body.booking, source: 'guest' });
          // Half of them send their proof too (a payment row).
          if (n % 4 === 0) {
            const segments = [body.upload.bucket, ...body.upload.path.split('/')]
              .map(encodeURIComponent)
              .join('/');
            await fetch(
              `${server.base}/api/storage/upload/${segments}?token=${encodeURIComponent(body.upload.token)}`,
              { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png },
            );
            await fetch(`${server.base}/api/guest-booking/confirm`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                booking_id: body.booking.booking_id,
                file_path: body.upload.path,
                file_size: png.length,
              }),
            });
          }
        } else {
          const response = await fetch(`${server.base}/api/bookings`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: session.cookie,
              'x-csrf-token': session.csrf,
            },
            body: JSON.stringify({
              unit_id: unit.unit_id,
              guest_name: 'Chaos Staff Guest',
              email: guest,
              contact_number: '09171234567',
              num_guests: 1,
              ...stay,
            }),
          });
          if (response.status !== 201) {
            await refuse(response);
            return;
          }
          const body = (await response.json()) as {
            data: { booking_id: string; booking_reference: string };
          };
          acknowledged.push({ ...body.data, source: 'staff' });
        }
      } catch {
        // The connection died with the server: not acknowledged, so no promise was made.
        lost += 1;
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const n = next;
        next += 1;
        sent += 1;
        if (killAt.has(n)) restarting ??= crashAndRestart().finally(() => (restarting = null));
        if (restarting) {
          // Requests keep coming while the server is down; they fail and count as lost.
          await sendOne(n);
          await restarting;
          continue;
        }
        await sendOne(n);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (restarting) await restarting;

    // Issue 24, PostgreSQL (files in the database): proofs of several chunks keep arriving while
    // the server is killed mid-upload; every acknowledged one must be stored whole, later.
    const uploads: AcknowledgedUpload[] = [];
    let uploadsLost = 0;
    if (target.kind === 'postgres') {
      const killUploadAt = new Set([randomInt(6, 14), randomInt(20, 28)].slice(0, UPLOAD_CRASHES));
      let nextUpload = 0;
      let uploadRestart: Promise<void> | null = null;
      const uploadOne = async (i: number) => {
        const noise = await sharp(randomBytes(420 * 360 * 3), {
          raw: { width: 420, height: 360, channels: 3 },
        })
          .png()
          .toBuffer();
        const booked = await fetch(`${server.base}/api/guest-booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            guest_name: 'Chaos Upload',
            email: `upload${i}.${randomBytes(3).toString('hex')}@example.ph`,
            phone_number: '09171234567',
            unit_id: units[i % units.length]!.unit_id,
            check_in: isoDay(6000 + i * 3),
            check_out: isoDay(6001 + i * 3),
            num_guests: 1,
            special_requests: '',
            file_name: 'receipt.png',
            file_type: 'image/png',
            file_size: noise.length,
            turnstile_token: 'none',
          }),
        });
        if (booked.status !== 201) return;
        const { upload } = (await booked.json()) as {
          upload: { bucket: string; path: string; token: string };
        };
        const url = `${server.base}/api/storage/upload/${[upload.bucket, ...upload.path.split('/')]
          .map(encodeURIComponent)
          .join('/')}?token=${encodeURIComponent(upload.token)}`;
        const put = await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body: noise,
        });
        await put.arrayBuffer();
        if (put.ok) {
          const { data } = await prepareProofFile(noise, 'image/png');
          uploads.push({ bucket: upload.bucket, path: upload.path, expected: data });
        }
      };
      const uploadWorker = async () => {
        while (nextUpload < CHAOS_UPLOADS) {
          const i = nextUpload;
          nextUpload += 1;
          if (killUploadAt.has(i)) {
            uploadRestart ??= (async () => {
              await sleep(randomInt(20, 150)); // while other uploads are being written
              await server.kill();
              crashes += 1;
              await server.start();
            })().finally(() => (uploadRestart = null));
          }
          try {
            await uploadOne(i);
          } catch {
            uploadsLost += 1; // the connection died with the server: nothing was acknowledged
          }
          if (uploadRestart) await uploadRestart;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, uploadWorker));
      if (uploadRestart) await uploadRestart;
      session = await staffSession(server.base, email!, password!);
    }

    // Hostile uploads against the running server, its resident memory sampled meanwhile.
    const memoryBefore = residentMb(server.child?.pid);
    let memoryPeak = memoryBefore ?? 0;
    let hostileRefused = 0;
    {
      const booked = await fetch(`${server.base}/api/guest-booking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          guest_name: 'Hostile Files',
          email: `hostile.${randomBytes(3).toString('hex')}@example.ph`,
          phone_number: '09171234567',
          unit_id: units[0]!.unit_id,
          check_in: isoDay(5000),
          check_out: isoDay(5001),
          num_guests: 1,
          special_requests: '',
          file_name: 'receipt.png',
          file_type: 'image/png',
          file_size: 1000,
          turnstile_token: 'none',
        }),
      });
      const { upload } = (await booked.json()) as {
        upload: { bucket: string; path: string; token: string };
      };
      const url = `${server.base}/api/storage/upload/${[upload.bucket, ...upload.path.split('/')]
        .map(encodeURIComponent)
        .join('/')}?token=${encodeURIComponent(upload.token)}`;
      const sampler = setInterval(() => {
        memoryPeak = Math.max(memoryPeak, residentMb(server.child?.pid) ?? 0);
      }, 25);
      for (let i = 0; i < HOSTILE_UPLOADS; i += 1) {
        const body =
          i % 3 === 0
            ? pngBomb(randomInt(20_000, 65_000), randomInt(20_000, 65_000))
            : i % 3 === 1
              ? Buffer.concat([png, randomBytes(2 * 1024 * 1024)])
              : randomBytes(randomInt(1, 64 * 1024));
        const response = await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body,
        });
        await response.arrayBuffer();
        if ([400, 413, 415].includes(response.status)) hostileRefused += 1;
        else failures.push(`a hostile upload answered ${response.status}`);
      }
      clearInterval(sampler);
    }
    const memoryNote =
      memoryBefore === null
        ? 'server memory not measurable here'
        : `server memory ${memoryBefore} MB before, peak ${memoryPeak} MB during ${hostileRefused} refused hostile uploads`;
    // PostgreSQL: the server process is the app alone, and must stay under 300 MB. With the
    // embedded database the same process also holds PGlite (about 550 MB at rest), so only its
    // growth is bounded.
    if (memoryBefore !== null) {
      if (target.kind === 'postgres' && memoryPeak >= 300) {
        failures.push(`the server reached ${memoryPeak} MB during hostile uploads`);
      }
      if (memoryPeak - memoryBefore >= 300) {
        failures.push(`the server grew by ${memoryPeak - memoryBefore} MB during hostile uploads`);
      }
    }

    // `npm run backup` while the app runs and bookings keep arriving.
    const backupDir = mkdtempSync(path.join(os.tmpdir(), 'resort-chaos-backup-'));
    const backupFile = path.join(backupDir, 'resort.tar.gz');
    const burst = Promise.all(Array.from({ length: 40 }, (_, i) => sendOne(TOTAL + i)));
    sent += 40;
    const backup = await runCli('scripts/backup.ts', ['--out', backupFile], env);
    await burst;
    if (backup.code !== 0) failures.push(`npm run backup failed: ${backup.output}`);

    // One last crash, then the database must open as it is and the app must start on it.
    await server.kill();
    crashes += 1;
    await server.start();
    const health = await fetch(`${server.base}/api/health`);
    if (!health.ok) failures.push(`health after the last crash answered ${health.status}`);
    await server.stop();

    // Checks, straight against the database.
    let database: Database;
    if (target.kind === 'pglite') {
      database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    } else {
      database = await openDatabase({ kind: 'postgres', url: target.url, max: 2 });
    }
    try {
      const ids = acknowledged.map((booking) => booking.booking_id);
      const rows = await database.query<{ booking_id: string; booking_reference: string }>(
        'SELECT booking_id, booking_reference FROM bookings WHERE booking_id = ANY($1::uuid[])',
        [ids],
      );
      const found = new Map(rows.map((row) => [row.booking_id, row.booking_reference]));
      for (const booking of acknowledged) {
        const reference = found.get(booking.booking_id);
        if (reference !== booking.booking_reference) {
          failures.push(
            `acknowledged ${booking.source} booking ${booking.booking_reference} is missing`,
          );
        }
      }
      let uploadNote = '';
      if (target.kind === 'postgres') {
        const files = createDatabaseStorageDriver(database);
        for (const upload of uploads) {
          const stored = await files.getBuffer(upload.bucket, upload.path);
          if (!stored) failures.push(`acknowledged upload ${upload.path} is missing`);
          else if (Buffer.compare(stored, upload.expected) !== 0)
            failures.push(`acknowledged upload ${upload.path} differs from what was sent`);
        }
        // No partial object anywhere: every file's chunks add up to its size and checksum.
        const [partial] = await database.query<{ n: number; files: number }>(
          `SELECT count(*) FILTER (WHERE f.size <> coalesce(c.bytes, 0) OR f.sha256 <> c.sha)::int AS n,
                  count(*)::int AS files
             FROM stored_files f
             LEFT JOIN (SELECT file_id, sum(octet_length(bytes)) AS bytes,
                               encode(sha256(string_agg(bytes, ''::bytea ORDER BY n)), 'hex') AS sha
                          FROM stored_file_chunks GROUP BY file_id) c USING (file_id)`,
        );
        if (partial!.n > 0) failures.push(`${partial!.n} stored files are partial or corrupt`);
        uploadNote = `; ${uploads.length} of ${CHAOS_UPLOADS} proof uploads acknowledged (${uploadsLost} lost with the connection) across ${UPLOAD_CRASHES} kills, all stored whole (${partial!.files} files in the database, none partial)`;
      }
      const [duplicates] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT booking_reference FROM bookings
           GROUP BY booking_reference HAVING count(*) > 1) d`,
      );
      if (duplicates!.n > 0) failures.push(`${duplicates!.n} booking references appear twice`);
      const [lineless] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bookings b
          WHERE NOT EXISTS (SELECT 1 FROM booking_units bu WHERE bu.booking_id = b.booking_id)`,
      );
      if (lineless!.n > 0) failures.push(`${lineless!.n} bookings have no lines`);
      const [orphans] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments p
          WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.booking_id = p.booking_id)`,
      );
      if (orphans!.n > 0) failures.push(`${orphans!.n} payments have no booking`);
      const [overlaps] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM booking_units a JOIN booking_units b
           ON a.unit_id = b.unit_id AND a.booking_unit_id < b.booking_unit_id
          AND a.booking_status <> 'Cancelled' AND b.booking_status <> 'Cancelled'
          AND daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`,
      );
      if (overlaps!.n > 0) failures.push(`${overlaps!.n} overlapping booking lines`);
      // The constraint itself is still there and enforced.
      const [line] = await database.query<{
        booking_id: string;
        unit_id: string;
        check_in: string;
        check_out: string;
      }>(
        `SELECT booking_id, unit_id, check_in::text, check_out::text FROM booking_units
          WHERE booking_status <> 'Cancelled' LIMIT 1`,
      );
      if (line) {
        try {
          // A new booking over the same nights, in one statement (all or nothing).
          await database.query(
            `WITH b AS (
               INSERT INTO bookings (booking_reference, guest_name, email, num_guests, total_amount,
                                     check_in, check_out)
               VALUES (generate_booking_reference(), 'Overlap Test', 'overlap@example.ph', 1, 1000,
                       $2, $3)
               RETURNING booking_id)
             INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                        assigned_guests)
             SELECT booking_id, $1, $2, $3, 'Pending', 1 FROM b`,
            [line.unit_id, line.check_in, line.check_out],
          );
          failures.push('an overlapping booking line was accepted');
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== '23P01') failures.push(`an overlapping line failed with ${code}, not 23P01`);
        }
      }
      // The backup taken under load restores into an empty DATA_DIR (or database) whole.
      let restored = 'no backup';
      if (backup.code === 0) {
        const restoreDir = mkdtempSync(path.join(os.tmpdir(), 'resort-chaos-restore-'));
        const restoreEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: restoreDir, DEMO: '0' };
        if (target.kind === 'postgres') restoreEnv.DATABASE_URL = target.restoreUrl;
        const restore = await runCli('scripts/restore.ts', [backupFile], restoreEnv);
        if (restore.code !== 0) {
          failures.push(`npm run restore failed: ${restore.output}`);
        } else {
          const copy =
            target.kind === 'pglite'
              ? await openDatabase({ kind: 'pglite', dataDir: path.join(restoreDir, 'db') })
              : await openDatabase({ kind: 'postgres', url: target.restoreUrl, max: 2 });
          try {
            const unpacked = await openBackup(backupFile);
            unpacked.done();
            const [row] = await copy.query<{ bookings: number; lineless: number; orphans: number }>(
              `SELECT (SELECT count(*)::int FROM bookings) AS bookings,
                      (SELECT count(*)::int FROM bookings b WHERE NOT EXISTS
                         (SELECT 1 FROM booking_units bu WHERE bu.booking_id = b.booking_id)) AS lineless,
                      (SELECT count(*)::int FROM payments p WHERE NOT EXISTS
                         (SELECT 1 FROM bookings b WHERE b.booking_id = p.booking_id)) AS orphans`,
            );
            if (row!.bookings !== unpacked.manifest.tables.bookings) {
              failures.push(
                `restored ${row!.bookings} bookings, the backup held ${unpacked.manifest.tables.bookings}`,
              );
            }
            if (row!.lineless > 0 || row!.orphans > 0)
              failures.push('the restored copy is inconsistent');
            const chain = await verifyAuditTrail(copy);
            if (chain.broken)
              failures.push(`the restored audit chain is broken: ${chain.broken.problem}`);
            restored = `backup under load restored: ${row!.bookings} bookings, ${unpacked.manifest.files} files, audit chain intact`;
          } finally {
            await copy.close();
            rmSync(restoreDir, { recursive: true, force: true });
          }
        }
      }
      rmSync(backupDir, { recursive: true, force: true });

      const [counts] = await database.query<{ bookings: number; payments: number }>(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings,
                (SELECT count(*)::int FROM payments) AS payments`,
      );
      if (process.env.CHAOS_VERBOSE) console.log(refusals);
      const summary = `chaos (${target.kind}): ${sent} bookings sent, ${acknowledged.length} acknowledged, ${refused} refused, ${lost} lost with the connection, ${crashes} crashes (SIGKILL) survived; database holds ${counts!.bookings} bookings and ${counts!.payments} payments; ${memoryNote}; ${restored}${uploadNote}; ${failures.length === 0 ? 'every acknowledged booking is there exactly once, with its lines' : `FAILED: ${failures.slice(0, 5).join('; ')}`}`;
      return { ok: failures.length === 0, summary };
    } finally {
      await database.close();
    }
  } catch (error) {
    const child = server.child;
    const state = !child
      ? 'no server running'
      : child.exitCode !== null || child.signalCode !== null
        ? `the server had exited (${child.exitCode ?? child.signalCode})`
        : 'the server was still running';
    const stderr = server.stderr.trim();
    await server.kill();
    return {
      ok: false,
      summary: `chaos (${target.kind}): FAILED: ${describeError(error)}; ${state}${stderr ? `; its stderr: ${stderr.slice(-1500)}` : ''}`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgresDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>) {
  const name = `resort_chaos_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

if (!existsSync(serverEntry)) {
  console.error('dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}
const results = [await runOne({ kind: 'pglite' })];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  results.push(
    await withPostgresDatabase(adminUrl, (url) =>
      withPostgresDatabase(adminUrl, (restoreUrl) => runOne({ kind: 'postgres', url, restoreUrl })),
    ),
  );
} else {
  console.log('TEST_DATABASE_URL is not set: the chaos test ran on the embedded database only.');
}
for (const result of results) console.log(result.summary);
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
const report = process.env.TEST_REPORT_DIR;
if (report) writeFileSync(path.join(report, 'chaos.json'), JSON.stringify({ passed, failed }));
console.log(`chaos: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
