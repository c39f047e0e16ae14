import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FrontDeskDto } from '../../../domain/schemas/front-desk.schema';
import { apiGet } from '../../lib/api';
import { bookingsQueryKey } from '../bookings/get-bookings';

/**
 * Under the bookings key: every booking or payment change (a check-in, a payment, a live update
 * from another desk) makes the day sheet stale with the lists, by the same invalidation.
 */
export const frontDeskQueryKey = [...bookingsQueryKey, 'front-desk'] as const;

/** GET /api/front-desk?date=: the day's arrivals, in-house guests and departures (issue 22). */
export async function getFrontDesk(
  date: string | undefined,
  signal?: AbortSignal,
): Promise<FrontDeskDto> {
  return (await apiGet<{ data: FrontDeskDto }>('/api/front-desk', { query: { date }, signal }))
    .data;
}

export function frontDeskQueryOptions(date: string | undefined) {
  return queryOptions({
    queryKey: [...frontDeskQueryKey, date ?? 'today'] as const,
    queryFn: ({ signal }) => getFrontDesk(date, signal),
    staleTime: 30_000,
    // Housekeeping marks cabins on phones without a booking changing: look again now and then.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useFrontDesk(date: string | undefined) {
  return useQuery(frontDeskQueryOptions(date));
}
