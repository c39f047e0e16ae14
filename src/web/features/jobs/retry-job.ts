import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { jobSchema, type JobDto } from '../../../domain/schemas/job.schema';
import { apiPost } from '../../lib/api';
import { jobsQueryKey } from './get-jobs';

const retryResponseSchema = z.object({ data: jobSchema });

/** POST /api/jobs/:id/retry (administrators): a failed job queued again with fresh attempts. */
export async function retryJob(jobId: string): Promise<JobDto> {
  const body = await apiPost<unknown>(`/api/jobs/${encodeURIComponent(jobId)}/retry`);
  return retryResponseSchema.parse(body).data;
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
