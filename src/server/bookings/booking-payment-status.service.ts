import type { AppTx } from '../db/client';
import { setBookingPaymentStatus } from './bookings.repository';

/**
 * The one change the payment ledger makes to a booking row: the payment status its payments
 * settle to (with the method and the cleared proof deadline when a guest's proof arrives). Kept
 * apart from booking-records.service.ts, which reads the ledger, so the ledger can call it without
 * an import circle.
 */
export function writeBookingPaymentStatus(
  tx: AppTx,
  bookingId: string,
  paymentStatus: string,
  proofArrived?: { payment_method: string },
): Promise<void> {
  return setBookingPaymentStatus(tx, bookingId, paymentStatus, proofArrived);
}
