import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';

/**
 * The one writer of the `jobs` table (migrations/0015_jobs.sql). Every time is a parameter from
 * the app's clock; nothing here reads the database's now(), so tests can move time.
 */

type Executor = AppDb | AppTx;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export type JobRow = {
  job_id: string;
  kind: string;
  unique_key: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  repeat_seconds: number | null;
  claim_token: string | null;
  locked_until: Date | null;
  checkpoint: string | null;
  last_error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

/** Drizzle's execute answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

/** Timestamps arrive as Date from both drivers, as text from some paths: one shape. */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function toJob(row: Record<string, unknown>): JobRow {
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return {
    ...(row as unknown as JobRow),
    payload: (payload ?? {}) as Record<string, unknown>,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    repeat_seconds: row.repeat_seconds === null ? null : Number(row.repeat_seconds),
    run_at: toDate(row.run_at)!,
    locked_until: toDate(row.locked_until),
    created_at: toDate(row.created_at)!,
    started_at: toDate(row.started_at),
    finished_at: toDate(row.finished_at),
  };
}

const iso = (date: Date) => date.toISOString();

export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  unique_key: string | null;
  max_attempts: number;
  repeat_seconds: number | null;
  created_at: Date;
};

/**
 * Stores a job. With a unique key already held by a queued or running job, `replace` moves that
 * job (when it is still queued) to the new time and payload, and `keep` leaves it; either way the
 * job holding the key is answered.
 */
export async function insertJob(
  db: Executor,
  job: NewJob,
  onConflict: 'keep' | 'replace',
): Promise<JobRow> {
  const values = sql`(${job.kind}, ${job.unique_key}, ${JSON.stringify(job.payload)}::jsonb,
    ${iso(job.run_at)}::timestamptz, ${job.max_attempts}, ${job.repeat_seconds},
    ${iso(job.created_at)}::timestamptz)`;
  const conflict =
    onConflict === 'replace'
      ? sql`DO UPDATE SET run_at = EXCLUDED.run_at, payload = EXCLUDED.payload,
              max_attempts = EXCLUDED.max_attempts, repeat_seconds = EXCLUDED.repeat_seconds
            WHERE jobs.status = 'queued'`
      : sql`DO NOTHING`;
  // Twice at most: the job holding the key may end between the insert and the read.
  for (let attempt = 0; ; attempt += 1) {
    const inserted = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, repeat_seconds,
                          created_at)
        VALUES ${values}
        ON CONFLICT (unique_key)
          WHERE unique_key IS NOT NULL AND status IN ('queued', 'running')
        ${conflict}
        RETURNING *`),
    );
    if (inserted[0]) return toJob(inserted[0]);
    const held = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT * FROM jobs
         WHERE unique_key = ${job.unique_key} AND status IN ('queued', 'running')`),
    );
    if (held[0]) return toJob(held[0]);
    if (attempt > 0) throw new Error(`The job holding "${job.unique_key}" kept changing.`);
  }
}

/** Cancels the queued job holding a key (a running one finishes). Answers whether one was. */
export async function cancelQueuedJob(db: Executor, uniqueKey: string, now: Date) {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE jobs SET status = 'cancelled', finished_at = ${iso(now)}::timestamptz
       WHERE unique_key = ${uniqueKey} AND status = 'queued'
      RETURNING job_id`),
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` jobs that are due, or running under a lease that has passed (their worker
 * died), for one claim token. FOR UPDATE SKIP LOCKED: two instances polling together never claim
 * the same job; the lease makes a dead worker's job come back.
 */
export async function claimDueJobs(
  db: Executor,
  input: { now: Date; leaseMs: number; token: string; limit: number; jobIds?: string[] },
): Promise<JobRow[]> {
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs);
  const only = input.jobIds
    ? sql`AND job_id IN (${sql.join(
        input.jobIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH due AS (
        SELECT job_id FROM jobs
         WHERE ((status = 'queued' AND run_at <= ${iso(input.now)}::timestamptz)
             OR (status = 'running' AND locked_until <= ${iso(input.now)}::timestamptz))
           ${only}
         ORDER BY run_at, created_at
         LIMIT ${input.limit}
         FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs j
         SET status = 'running', attempts = j.attempts + 1, claim_token = ${input.token}::uuid,
             locked_until = ${iso(lockedUntil)}::timestamptz,
             started_at = ${iso(input.now)}::timestamptz
        FROM due
       WHERE j.job_id = due.job_id
      RETURNING j.*`),
  );
  return rows.map(toJob).sort((a, b) => a.run_at.getTime() - b.run_at.getTime());
}

/** Records a step of a claimed job; false when the claim is no longer this worker's. */
export async function setJobCheckpoint(
  db: Executor,
  job: { job_id: string; claim_token: string },
  checkpoint: string | null,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE jobs SET checkpoint = ${checkpoint}
       WHERE job_id = ${job.job_id} AND claim_token = ${job.claim_token}::uuid
      RETURNING job_id`),
  );
  return rows.length > 0;
}

export type JobOutcome =
  | { status: 'done'; finished_at: Date }
  | { status: 'failed'; finished_at: Date; error: string }
  | { status: 'queued'; run_at: Date; error: string };

/**
 * Ends a claim: done, failed with its error, or queued again for a later attempt (a retry keeps
 * no checkpoint: its failure was seen, so the effect did not happen). Only the claim holding the
 * job may end it; answers the job, or null when another claim took it over.
 */
export async function finishJob(
  db: Executor,
  job: { job_id: string; claim_token: string },
  outcome: JobOutcome,
): Promise<JobRow | null> {
  const set =
    outcome.status === 'done'
      ? sql`status = 'done', finished_at = ${iso(outcome.finished_at)}::timestamptz,
            last_error = NULL`
      : outcome.status === 'failed'
        ? sql`status = 'failed', finished_at = ${iso(outcome.finished_at)}::timestamptz,
              last_error = ${outcome.error}`
        : sql`status = 'queued', run_at = ${iso(outcome.run_at)}::timestamptz,
              last_error = ${outcome.error}, checkpoint = NULL`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE jobs SET ${set}, claim_token = NULL, locked_until = NULL
       WHERE job_id = ${job.job_id} AND claim_token = ${job.claim_token}::uuid
      RETURNING *`),
  );
  return rows[0] ? toJob(rows[0]) : null;
}

/** A failed job queued again by an administrator: a fresh set of attempts, due now. */
export async function requeueFailedJob(
  db: Executor,
  jobId: string,
  now: Date,
): Promise<JobRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE jobs SET status = 'queued', run_at = ${iso(now)}::timestamptz, attempts = 0,
                      checkpoint = NULL, finished_at = NULL
       WHERE job_id = ${jobId} AND status = 'failed'
      RETURNING *`),
  );
  return rows[0] ? toJob(rows[0]) : null;
}

export async function findJob(db: Executor, jobId: string): Promise<JobRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM jobs WHERE job_id = ${jobId}`),
  );
  return rows[0] ? toJob(rows[0]) : null;
}

/** Whether a job of this kind is waiting or running (a recurring task already scheduled). */
export async function hasActiveJob(db: Executor, uniqueKey: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM jobs WHERE unique_key = ${uniqueKey} AND status IN ('queued', 'running')`),
  );
  return rows.length > 0;
}

/** The System page: newest first, optionally of one status. */
export async function listJobs(
  db: Executor,
  filter: { status?: JobStatus; limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = filter.status ? sql`WHERE status = ${filter.status}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      SELECT * FROM jobs ${where}
       ORDER BY created_at DESC, job_id
       LIMIT ${filter.limit} OFFSET ${filter.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM jobs ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map(toJob),
    total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0),
  };
}

/** Forgets finished jobs: done ones after `doneBefore`, failed and cancelled after `failedBefore`. */
export async function purgeFinishedJobs(
  db: Executor,
  input: { doneBefore: Date; failedBefore: Date },
): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      DELETE FROM jobs
       WHERE (status = 'done' AND finished_at < ${iso(input.doneBefore)}::timestamptz)
          OR (status IN ('failed', 'cancelled')
              AND finished_at < ${iso(input.failedBefore)}::timestamptz)
      RETURNING job_id`),
  );
  return rows.length;
}
