import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Extra } from '../../../domain/schemas/extra.schema';
import { apiGet } from '../../lib/api';

/** GET /api/extras (issue 17): the extras catalogue, active extras first. */
export async function getExtras(signal?: AbortSignal): Promise<Extra[]> {
  return (await apiGet<{ data: Extra[] }>('/api/extras', { signal })).data;
}

export const extrasQueryKey = ['extras'] as const;

export function extrasQueryOptions() {
  return queryOptions({
    queryKey: extrasQueryKey,
    queryFn: ({ signal }) => getExtras(signal),
  });
}

export function useExtras() {
  return useQuery(extrasQueryOptions());
}
