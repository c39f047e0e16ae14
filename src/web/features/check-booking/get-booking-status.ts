import type { CheckBooking } from '../../../domain/schemas/check-booking.schema';
import { postPublic } from '../../lib/api';
import type { BookingLookup } from '../../../domain/schemas/guest-booking.schema';

/** SPEC §8: the server's message, else this. */
export const STATUS_LOOKUP_FALLBACK = 'Failed to retrieve booking. Please try again.';

export function getBookingStatus(input: CheckBooking, signal?: AbortSignal) {
  return postPublic<BookingLookup>('/api/guest-booking/status', input, {
    signal,
    fallback: STATUS_LOOKUP_FALLBACK,
  });
}
