import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicExtra } from '../../../domain/schemas/extra.schema';
import { apiGet } from '../../lib/api';

/** GET /api/public/extras (issue 17): the extras a guest may pick on the booking form. */
export async function getPublicExtras(signal?: AbortSignal): Promise<PublicExtra[]> {
  return (await apiGet<{ data: PublicExtra[] }>('/api/public/extras', { signal })).data;
}

export const publicExtrasQueryKey = ['public', 'extras'] as const;

export function publicExtrasQueryOptions() {
  return queryOptions({
    queryKey: publicExtrasQueryKey,
    queryFn: ({ signal }) => getPublicExtras(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePublicExtras() {
  return useQuery(publicExtrasQueryOptions());
}
