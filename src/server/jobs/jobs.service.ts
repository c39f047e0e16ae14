import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { AppTx, Database } from '../db/client';
import { conflict, notFound, sqlState } from '../errors';
import {
  cancelQueuedJob,
  claimDueJobs,
  findJob,
  finishJob,
  hasActiveJob,
  insertJob,
  listJobs,
  purgeFinishedJobs,
  requeueFailedJob,
  setJobCheckpoint,
  type JobOutcome,
  type JobRow,
  type JobStatus,
} from './jobs.repository';

/**
 * DESIGN §8 "background work": the durable job queue (docs/decisions/0019-job-queue.md). A job is
 * stored before it runs; workers claim due jobs; a handler that throws is retried with
 * exponential backoff up to its max attempts, then the job is failed with its error. Recurring
 * tasks are jobs too: each occurrence, when it ends, stores the next one.
 */

export type { JobRow, JobStatus } from './jobs.repository';

/** A failure no retry can fix (an SMTP 5xx): the job fails at once with this message. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobContext = {
  job: JobRow;
  /** The step reached by an earlier attempt of this job, if it recorded one (see checkpoint). */
  previousCheckpoint: string | null;
  /** Records a step before an effect that cannot be undone; throws if the claim was lost. */
  checkpoint(step: string): Promise<void>;
};

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export type EnqueueInput = {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run (default: now by the app's clock). */
  runAt?: Date;
  /** One queued or running job per key: enqueuing again keeps it, or moves it with `replace`. */
  uniqueKey?: string;
  onConflict?: 'keep' | 'replace';
  maxAttempts?: number;
};

export type JobsService = {
  register(kind: string, handler: JobHandler): void;
  /** Stores a job, in the caller's transaction when one is given. */
  enqueue(input: EnqueueInput, tx?: AppTx): Promise<JobRow>;
  /** Drops the queued job holding a key (a running one finishes). */
  cancel(uniqueKey: string, tx?: AppTx): Promise<boolean>;
  /** A task that runs every `everySeconds`; scheduled once however many instances start. */
  scheduleRecurring(kind: string, everySeconds: number): Promise<void>;
  /** Claims and runs due jobs (or only `jobIds`) once; answers the jobs as they ended. */
  runDueJobs(options?: { limit?: number; jobIds?: string[] }): Promise<JobRow[]>;
  /** The poll loop: claims due jobs every `pollMs` until stopped. */
  startWorker(options?: { pollMs?: number }): void;
  /** Stops the poll loop and waits for the jobs in hand. */
  stopWorker(): Promise<void>;
  /**
   * Issue 24: runs jobs already stored (in the caller's committed transaction) in this process
   * once the caller has answered, so a request does not wait for its mail. `pick` is the job ids,
   * or a read that finds them then. Each id is tried once, one batch at a time: a job not due or
   * taken by another worker is left to the worker (the fallback, also after a crash). Nothing
   * runs, no timer waits, when nothing was handed over.
   */
  runSoon(pick: readonly string[] | (() => Promise<readonly string[]>)): void;
  /** Resolves when everything handed to runSoon so far has run (tests; shutdown). */
  settled(): Promise<void>;
  purgeFinished(now: Date): Promise<number>;
  list(filter: {
    status?: JobStatus;
    page: number;
    pageSize: number;
  }): Promise<{ rows: JobRow[]; total: number }>;
  retry(jobId: string): Promise<JobRow>;
};

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  /** A job not finished within its lease is taken to have lost its worker. */
  leaseMs: 5 * 60_000,
  /** Backoff: 30 s, 1 min, 2 min, 4 min … at most an hour. */
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  pollMs: 1_000,
  batch: 10,
} as const;

export const JOB_MESSAGES = {
  notFound: 'Job not found.',
  notFailed: 'Only a failed job can be retried.',
  keyTaken: 'A job with the same key is already waiting to run.',
  noHandler: (kind: string) => `No handler is registered for jobs of kind "${kind}".`,
  workerStopped: (attempts: number) =>
    `The worker running this job stopped before it finished (${attempts} attempts).`,
} as const;

/** The wait before attempt n + 1 after attempt n failed. */
export function backoffMs(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(JOB_DEFAULTS.backoffBaseMs * 2 ** exponent, JOB_DEFAULTS.backoffMaxMs);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'Unknown error';
}

export const recurringKey = (kind: string) => `recurring:${kind}`;

export function createJobsService(deps: {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobsService {
  const { database, clock } = deps;
  const handlers = new Map<string, JobHandler>();
  let worker: { stop: () => void; done: Promise<void> } | null = null;
  /** runSoon's hand-overs not yet run, and the one drain working through them (none if idle). */
  const soon: (readonly string[] | (() => Promise<readonly string[]>))[] = [];
  let draining: Promise<void> | null = null;

  async function end(job: JobRow, token: string, outcome: JobOutcome): Promise<JobRow | null> {
    // A one-off job's end is one statement: no transaction round trips around it (issue 24).
    if (!job.repeat_seconds) {
      return finishJob(database.db, { job_id: job.job_id, claim_token: token }, outcome);
    }
    return database.db.transaction(async (tx) => {
      const ended = await finishJob(tx, { job_id: job.job_id, claim_token: token }, outcome);
      // A recurring task's next occurrence is stored with the end of this one, so it is never
      // lost between the two; `keep` makes a second instance's copy a no-op.
      if (ended && ended.repeat_seconds && outcome.status !== 'queued') {
        const now = clock.now();
        await insertJob(
          tx,
          {
            kind: ended.kind,
            payload: ended.payload,
            run_at: new Date(now.getTime() + ended.repeat_seconds * 1000),
            unique_key: ended.unique_key,
            max_attempts: ended.max_attempts,
            repeat_seconds: ended.repeat_seconds,
            created_at: now,
          },
          'keep',
        );
      }
      return ended;
    });
  }

  async function run(job: JobRow, token: string): Promise<JobRow | null> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      return end(job, token, {
        status: 'failed',
        finished_at: clock.now(),
        error: JOB_MESSAGES.noHandler(job.kind),
      });
    }
    // Claimed again after its lease passed with no attempts left: its worker died every time.
    if (job.attempts > job.max_attempts) {
      return end(job, token, {
        status: 'failed',
        finished_at: clock.now(),
        error: JOB_MESSAGES.workerStopped(job.max_attempts),
      });
    }
    const claim = { job_id: job.job_id, claim_token: token };
    try {
      await handler(job.payload, {
        job,
        previousCheckpoint: job.checkpoint,
        async checkpoint(step) {
          if (!(await setJobCheckpoint(database.db, claim, step))) {
            throw new Error('The job was taken over by another worker.');
          }
        },
      });
      return await end(job, token, { status: 'done', finished_at: clock.now() });
    } catch (error) {
      const message = errorText(error);
      const now = clock.now();
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= job.max_attempts) {
        deps.log.error({ err: error, job_id: job.job_id, kind: job.kind }, 'job failed');
        return end(job, token, { status: 'failed', finished_at: now, error: message });
      }
      deps.log.warn({ err: error, job_id: job.job_id, kind: job.kind }, 'job will be retried');
      return end(job, token, {
        status: 'queued',
        run_at: new Date(now.getTime() + backoffMs(job.attempts)),
        error: message,
      });
    }
  }

  async function runDueJobs(options: { limit?: number; jobIds?: string[] } = {}) {
    const token = randomUUID();
    const claimed = await claimDueJobs(database.db, {
      now: clock.now(),
      leaseMs: JOB_DEFAULTS.leaseMs,
      token,
      limit: options.limit ?? JOB_DEFAULTS.batch,
      jobIds: options.jobIds,
    });
    const ended: JobRow[] = [];
    for (const job of claimed) {
      const row = await run(job, token);
      if (row) ended.push(row);
    }
    return ended;
  }

  async function drainSoon(): Promise<void> {
    while (soon.length > 0) {
      const ids: string[] = [];
      // One claim for everything handed over so far, up to a batch.
      while (soon.length > 0 && ids.length < JOB_DEFAULTS.batch) {
        const pick = soon.shift()!;
        try {
          ids.push(...(typeof pick === 'function' ? await pick() : pick));
        } catch (error) {
          deps.log.error({ err: error }, 'jobs to run soon could not be found');
        }
      }
      if (ids.length === 0) continue;
      try {
        await runDueJobs({ jobIds: ids, limit: ids.length });
      } catch (error) {
        // Stored and still queued: the worker runs them.
        deps.log.error({ err: error }, 'jobs could not be run soon');
      }
    }
  }

  function startDrain(): void {
    if (draining || soon.length === 0) return;
    // setImmediate: after the caller's answer has been handed to the socket, not before.
    draining = new Promise<void>((resolve) => setImmediate(resolve)).then(drainSoon).finally(() => {
      draining = null;
      // Handed over while the last batch ran, after the loop looked: one more drain.
      startDrain();
    });
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },

    enqueue(input, tx) {
      const now = clock.now();
      return insertJob(
        tx ?? database.db,
        {
          kind: input.kind,
          payload: input.payload ?? {},
          run_at: input.runAt ?? now,
          unique_key: input.uniqueKey ?? null,
          max_attempts: input.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
          repeat_seconds: null,
          created_at: now,
        },
        input.onConflict ?? 'keep',
      );
    },

    cancel(uniqueKey, tx) {
      return cancelQueuedJob(tx ?? database.db, uniqueKey, clock.now());
    },

    async scheduleRecurring(kind, everySeconds) {
      const key = recurringKey(kind);
      if (await hasActiveJob(database.db, key)) return;
      const now = clock.now();
      await insertJob(
        database.db,
        {
          kind,
          payload: {},
          run_at: now,
          unique_key: key,
          max_attempts: 3,
          repeat_seconds: everySeconds,
          created_at: now,
        },
        'keep',
      );
    },

    runDueJobs,

    startWorker(options = {}) {
      if (worker) return;
      const pollMs = options.pollMs ?? JOB_DEFAULTS.pollMs;
      let stopped = false;
      let wake: (() => void) | null = null;
      const loop = async () => {
        while (!stopped) {
          let ran = 0;
          try {
            ran = (await runDueJobs()).length;
          } catch (error) {
            deps.log.error({ err: error }, 'job worker could not claim jobs');
          }
          // A full batch: more may be due, claim again at once.
          if (ran >= JOB_DEFAULTS.batch || stopped) continue;
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, pollMs).unref();
          });
        }
      };
      worker = {
        stop: () => {
          stopped = true;
          wake?.();
        },
        done: loop(),
      };
    },

    runSoon(pick) {
      if (Array.isArray(pick) && pick.length === 0) return;
      soon.push(pick);
      startDrain();
    },

    async settled() {
      while (draining) await draining;
    },

    async stopWorker() {
      // What was handed over runs first (each job once, so this ends): none is left claimed.
      while (draining) await draining;
      if (!worker) return;
      const current = worker;
      worker = null;
      current.stop();
      await current.done;
    },

    purgeFinished(now) {
      const day = 86_400_000;
      return purgeFinishedJobs(database.db, {
        doneBefore: new Date(now.getTime() - 7 * day),
        failedBefore: new Date(now.getTime() - 30 * day),
      });
    },

    list(filter) {
      return listJobs(database.db, {
        status: filter.status,
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      });
    },

    async retry(jobId) {
      const job = await findJob(database.db, jobId);
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      if (job.status !== 'failed') throw conflict(JOB_MESSAGES.notFailed);
      try {
        const queued = await requeueFailedJob(database.db, jobId, clock.now());
        if (!queued) throw conflict(JOB_MESSAGES.notFailed);
        return queued;
      } catch (error) {
        if (sqlState(error) === '23505') throw conflict(JOB_MESSAGES.keyTaken);
        throw error;
      }
    },
  };
}
