import type { AppTx } from '../db/client';
import { anonymizeBookingsOfGuest, cancelOverdueGuestBookings } from './bookings.repository';

/**
 * What other features change on booking rows, through the bookings feature's one writer
 * (bookings.repository.ts). Each runs in the caller's transaction.
 */

/**
 * DESIGN §3: cancels every guest booking still Pending, with no payment, whose proof deadline
 * has passed (the expiry job); answers the cancelled bookings.
 */
export async function cancelBookingsPastProofDeadline(
  tx: AppTx,
  now: Date,
  reason: string,
): Promise<{ booking_id: string; booking_reference: string; guest_id: string | null }[]> {
  return cancelOverdueGuestBookings(tx, now, reason);
}

/** A data-subject request: the guest's contact details replaced on every booking of theirs. */
export async function anonymizeGuestOnBookings(
  tx: AppTx,
  guestId: string,
  values: { guest_name: string; email: string },
): Promise<number> {
  return anonymizeBookingsOfGuest(tx, guestId, values);
}
