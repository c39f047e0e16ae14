import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { BookingDto as Booking } from '../../../domain/schemas/booking.schema';
import type { ListPage } from '../../../domain/schemas/common.schema';
import { DEFAULT_ORDER, DEFAULT_SORT, toBookingListQuery } from './bookings-search';
import type { BookingsSearch } from './bookings-search';
import { bookingsQueryKey } from './bookings-query-key';

export { bookingsQueryKey };

/** GET /api/bookings's query (SPEC §7 filters). */
export type BookingListQuery = Omit<ReturnType<typeof toBookingListQuery>, 'page_size'> & {
  page_size: number;
};

/** GET /api/bookings: one page of bookings. */
export function getBookings(query: BookingListQuery, signal?: AbortSignal) {
  return apiGet<ListPage<Booking>>('/api/bookings', { query, signal });
}

function bookingListQueryOptions(query: BookingListQuery) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => getBookings(query, signal),
    // The next page replaces the last one without a blank table in between.
    placeholderData: keepPreviousData,
  });
}

/** The bookings list (10 a page). */
export function bookingsQueryOptions(search: BookingsSearch) {
  return queryOptions({
    ...bookingListQueryOptions(toBookingListQuery(search)),
    // SPEC §9: the bookings list is cached 5 minutes.
    staleTime: 5 * 60 * 1000,
  });
}

export function useBookings(search: BookingsSearch) {
  return useQuery(bookingsQueryOptions(search));
}

/** How many matches the Record Payment dialog offers at once; a search narrows the rest. */
export const PAYMENT_PICKER_PAGE_SIZE = 50;

/**
 * Bookings searched by reference, guest name or e-mail over every booking (not only the newest
 * page), newest first, for the Record Payment dialog's booking picker.
 */
export function paymentPickerBookingsQueryOptions(term: string) {
  return queryOptions({
    ...bookingListQueryOptions({
      ...toBookingListQuery({ search: term || undefined }),
      sort: DEFAULT_SORT,
      order: DEFAULT_ORDER,
      page: 1,
      page_size: PAYMENT_PICKER_PAGE_SIZE,
    }),
    staleTime: 30 * 1000,
  });
}

export function usePaymentPickerBookings(term: string) {
  return useQuery(paymentPickerBookingsQueryOptions(term));
}
