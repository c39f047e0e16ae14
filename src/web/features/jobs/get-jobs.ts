import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  jobListResponseSchema,
  type JobList,
  type JobStatus,
} from '../../../domain/schemas/job.schema';
import { apiGet } from '../../lib/api';

/** GET /api/jobs (administrators): the job queue's recent and failed jobs, newest first. */
export async function getJobs(
  filter: { status?: JobStatus; page: number },
  signal?: AbortSignal,
): Promise<JobList> {
  const body = await apiGet<unknown>('/api/jobs', {
    signal,
    query: { status: filter.status, page: filter.page },
  });
  return jobListResponseSchema.parse(body);
}

export const jobsQueryKey = ['jobs'] as const;

export function jobsQueryOptions(filter: { status?: JobStatus; page: number }) {
  return queryOptions({
    queryKey: [...jobsQueryKey, filter.status ?? 'all', filter.page],
    queryFn: ({ signal }) => getJobs(filter, signal),
    staleTime: 5_000,
  });
}

export function useJobs(filter: { status?: JobStatus; page: number }) {
  return useQuery({ ...jobsQueryOptions(filter), placeholderData: keepPreviousData });
}
