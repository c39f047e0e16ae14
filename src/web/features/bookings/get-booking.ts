import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { bookingsQueryKey } from './get-bookings';

export const bookingQueryKey = (bookingId: string) =>
  [...bookingsQueryKey, 'detail', bookingId] as const;

/** GET /api/bookings/:id: the booking with its lines, guest and payments (DESIGN §5). */
export async function getBooking(bookingId: string, signal?: AbortSignal): Promise<BookingDetail> {
  const body = await apiGet<{ data: BookingDetail }>(
    `/api/bookings/${encodeURIComponent(bookingId)}`,
    { signal },
  );
  return body.data;
}

export function bookingQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingQueryKey(bookingId),
    queryFn: ({ signal }) => getBooking(bookingId, signal),
    // SPEC §9: detail caches 30 seconds.
    staleTime: 30 * 1000,
  });
}

export function useBooking(bookingId: string) {
  return useQuery(bookingQueryOptions(bookingId));
}
