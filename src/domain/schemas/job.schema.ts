import { z } from 'zod';
import { recordIdParamsSchema } from './common.schema';

/**
 * Issue 18 item 2: Settings → System (administrators) lists the job queue's recent and failed
 * jobs and retries a failed one. The list answers DESIGN §5's `{ data, total, page, page_size }`.
 */

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_PAGE_SIZE = 20;
/** Beyond any real queue (purged after 30 days); keeps the offset a sane number. */
const JOB_PAGE_MAX = 10_000;

export const JOB_SCHEMA_MESSAGES = {
  status: `Choose a status: ${JOB_STATUSES.join(', ')}`,
  forbidden: 'You do not have permission to see background jobs. Administrator role required.',
} as const;

export const listJobsQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: JOB_SCHEMA_MESSAGES.status }).optional(),
  // Like every list: 1 when missing or unreadable.
  page: z.coerce.number().int().min(1).max(JOB_PAGE_MAX).catch(1),
});
export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;

export const jobIdParamsSchema = recordIdParamsSchema;

/** A job as the System page shows it: never its payload (a mail's text, a guest's address). */
export const jobSchema = z.object({
  job_id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type JobDto = z.infer<typeof jobSchema>;

export const jobListResponseSchema = z.object({
  data: z.array(jobSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type JobList = z.infer<typeof jobListResponseSchema>;
