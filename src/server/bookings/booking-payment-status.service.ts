import type { AppTx } from '../db/client';
import { setBookingMoney } from './bookings.repository';

/**
 * The one change the folio makes to a booking row: its projection of the folio (total_amount =
 * charges_total, payment_status), with the method and the cleared proof deadline when a guest's
 * proof arrives. Kept apart from booking-records.service.ts, which reads the ledger, so the folio
 * service can call it without an import circle.
 */
export function writeBookingMoney(
  tx: AppTx,
  bookingId: string,
  money: { total_amount: number; payment_status: string },
  proofArrived?: { payment_method: string },
): Promise<void> {
  return setBookingMoney(tx, bookingId, money, proofArrived);
}
