import type { BookingPaymentStatus, BookingStatus, PaymentStatus } from '../../domain/constants';
import { deriveBookingPaymentStatus, netPaid } from '../../domain/payment-status';
import type { AppTx } from '../db/client';
import { refreshGuestTotals } from '../guests/guests.repository';
import {
  findPaymentAmounts,
  setBookingPaymentStatus,
  type PaymentWithNames,
} from './payments.repository';
import type { PaymentDto } from './payments.schema';

/**
 * What a booking's payments add up to, and the one place that keeps a booking's payment_status
 * and its guest's totals in step with its payment rows (DESIGN §3 and §6). Bookings (cancel) and
 * payments (record, verify, edit, refund) both call settleBooking in the transaction that changed
 * a payment.
 */

export type SettledBooking = {
  payment_status: BookingPaymentStatus;
  /** Completed less Refunded, in pesos. */
  net_paid: number;
};

/**
 * Re-derives the booking's payment_status from its payment rows and refreshes its guest's
 * total_bookings and total_spent. Call it inside the transaction that changed a payment or the
 * booking's status.
 */
export async function settleBooking(
  tx: AppTx,
  booking: {
    booking_id: string;
    total_amount: number;
    booking_status: string;
    guest_id: string | null;
  },
): Promise<SettledBooking> {
  const rows = await findPaymentAmounts(tx, booking.booking_id);
  const paymentStatus = deriveBookingPaymentStatus({
    total_amount: booking.total_amount,
    payments: rows.map((row) => ({
      payment_amount: row.payment_amount,
      payment_status: row.payment_status as PaymentStatus,
    })),
    booking_status: booking.booking_status as BookingStatus,
  });
  await setBookingPaymentStatus(tx, booking.booking_id, paymentStatus);
  if (booking.guest_id) await refreshGuestTotals(tx, booking.guest_id);
  return { payment_status: paymentStatus, net_paid: netPaid(rows) };
}

/** `payment-proofs/<booking>/<timestamp>-receipt.png` → `receipt.png`. */
export function proofFileName(storedPath: string | null): string | null {
  if (!storedPath) return null;
  const last = storedPath.split('/').pop() ?? '';
  return last.replace(/^\d{10,}-/, '') || last || null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** DESIGN §5: a payment as the API answers it; the storage path stays on the server. */
export function toPaymentDto(row: PaymentWithNames): PaymentDto {
  const hasProof = row.payment_proof !== null && row.payment_proof !== '';
  return {
    payment_id: row.payment_id,
    booking_id: row.booking_id,
    payment_amount: row.payment_amount,
    payment_method: row.payment_method as PaymentDto['payment_method'],
    payment_status: row.payment_status as PaymentDto['payment_status'],
    has_proof: hasProof,
    payment_proof_url: hasProof ? `/api/payments/${row.payment_id}/proof` : null,
    proof_file_name: hasProof ? proofFileName(row.payment_proof) : null,
    transaction_reference: row.transaction_reference,
    notes: row.notes,
    transaction_date: row.transaction_date.toISOString(),
    verified_at: iso(row.verified_at),
    verified_by_name: row.verified_by_name,
    recorded_by_name: row.recorded_by_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
