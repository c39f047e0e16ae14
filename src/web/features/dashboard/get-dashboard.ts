import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../domain/schemas/dashboard.schema';
import { apiGet } from '../../lib/api';

export async function getDashboard(
  month: string | undefined,
  signal?: AbortSignal,
): Promise<Dashboard> {
  return (await apiGet<{ data: Dashboard }>('/api/dashboard', { query: { month }, signal })).data;
}

export const dashboardQueryKey = ['dashboard'] as const;

export function dashboardQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, month ?? 'current'] as const,
    queryFn: ({ signal }) => getDashboard(month, signal),
    // SPEC §9: stats are cached 60 seconds; live updates refresh them sooner.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(month: string | undefined) {
  return useQuery(dashboardQueryOptions(month));
}
