import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/client';
import {
  createJobsService,
  JOB_DEFAULTS,
  JOB_MESSAGES,
} from '../../../src/server/jobs/jobs.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKind } from '../../support/test-database';
import { pinClock } from '../guest-booking/guest-helpers';
import { advanceClock, jobRow } from './smtp-helpers';

/**
 * Issue 18 item 1: the durable job queue on the real database. Time moves only through the app's
 * clock; jobs run when `runDueJobs` (one poll of the worker) or the worker finds them due.
 */

let t: TestApp;
const runs: { kind: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.database.query(
    `UPDATE jobs SET status = 'cancelled' WHERE unique_key LIKE 'recurring:%' AND status = 'queued'`,
  );
  t.app.deps.jobs.register('note', async (payload) => {
    runs.push({ kind: 'note', payload });
  });
});
afterAll(() => t.close());
let day = 0;
beforeEach(() => {
  runs.length = 0;
  day += 1;
  pinClock(t, new Date(Date.UTC(2027, 4, day, 0)).toISOString());
});

describe(`the job queue (${process.env.TEST_DB})`, () => {
  it('runs a scheduled job at its time and not before', async () => {
    const { jobs } = t.app.deps;
    const at = new Date(t.app.deps.clock.now().getTime() + 3_600_000);
    const job = await jobs.enqueue({ kind: 'note', payload: { n: 1 }, runAt: at });
    expect((await jobRow(t, job.job_id)).status).toBe('queued');

    advanceClock(t, 3_600_000 - 1000);
    expect(await jobs.runDueJobs()).toEqual([]);
    expect(runs).toEqual([]);

    advanceClock(t, 1000);
    const ended = await jobs.runDueJobs();
    expect(ended.map((row) => [row.job_id, row.status, row.attempts])).toEqual([
      [job.job_id, 'done', 1],
    ]);
    expect(runs).toEqual([{ kind: 'note', payload: { n: 1 } }]);
    // Done is done: it never runs again.
    advanceClock(t, 86_400_000);
    expect(await jobs.runDueJobs()).toEqual([]);
  });

  it('runs handed-over jobs soon, each once, and leaves what is not due to the worker (issue 24)', async () => {
    const { jobs } = t.app.deps;
    const now = t.app.deps.clock.now().getTime();
    const due = await jobs.enqueue({ kind: 'note', payload: { n: 'due' } });
    const later = await jobs.enqueue({
      kind: 'note',
      payload: { n: 'later' },
      runAt: new Date(now + 60_000),
    });
    // Nothing handed over: settled answers at once and nothing runs.
    await jobs.settled();
    expect(runs).toEqual([]);

    jobs.runSoon([due.job_id, later.job_id]);
    jobs.runSoon(async () => [due.job_id]);
    await jobs.settled();
    // The due job ran once (the second hand-over found it done); the later one is untouched.
    expect(runs).toEqual([{ kind: 'note', payload: { n: 'due' } }]);
    expect(await jobRow(t, due.job_id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await jobRow(t, later.job_id)).toMatchObject({ status: 'queued', attempts: 0 });

    // The worker's poll is the fallback for what this process did not run.
    advanceClock(t, 60_000);
    expect((await jobs.runDueJobs()).map((row) => row.job_id)).toEqual([later.job_id]);
    expect(runs).toHaveLength(2);
  });

  it('keeps one job per unique key, moves it with replace, and cancels it', async () => {
    const { jobs } = t.app.deps;
    const now = t.app.deps.clock.now().getTime();
    const key = 'balance-reminder:booking-x';
    const first = await jobs.enqueue({
      kind: 'note',
      uniqueKey: key,
      payload: { v: 1 },
      runAt: new Date(now + 60_000),
    });
    const again = await jobs.enqueue({
      kind: 'note',
      uniqueKey: key,
      payload: { v: 2 },
      runAt: new Date(now + 120_000),
    });
    expect(again.job_id).toBe(first.job_id);
    expect(again.run_at.getTime()).toBe(now + 60_000);

    const moved = await jobs.enqueue({
      kind: 'note',
      uniqueKey: key,
      payload: { v: 3 },
      runAt: new Date(now + 7_200_000),
      onConflict: 'replace',
    });
    expect(moved.job_id).toBe(first.job_id);
    expect(moved.run_at.getTime()).toBe(now + 7_200_000);
    expect(moved.payload).toEqual({ v: 3 });

    advanceClock(t, 3_600_000);
    expect(await jobs.runDueJobs()).toEqual([]);

    expect(await jobs.cancel(key)).toBe(true);
    expect((await jobRow(t, first.job_id)).status).toBe('cancelled');
    advanceClock(t, 86_400_000);
    expect(await jobs.runDueJobs()).toEqual([]);
    expect(runs).toEqual([]);

    // The key is free again once its job has ended.
    const next = await jobs.enqueue({ kind: 'note', uniqueKey: key });
    expect(next.job_id).not.toBe(first.job_id);
    await jobs.runDueJobs();
    expect(runs).toHaveLength(1);
  });

  it('retries a failing job with exponential backoff and fails it after its last attempt', async () => {
    const { jobs } = t.app.deps;
    let calls = 0;
    jobs.register('flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const job = await jobs.enqueue({ kind: 'flaky', maxAttempts: 3 });
    await jobs.runDueJobs();
    let row = await jobRow(t, job.job_id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    const start = t.app.deps.clock.now().getTime();
    expect(row.run_at.getTime()).toBe(start + JOB_DEFAULTS.backoffBaseMs);

    advanceClock(t, JOB_DEFAULTS.backoffBaseMs);
    await jobs.runDueJobs();
    row = await jobRow(t, job.job_id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, last_error: 'boom 2' });
    // The second wait is twice the first.
    expect(row.run_at.getTime()).toBe(
      start + JOB_DEFAULTS.backoffBaseMs + 2 * JOB_DEFAULTS.backoffBaseMs,
    );

    advanceClock(t, 2 * JOB_DEFAULTS.backoffBaseMs);
    await jobs.runDueJobs();
    row = await jobRow(t, job.job_id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    advanceClock(t, 86_400_000);
    await jobs.runDueJobs();
    expect(calls).toBe(3);
  });

  it('runs a job again when its worker died (lease passed), and fails it when attempts run out', async () => {
    const { jobs } = t.app.deps;
    let calls = 0;
    jobs.register('hangs-once', async () => {
      calls += 1;
      // The first run never ends: its process "died".
      if (calls === 1) await new Promise(() => undefined);
    });
    const job = await jobs.enqueue({ kind: 'hangs-once' });
    void jobs.runDueJobs({ jobIds: [job.job_id] });
    await expect.poll(() => calls).toBe(1);
    expect((await jobRow(t, job.job_id)).status).toBe('running');

    // Within the lease nobody else takes it.
    advanceClock(t, JOB_DEFAULTS.leaseMs - 1000);
    expect(await jobs.runDueJobs()).toEqual([]);
    advanceClock(t, 1000);
    const ended = await jobs.runDueJobs();
    expect(ended.map((row) => [row.job_id, row.status, row.attempts])).toEqual([
      [job.job_id, 'done', 2],
    ]);
    expect(calls).toBe(2);

    // A job whose worker dies on every attempt ends failed, saying so.
    jobs.register('always-hangs', () => new Promise(() => undefined));
    const doomed = await jobs.enqueue({ kind: 'always-hangs', maxAttempts: 2 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      void jobs.runDueJobs({ jobIds: [doomed.job_id] });
      // Each claim counts an attempt; the third finds none left.
      await expect.poll(async () => (await jobRow(t, doomed.job_id)).attempts).toBe(attempt);
      advanceClock(t, JOB_DEFAULTS.leaseMs);
    }
    await expect
      .poll(async () => jobRow(t, doomed.job_id))
      .toMatchObject({ status: 'failed', last_error: JOB_MESSAGES.workerStopped(2) });
  });

  it('fails a job of a kind nobody handles, and an administrator may retry it', async () => {
    const { jobs } = t.app.deps;
    const job = await jobs.enqueue({ kind: 'unknown-kind' });
    await jobs.runDueJobs();
    expect(await jobRow(t, job.job_id)).toMatchObject({
      status: 'failed',
      last_error: JOB_MESSAGES.noHandler('unknown-kind'),
    });
    jobs.register('unknown-kind', async () => undefined);
    expect((await jobs.retry(job.job_id)).status).toBe('queued');
    await jobs.runDueJobs();
    expect(await jobRow(t, job.job_id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe(`workers polling together (${process.env.TEST_DB})`, () => {
  it('runs each of 50 jobs exactly once', async () => {
    await t.database.query(`CREATE TABLE test_job_runs (job_id uuid NOT NULL, worker text)`);
    // PostgreSQL: a second app instance on its own connection pool, as a second server would
    // be. PGlite is one process's database: a second queue worker in the same process.
    const second = testDbKind() === 'postgres' ? await secondInstance(t) : await secondWorker(t);
    const workers = [
      { name: 'one', jobs: t.app.deps.jobs },
      { name: 'two', jobs: second.jobs },
    ];
    for (const worker of workers) {
      worker.jobs.register('count-once', async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await t.database.query(`INSERT INTO test_job_runs (job_id, worker) VALUES ($1, $2)`, [
          payload.id,
          worker.name,
        ]);
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const job = await t.app.deps.jobs.enqueue({ kind: 'count-once', payload: { n: i } });
      await t.database.query(
        `UPDATE jobs SET payload = jsonb_build_object('id', job_id) WHERE job_id = $1`,
        [job.job_id],
      );
      ids.push(job.job_id);
    }
    for (const worker of workers) worker.jobs.startWorker({ pollMs: 10 });
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM jobs WHERE kind = 'count-once' AND status = 'done'`,
              )
            )[0]!.n,
          { timeout: 30_000 },
        )
        .toBe(50);
    } finally {
      for (const worker of workers) await worker.jobs.stopWorker();
      await second.close();
    }
    const rows = await t.database.query<{ job_id: string; worker: string }>(
      `SELECT job_id, worker FROM test_job_runs`,
    );
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.job_id))).toEqual(new Set(ids));
    // Both took part.
    expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(['one', 'two']));
  });
});

async function secondInstance(first: TestApp) {
  const [{ name }] = (await first.database.query<{ name: string }>(
    'SELECT current_database() AS name',
  )) as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  const app = await buildApp({ config: first.config, database, serveWeb: false });
  await app.ready();
  app.deps.clock.now = () => first.app.deps.clock.now();
  return {
    jobs: app.deps.jobs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function secondWorker(first: TestApp) {
  const jobs = createJobsService({
    database: first.database,
    clock: first.app.deps.clock,
    log: first.app.log,
  });
  return { jobs, close: async () => undefined };
}
