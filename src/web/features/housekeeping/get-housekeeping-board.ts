import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HousekeepingBoard } from '../../../domain/schemas/housekeeping.schema';
import { apiGet } from '../../lib/api';
import { housekeepingQueryKey } from './query-keys';

/** GET /api/housekeeping: every cabin with its housekeeping status on the resort's today. */
export async function getHousekeepingBoard(signal?: AbortSignal): Promise<HousekeepingBoard> {
  return (await apiGet<{ data: HousekeepingBoard }>('/api/housekeeping', { signal })).data;
}

export function housekeepingBoardQueryOptions() {
  return queryOptions({
    queryKey: housekeepingQueryKey,
    queryFn: ({ signal }) => getHousekeepingBoard(signal),
    staleTime: 15_000,
    // A housekeeping account has no live-updates stream (the server keeps bookings from it), and
    // a phone left open on the board should still show a check-out: read it again every minute.
    refetchInterval: 60_000,
  });
}

export function useHousekeepingBoard() {
  return useQuery(housekeepingBoardQueryOptions());
}
