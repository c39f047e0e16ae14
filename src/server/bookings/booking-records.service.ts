import type { BookingDto } from '../../domain/schemas/booking.schema';
import type { AppDb, AppTx } from '../db/client';
import { releasePromoUse } from '../promo-codes/promo-codes.service';
import { toBookingDto } from './booking-dto';
import {
  anonymizeBookingsOfGuest,
  type BookingRow,
  cancelOverdueGuestBookings,
  findBookingRecord,
  findBookingRecordsOfGuest,
  lockBooking as selectBookingForUpdate,
  updateBookingRow,
} from './bookings.repository';

/**
 * A booking as the other features use it: payments (a payment's booking, locked while its
 * payments change, confirmed on a verified payment) and guests (a guest's bookings). Of the other
 * features it reaches only the payment ledger (the e-mail's amount paid), so payments.service.ts
 * and guests.service.ts may import it without an import circle.
 */

export type { BookingRow };

type Executor = AppDb | AppTx;

/** The booking with its lines and guest as the API answers it, or null. */
export async function findBookingDto(db: Executor, bookingId: string): Promise<BookingDto | null> {
  const record = await findBookingRecord(db, bookingId);
  return record ? toBookingDto(record) : null;
}

/** A guest's bookings as the API answers them, newest check-in first (SPEC §7). */
export async function findBookingDtosOfGuest(db: Executor, guestId: string): Promise<BookingDto[]> {
  return (await findBookingRecordsOfGuest(db, guestId)).map((record) => toBookingDto(record));
}

/** The booking row, locked until the transaction ends: its payments change one at a time. */
export function lockBooking(tx: AppTx, bookingId: string): Promise<BookingRow | null> {
  return selectBookingForUpdate(tx, bookingId);
}

/**
 * A proof has arrived for the booking: the expiry job must leave it alone (DESIGN §3), and a
 * booking made without a method takes the payment's. Answers the booking as it now is.
 */
export async function markProofArrived(
  tx: AppTx,
  booking: BookingRow,
  paymentMethod: string,
): Promise<BookingRow> {
  if (booking.proof_deadline === null && booking.payment_method !== null) return booking;
  return updateBookingRow(tx, booking.booking_id, {
    proof_deadline: null,
    payment_method: booking.payment_method ?? paymentMethod,
  });
}

/** SPEC §4: a Pending booking becomes Confirmed when its payment is verified. */
export function confirmBooking(tx: AppTx, bookingId: string, now: Date): Promise<BookingRow> {
  return updateBookingRow(tx, bookingId, {
    booking_status: 'Confirmed',
    confirmed_at: now,
    proof_deadline: null,
  });
}

/**
 * DESIGN §3: cancels every guest booking still Pending, with no payment, whose proof deadline
 * has passed (the expiry job); answers the cancelled bookings.
 */
export async function cancelBookingsPastProofDeadline(
  tx: AppTx,
  now: Date,
  reason: string,
): Promise<{ booking_id: string; booking_reference: string; guest_id: string | null }[]> {
  const cancelled = await cancelOverdueGuestBookings(tx, now, reason);
  // Issue 21: each gives its promo code's use back, in the same transaction.
  for (const booking of cancelled) await releasePromoUse(tx, booking.booking_id, now);
  return cancelled;
}

/** A data-subject request: the guest's contact details replaced on every booking of theirs. */
export async function anonymizeGuestOnBookings(
  tx: AppTx,
  guestId: string,
  values: { guest_name: string; email: string },
): Promise<number> {
  return anonymizeBookingsOfGuest(tx, guestId, values);
}
