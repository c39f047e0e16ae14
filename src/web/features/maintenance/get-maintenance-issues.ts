import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceIssueDto } from '../../../domain/schemas/maintenance.schema';
import { apiGet } from '../../lib/api';
import { unitsQueryKey } from '../units/query-keys';

/** Under the units' key: a cabin's change (a block, a live update) refreshes its log too. */
export function maintenanceQueryKey(unitId: string) {
  return [...unitsQueryKey, 'maintenance', unitId] as const;
}

/** GET /api/units/:id/maintenance: the cabin's issues, the newest first. */
export async function getMaintenanceIssues(
  unitId: string,
  signal?: AbortSignal,
): Promise<MaintenanceIssueDto[]> {
  const path = `/api/units/${encodeURIComponent(unitId)}/maintenance`;
  return (await apiGet<{ data: MaintenanceIssueDto[] }>(path, { signal })).data;
}

export function maintenanceIssuesQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: maintenanceQueryKey(unitId),
    queryFn: ({ signal }) => getMaintenanceIssues(unitId, signal),
    staleTime: 30_000,
  });
}

export function useMaintenanceIssues(unitId: string) {
  return useQuery(maintenanceIssuesQueryOptions(unitId));
}
