import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PAGE_SIZE } from '../../../src/domain/schemas/job.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Issue 18 item 2: Settings → System's endpoints, through HTTP, for an administrator. */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
});
afterAll(() => t.close());

async function failedJob(kind: string, error: string): Promise<string> {
  const [row] = await t.database.query<{ job_id: string }>(
    `INSERT INTO jobs (kind, status, run_at, attempts, last_error, created_at, finished_at)
     VALUES ($1, 'failed', now(), 5, $2, now(), now()) RETURNING job_id`,
    [kind, error],
  );
  return row!.job_id;
}

describe(`GET /api/jobs and POST /api/jobs/:id/retry (${process.env.TEST_DB})`, () => {
  it('lists jobs newest first, filters by status, pages, and never shows a payload', async () => {
    await t.app.deps.jobs.enqueue({ kind: 'api-note', payload: { secret: 'guest@example.ph' } });
    const failedId = await failedJob('send-mail', '550 Mailbox unavailable');

    const all = await admin.inject({ method: 'GET', url: '/api/jobs' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ page: 1, page_size: JOB_PAGE_SIZE });
    // The recurring tasks scheduled at start-up, the note and the failed mail.
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.data.map((job: { kind: string }) => job.kind)).toEqual(
      expect.arrayContaining([
        'api-note',
        'send-mail',
        'expire-unpaid-guest-bookings',
        'purge-expired-records',
      ]),
    );
    expect(all.body).not.toContain('guest@example.ph');

    const failed = await admin.inject({ method: 'GET', url: '/api/jobs?status=failed' });
    expect(failed.json()).toMatchObject({
      total: 1,
      data: [
        {
          job_id: failedId,
          kind: 'send-mail',
          status: 'failed',
          attempts: 5,
          last_error: '550 Mailbox unavailable',
        },
      ],
    });
    const fields = Object.keys(failed.json().data[0]).sort();
    expect(fields).toEqual(
      [
        'attempts',
        'created_at',
        'finished_at',
        'job_id',
        'kind',
        'last_error',
        'max_attempts',
        'run_at',
        'status',
      ].sort(),
    );

    const beyond = await admin.inject({ method: 'GET', url: '/api/jobs?page=99' });
    expect(beyond.json()).toMatchObject({ data: [], page: 99 });
    // An absurd page reads as the first, like every list's.
    const absurd = await admin.inject({ method: 'GET', url: '/api/jobs?page=1e20' });
    expect(absurd.statusCode).toBe(200);
    expect(absurd.json().page).toBe(1);
  });

  it('refuses an unknown status with the list of statuses', async () => {
    const response = await admin.inject({ method: 'GET', url: '/api/jobs?status=exploded' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'Choose a status: queued, running, done, failed, cancelled',
    );
  });

  it('retries a failed job once; a job that is not failed, or unknown, is refused', async () => {
    const id = await failedJob('api-note', 'Mail server said no');
    const retried = await admin.inject({ method: 'POST', url: `/api/jobs/${id}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ job_id: id, status: 'queued', attempts: 0 });

    const again = await admin.inject({ method: 'POST', url: `/api/jobs/${id}/retry` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed job can be retried.');

    const unknown = await admin.inject({
      method: 'POST',
      url: '/api/jobs/00000000-0000-4000-8000-000000000000/retry',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Job not found.');

    const bad = await admin.inject({ method: 'POST', url: '/api/jobs/not-an-id/retry' });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators: an owner is refused with the reason', async () => {
    const owner = await signInAs(t, 'owner');
    const response = await owner.inject({ method: 'GET', url: '/api/jobs' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You do not have permission to see background jobs. Administrator role required.',
    );
  });
});
