import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitStatus, UnitType } from '../../../domain/constants';
import { apiGet } from '../../lib/api';
import { unitsQueryKey } from './query-keys';
import type { ListPage as Page } from '../../../domain/schemas/common.schema';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';

/** GET /api/units filters (SPEC §2 and §5): status, type, search, rate range and occupancy. */
export interface UnitFilters {
  status?: UnitStatus;
  type?: UnitType;
  search?: string;
  min_rate?: number;
  max_rate?: number;
  min_occupancy?: number;
  page?: number;
  page_size?: number;
  sort?: 'unit_name' | 'unit_code' | 'unit_type' | 'base_rate' | 'max_occupancy' | 'unit_status';
  order?: 'asc' | 'desc';
}

export function getUnits(filters: UnitFilters, signal?: AbortSignal): Promise<Page<Unit>> {
  return apiGet<Page<Unit>>('/api/units', { query: { ...filters }, signal });
}

export function unitsQueryOptions(filters: UnitFilters) {
  return queryOptions({
    queryKey: [...unitsQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) => getUnits(filters, signal),
    // SPEC §9: units are fresh for 30 seconds and refetched every 60.
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useUnits(filters: UnitFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...unitsQueryOptions(filters), enabled: options.enabled ?? true });
}

/** Every cabin (a resort has 3 to 50), for pickers such as an expense's optional cabin. */
export function allUnitsQueryOptions() {
  return unitsQueryOptions({ page_size: 100, sort: 'unit_name' });
}

export function useAllUnits() {
  return useQuery(allUnitsQueryOptions());
}
