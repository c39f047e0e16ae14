import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { BookingDto as Booking } from '../../../domain/schemas/booking.schema';
import type { ListPage } from '../../../domain/schemas/common.schema';
import { toBookingListQuery } from './bookings-search';
import type { BookingsSearch } from './bookings-search';

export const bookingsQueryKey = ['bookings'] as const;

/** GET /api/bookings (SPEC §7 filters; 10 a page). */
export function getBookings(search: BookingsSearch, signal?: AbortSignal) {
  return apiGet<ListPage<Booking>>('/api/bookings', { query: toBookingListQuery(search), signal });
}

export function bookingsQueryOptions(search: BookingsSearch) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'list', toBookingListQuery(search)] as const,
    queryFn: ({ signal }) => getBookings(search, signal),
    // SPEC §9: the bookings list is cached 5 minutes.
    staleTime: 5 * 60 * 1000,
    // The next page replaces the last one without a blank table in between.
    placeholderData: keepPreviousData,
  });
}

export function useBookings(search: BookingsSearch) {
  return useQuery(bookingsQueryOptions(search));
}
