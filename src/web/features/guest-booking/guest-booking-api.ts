import type {
  GuestBooking,
  GuestBookingCreated,
} from '../../../domain/schemas/guest-booking.schema';
import type { RatePlan } from '../../../domain/pricing';
import { postPublic } from '../../lib/api';

/**
 * The request body: the form's parsed values (SPEC §5 sanitising and phone normalising done);
 * issue 21: the promo code applied and the rate plan chosen, kept beside the form's fields.
 */
export type GuestBookingRequest = GuestBooking & { promo_code?: string; rate_plan?: RatePlan };

/** SPEC §8: the server's message, else "Failed to create booking". */
export const CREATE_BOOKING_FALLBACK = 'Failed to create booking';

export function createGuestBooking(body: GuestBookingRequest): Promise<GuestBookingCreated> {
  return postPublic<GuestBookingCreated>('/api/guest-booking', body, {
    fallback: CREATE_BOOKING_FALLBACK,
  });
}

export function confirmGuestBooking(body: {
  booking_id: string;
  file_path: string;
  file_size: number;
  /** Issue 15: recorded on the proof's payment for staff to verify by. */
  payment_method: string;
  payment_reference: string | null;
}): Promise<unknown> {
  return postPublic('/api/guest-booking/confirm', body);
}
