import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { extraSchema } from '../../../../domain/schemas/extra.schema';
import type { Extra } from '../../../../domain/schemas/extra.schema';
import { apiGet } from '../../../lib/api';

export const extrasQueryKey = ['extras'] as const;

const extrasResponseSchema = z.object({ data: z.array(extraSchema) });

/** GET /api/extras (every staff role): the catalogue, inactive extras included. */
export async function getExtras(signal?: AbortSignal): Promise<Extra[]> {
  const body = await apiGet<unknown>('/api/extras', { signal });
  return extrasResponseSchema.parse(body).data;
}

export function extrasQueryOptions() {
  return queryOptions({
    queryKey: [...extrasQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getExtras(signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** The catalogue, read only while `enabled` (the Add extra dialog is open). */
export function useExtras(enabled: boolean) {
  return useQuery({ ...extrasQueryOptions(), enabled });
}
