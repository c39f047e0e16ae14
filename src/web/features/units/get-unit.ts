import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { unitsQueryKey } from './query-keys';
import type { UnitDetail } from '../../../domain/schemas/unit.schema';

/** GET /api/units/:id: the unit with its bookings and revenue stats (SPEC §2, §7). */
export async function getUnit(unitId: string, signal?: AbortSignal): Promise<UnitDetail> {
  const body = await apiGet<{ data: UnitDetail }>(`/api/units/${encodeURIComponent(unitId)}`, {
    signal,
  });
  return body.data;
}

export function unitQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: [...unitsQueryKey, 'detail', unitId] as const,
    queryFn: ({ signal }) => getUnit(unitId, signal),
    // SPEC §9: detail caches 30 seconds.
    staleTime: 30_000,
  });
}

/** `enabled: false` once the cabin is deleted: a live update must not ask for it again (a 404). */
export function useUnit(unitId: string, enabled = true) {
  return useQuery({ ...unitQueryOptions(unitId), enabled });
}
