import type { CheckBooking } from '../../../domain/schemas/check-booking.schema';
import { postPublic } from '../../lib/api';

/** SPEC §7 POST /api/guest-booking/status answer. */
export interface BookingStatusResult {
  booking_id?: string;
  booking_reference: string;
  booking_status: string;
  payment_status: string;
  check_in: string;
  check_out: string;
  total_amount: number | string;
  unit: { unit_name: string; unit_type: string } | null;
}

/** SPEC §8: the server's message, else this. */
export const STATUS_LOOKUP_FALLBACK = 'Failed to retrieve booking. Please try again.';

export function getBookingStatus(input: CheckBooking, signal?: AbortSignal) {
  return postPublic<BookingStatusResult>('/api/guest-booking/status', input, {
    signal,
    fallback: STATUS_LOOKUP_FALLBACK,
  });
}
