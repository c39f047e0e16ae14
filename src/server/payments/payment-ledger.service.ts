import type { BookingPaymentStatus, BookingStatus, PaymentStatus } from '../../domain/constants';
import { deriveBookingPaymentStatus, netPaid } from '../../domain/payment-status';
import type { PaymentDto } from '../../domain/schemas/payment.schema';
import { writeBookingPaymentStatus } from '../bookings/booking-payment-status.service';
import type { AppDb, AppTx } from '../db/client';
import { refreshGuestTotals } from '../guests/guest-accounts.service';
import { toPaymentDto } from './payment-dto';
import {
  findPaymentAmounts as selectPaymentAmounts,
  findPaymentsOfBookings,
  hasPaymentProof as selectHasPaymentProof,
  insertPayment,
  type NewPaymentRow,
  type PaymentRow,
  updatePayment,
} from './payments.repository';

/**
 * The payment ledger: the one module that writes payment rows and the one place that keeps a
 * booking's payment_status and its guest's totals in step with them (DESIGN §3 and §6). Every
 * writer calls it inside its own transaction (`tx`): the guest's proof (guest-booking), staff
 * recording, verifying, editing and refunding a payment (payments), the multi-unit booking's
 * payment and the refund on cancel (bookings). It imports no other feature's service, so each of
 * them may import it without an import circle.
 *
 * A change of payment rows is followed by settleBooking in the same transaction, once the
 * booking's own columns are written. (A payment staff record without its proof is settled when
 * the proof is attached.)
 */

type Executor = AppDb | AppTx;

/** The booking columns a settlement reads. */
export type LedgerBooking = {
  booking_id: string;
  total_amount: number;
  booking_status: string;
  guest_id: string | null;
};

export type SettledBooking = {
  payment_status: BookingPaymentStatus;
  /** Completed less Refunded, in pesos. */
  net_paid: number;
};

/** Writes a payment row (Pending, or Completed when the one recording it verifies payments). */
export function recordPayment(tx: AppTx, values: NewPaymentRow): Promise<PaymentRow> {
  return insertPayment(tx, values);
}

/** Changes a payment row: its proof, its verification, a manager's or administrator's edit. */
export function changePayment(
  tx: AppTx,
  paymentId: string,
  values: Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  return updatePayment(tx, paymentId, values);
}

/**
 * DESIGN §4: a refund is a Refunded payment row of the refunded amount, verified at once by the
 * member of staff who gives it.
 */
export function recordRefund(
  tx: AppTx,
  refund: {
    booking_id: string;
    amount: number;
    payment_method: string;
    notes: string;
    /** The user refunding. */
    by: string;
    at: Date;
  },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    booking_id: refund.booking_id,
    payment_amount: refund.amount,
    payment_method: refund.payment_method,
    payment_status: 'Refunded',
    notes: refund.notes,
    transaction_date: refund.at,
    recorded_by: refund.by,
    verified_at: refund.at,
    verified_by: refund.by,
  });
}

/**
 * Re-derives the booking's payment_status from its payment rows and refreshes its guest's
 * total_bookings and total_spent. Call it inside the transaction that changed a payment or the
 * booking's status or total. With `proofArrived` (a guest's proof) the booking also takes the
 * method the guest paid with and loses its proof deadline, in the same UPDATE.
 */
export async function settleBooking(
  tx: AppTx,
  booking: LedgerBooking,
  options: { proofArrived?: { payment_method: string } } = {},
): Promise<SettledBooking> {
  const rows = await selectPaymentAmounts(tx, booking.booking_id);
  const paymentStatus = deriveBookingPaymentStatus({
    total_amount: booking.total_amount,
    payments: rows.map((row) => ({
      payment_amount: row.payment_amount,
      payment_status: row.payment_status as PaymentStatus,
    })),
    booking_status: booking.booking_status as BookingStatus,
  });
  await writeBookingPaymentStatus(tx, booking.booking_id, paymentStatus, options.proofArrived);
  if (booking.guest_id) await refreshGuestTotals(tx, booking.guest_id);
  return { payment_status: paymentStatus, net_paid: netPaid(rows) };
}

/** Amount, status and method of every payment of a booking, oldest first. */
export function findPaymentAmounts(
  db: Executor,
  bookingId: string,
): Promise<{ payment_amount: number; payment_status: string; payment_method: string }[]> {
  return selectPaymentAmounts(db, bookingId);
}

/** DESIGN §4: what the guest has paid on the booking, verified: Completed less Refunded. */
export async function amountPaid(db: Executor, bookingId: string): Promise<number> {
  return netPaid(await selectPaymentAmounts(db, bookingId));
}

/** The payments of several bookings as the API answers them, oldest first. */
export async function paymentsOfBookings(
  db: Executor,
  bookingIds: readonly string[],
): Promise<PaymentDto[]> {
  return (await findPaymentsOfBookings(db, bookingIds)).map(toPaymentDto);
}

/** Whether a proof is already on one of the booking's payments. */
export function hasPaymentProof(db: Executor, bookingId: string): Promise<boolean> {
  return selectHasPaymentProof(db, bookingId);
}
