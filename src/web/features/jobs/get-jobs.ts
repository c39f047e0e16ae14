import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// Types only from the zod module: the settings route's loader imports this file, and a loader is
// part of every visitor's first download (lib/search-params.ts explains why that stays free of
// zod; the bundle-size budget in `npm test` fails when it does not).
import type { JobList, JobStatus } from '../../../domain/schemas/job.schema';
import { apiGet } from '../../lib/api';

/** GET /api/jobs (administrators): the job queue's recent and failed jobs, newest first. */
export async function getJobs(
  filter: { status?: JobStatus; page: number },
  signal?: AbortSignal,
): Promise<JobList> {
  return apiGet<JobList>('/api/jobs', {
    signal,
    query: { status: filter.status, page: filter.page },
  });
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
