import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { BookingDto as Booking } from '../../../domain/schemas/booking.schema';
import type { ListPage } from '../../../domain/schemas/common.schema';
import { bookingsQueryKey } from '../bookings/get-bookings';

/** How many matches the Record Payment dialog offers at once; a search narrows the rest. */
export const PAYMENT_PICKER_PAGE_SIZE = 50;

/**
 * GET /api/bookings searched by reference, guest name or e-mail over every booking (not only the
 * newest page), newest first, for the Record Payment dialog's booking picker.
 */
export function getPaymentPickerBookings(term: string, signal?: AbortSignal) {
  return apiGet<ListPage<Booking>>('/api/bookings', {
    query: {
      search: term || undefined,
      sort: 'created_at',
      order: 'desc',
      page: 1,
      page_size: PAYMENT_PICKER_PAGE_SIZE,
    },
    signal,
  });
}

export function paymentPickerBookingsQueryOptions(term: string) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'payment-picker', term] as const,
    queryFn: ({ signal }) => getPaymentPickerBookings(term, signal),
    staleTime: 30 * 1000,
    placeholderData: keepPreviousData,
  });
}

export function usePaymentPickerBookings(term: string) {
  return useQuery(paymentPickerBookingsQueryOptions(term));
}
