import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { bookingQueryKey } from './get-booking';
import { bookingsQueryKey } from './get-bookings';

/*
 * SPEC §4 "Optimistic changes": a status change or an edit shows at once in the booking's detail
 * and in every bookings list in the cache, and is rolled back if the server refuses it.
 */

export interface BookingSnapshot {
  entries: [QueryKey, unknown][];
}

type ListPage = { data: BookingDetail[] } & Record<string, unknown>;

function patchList(page: unknown, bookingId: string, patch: Partial<BookingDetail>): unknown {
  const list = page as ListPage | undefined;
  if (!list || !Array.isArray(list.data)) return page;
  return {
    ...list,
    data: list.data.map((row) => (row.booking_id === bookingId ? { ...row, ...patch } : row)),
  };
}

/** Applies `patch` to the cached booking and lists; answers what to restore on error. */
export async function applyOptimisticBooking(
  queryClient: QueryClient,
  bookingId: string,
  patch: Partial<BookingDetail>,
): Promise<BookingSnapshot> {
  // A refetch landing now would overwrite the optimistic state with the old one.
  await queryClient.cancelQueries({ queryKey: bookingsQueryKey });
  const detailKey = bookingQueryKey(bookingId);
  const listKey = [...bookingsQueryKey, 'list'];
  const entries: [QueryKey, unknown][] = [
    [detailKey, queryClient.getQueryData(detailKey)],
    ...queryClient.getQueriesData({ queryKey: listKey }),
  ];
  queryClient.setQueryData<BookingDetail>(detailKey, (old) => (old ? { ...old, ...patch } : old));
  queryClient.setQueriesData({ queryKey: listKey }, (page: unknown) =>
    patchList(page, bookingId, patch),
  );
  return { entries };
}

export function rollBackBooking(queryClient: QueryClient, snapshot: BookingSnapshot | undefined) {
  for (const [key, value] of snapshot?.entries ?? []) queryClient.setQueryData(key, value);
}
