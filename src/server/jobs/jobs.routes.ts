import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_PAGE_SIZE,
  JOB_SCHEMA_MESSAGES,
  jobIdParamsSchema,
  jobListResponseSchema,
  jobSchema,
  listJobsQuerySchema,
  type JobDto,
} from '../../domain/schemas/job.schema';
import { requireRole } from '../http/guards';
import type { JobRow } from './jobs.service';

function toJobDto(row: JobRow): JobDto {
  return jobSchema.parse({
    job_id: row.job_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    run_at: row.run_at.toISOString(),
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    last_error: row.last_error,
  });
}

/** Issue 18: Settings → System, for administrators only. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['jobs'];
  const guard = requireRole('admin', JOB_SCHEMA_MESSAGES.forbidden);

  app.get(
    '/api/jobs',
    {
      onRequest: guard,
      schema: { tags, querystring: listJobsQuerySchema, response: { 200: jobListResponseSchema } },
    },
    async (request) => {
      const { status, page } = request.query;
      const { rows, total } = await app.deps.jobs.list({ status, page, pageSize: JOB_PAGE_SIZE });
      return { data: rows.map(toJobDto), total, page, page_size: JOB_PAGE_SIZE };
    },
  );

  app.post(
    '/api/jobs/:id/retry',
    {
      onRequest: guard,
      schema: { tags, params: jobIdParamsSchema, response: { 200: z.object({ data: jobSchema }) } },
    },
    async (request) => ({ data: toJobDto(await app.deps.jobs.retry(request.params.id)) }),
  );
};
