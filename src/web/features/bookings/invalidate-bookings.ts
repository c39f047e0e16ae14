import type { QueryClient } from '@tanstack/react-query';
import { bookingMessagesKey } from '../messages/booking-messages-key';
import { bookingsQueryKey } from './bookings-query-key';

/**
 * After a booking or payment changes: bookings, payments, guests (their totals) and the
 * notification count all read what changed; so do the bookings' messages (issue 18: a change
 * schedules, moves or cancels them).
 */
export function invalidateBookingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
    queryClient.invalidateQueries({ queryKey: ['guests'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    queryClient.invalidateQueries({ queryKey: bookingMessagesKey }),
  ]);
}
