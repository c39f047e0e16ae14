import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitUpcomingBookings } from '../../../domain/schemas/unit.schema';
import { apiGet } from '../../lib/api';
import { unitsQueryKey } from './query-keys';

/** GET /api/units/upcoming-bookings?unit_ids=a,b: read before a bulk status change is confirmed. */
export async function getUpcomingUnitBookings(
  unitIds: readonly string[],
  signal?: AbortSignal,
): Promise<UnitUpcomingBookings> {
  const query = new URLSearchParams({ unit_ids: unitIds.join(',') });
  const body = await apiGet<{ data: UnitUpcomingBookings }>(
    `/api/units/upcoming-bookings?${query.toString()}`,
    { signal },
  );
  return body.data;
}

export function upcomingUnitBookingsQueryOptions(unitIds: readonly string[]) {
  const ids = [...unitIds].sort();
  return queryOptions({
    queryKey: [...unitsQueryKey, 'upcoming-bookings', ids] as const,
    queryFn: ({ signal }) => getUpcomingUnitBookings(ids, signal),
    // Read fresh each time the confirmation opens: it is about to decide a change.
    staleTime: 0,
  });
}

export function useUpcomingUnitBookings(unitIds: readonly string[], enabled: boolean) {
  return useQuery({ ...upcomingUnitBookingsQueryOptions(unitIds), enabled });
}
