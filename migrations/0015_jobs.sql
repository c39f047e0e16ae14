-- Issue 18 / DESIGN §8 "background work": one durable job queue in the database, the same on
-- PGlite and PostgreSQL (docs/decisions/0019-job-queue.md). A job is stored before it runs; a
-- worker claims due jobs with FOR UPDATE SKIP LOCKED and holds a lease (locked_until); a job whose
-- worker died is claimed again once its lease has passed. Every time in this table comes from the
-- app's clock (the service passes it), never from now(), so tests can move time.
CREATE TABLE jobs (
  job_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,62}$'),
  -- "The balance reminder of booking X": enqueued idempotently, rescheduled or cancelled by key.
  unique_key text CHECK (char_length(unique_key) <= 200),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 100),
  -- A recurring job: when it ends, the next occurrence is stored this many seconds later.
  repeat_seconds integer CHECK (repeat_seconds > 0),
  -- The claim's own token: only the claim that holds the job may finish it.
  claim_token uuid,
  locked_until timestamptz,
  -- A step a handler records before an effect it cannot undo (a mail's "sending"), so a run
  -- after a crash knows the effect may have happened.
  checkpoint text,
  last_error text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  CHECK ((status = 'running') = (claim_token IS NOT NULL AND locked_until IS NOT NULL))
);

-- One job per key at a time; a finished one gives its key up (the next balance reminder).
CREATE UNIQUE INDEX jobs_unique_key_key ON jobs (unique_key)
  WHERE unique_key IS NOT NULL AND status IN ('queued', 'running');
-- What the workers look for: due queued jobs and running ones whose lease may have passed.
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
-- The System page: newest first, by status.
CREATE INDEX jobs_status_created_idx ON jobs (status, created_at DESC);
CREATE INDEX jobs_created_idx ON jobs (created_at DESC);
