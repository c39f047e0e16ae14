import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { availabilityQueryKey } from './query-keys';
import type { OverviewResponse as OverviewData } from '../../../domain/schemas/availability.schema';

/** GET /api/availability/overview: each unit's state today (SPEC §2 "Units Overview"). */
export async function getOverview(signal?: AbortSignal): Promise<OverviewData> {
  return (await apiGet<{ data: OverviewData }>('/api/availability/overview', { signal })).data;
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: [...availabilityQueryKey, 'overview'] as const,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
