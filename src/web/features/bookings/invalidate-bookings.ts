import type { QueryClient } from '@tanstack/react-query';
import { bookingsQueryKey } from './get-bookings';

/**
 * After a booking or payment changes: bookings, payments, guests (their totals) and the
 * notification count all read what changed.
 */
export function invalidateBookingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
    queryClient.invalidateQueries({ queryKey: ['guests'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}
