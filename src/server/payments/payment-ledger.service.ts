import { toCentavos, toPesos } from '../../domain/centavos';
import type { BookingPaymentStatus } from '../../domain/constants';
import type { PaymentDto } from '../../domain/schemas/payment.schema';
import type { AppDb, AppTx } from '../db/client';
import { folioSummary, settleFolio, syncPaymentEntries } from '../folio/folio.service';
import { toPaymentDto } from './payment-dto';
import {
  findPaymentAmounts as selectPaymentAmounts,
  findPaymentsOfBookings,
  hasPaymentProof as selectHasPaymentProof,
  hasPaymentProofFile as selectHasPaymentProofFile,
  insertPayment,
  type NewPaymentRow,
  type PaymentRow,
  updatePayment,
} from './payments.repository';

/**
 * The payment ledger: the one module that writes payment rows, and that posts what they are worth
 * on the booking's folio (issue 17: a verified payment is a payment entry, a refund a refund
 * entry, a corrected amount a reversal and a new entry) through folio.service.ts, which keeps the
 * booking's payment_status and its guest's totals in step with the folio (DESIGN §3, §6, §8). Every
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
export type LedgerBooking = { booking_id: string };

export type SettledBooking = {
  payment_status: BookingPaymentStatus;
  /** The folio's paid_total: verified payments less refunds, in pesos. */
  net_paid: number;
};

export const LEDGER_REASONS = {
  corrected: 'The payment was corrected',
} as const;

/**
 * Writes a payment row (Pending, or Completed when the one recording it verifies payments); a
 * Completed one is posted on the folio at once.
 */
export async function recordPayment(tx: AppTx, values: NewPaymentRow): Promise<PaymentRow> {
  const row = await insertPayment(tx, values);
  await syncPaymentEntries(tx, row, LEDGER_REASONS.corrected);
  return row;
}

/**
 * Changes a payment row: its proof, its verification (posted on the folio), a manager's or
 * administrator's edit (a verified amount corrected is reversed and posted anew).
 */
export async function changePayment(
  tx: AppTx,
  paymentId: string,
  values: Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  const row = await updatePayment(tx, paymentId, values);
  await syncPaymentEntries(tx, row, LEDGER_REASONS.corrected);
  return row;
}

/**
 * DESIGN §4: a refund is a Refunded payment row of the refunded amount, verified at once by the
 * member of staff who gives it.
 */
export async function recordRefund(
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
  const row = await insertPayment(tx, {
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
  await syncPaymentEntries(tx, row, LEDGER_REASONS.corrected);
  return row;
}

/**
 * Re-derives the booking's payment_status (and total) from its folio and refreshes its guest's
 * totals (folio.service.ts settleFolio). Call it inside the transaction that changed a payment or
 * the booking's status or stay. With `proofArrived` (a guest's proof) the booking also takes the
 * method the guest paid with and loses its proof deadline, in the same UPDATE.
 */
export async function settleBooking(
  tx: AppTx,
  booking: LedgerBooking,
  options: { proofArrived?: { payment_method: string } } = {},
): Promise<SettledBooking> {
  const settled = await settleFolio(tx, booking.booking_id, options);
  return { payment_status: settled.payment_status, net_paid: settled.paid_total };
}

/** Amount, status and method of every payment of a booking, oldest first. */
export function findPaymentAmounts(
  db: Executor,
  bookingId: string,
): Promise<{ payment_amount: number; payment_status: string; payment_method: string }[]> {
  return selectPaymentAmounts(db, bookingId);
}

/**
 * Issue 17: the proofs of a booking still awaiting verification (Pending payments), in pesos:
 * not money yet, so not on the folio, but what the guest says they have sent.
 */
export async function pendingProofTotal(db: Executor, bookingId: string): Promise<number> {
  const pending = (await selectPaymentAmounts(db, bookingId))
    .filter((payment) => payment.payment_status === 'Pending')
    .reduce((sum, payment) => sum + toCentavos(payment.payment_amount), 0n);
  return toPesos(pending);
}

/** What the guest has paid on the booking, verified, less refunds: the folio's paid_total. */
export async function amountPaid(db: Executor, bookingId: string): Promise<number> {
  return (await folioSummary(db, bookingId)).paid_total;
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

/** Whether this proof file (bucket/path) is already on one of the booking's payments. */
export function hasPaymentProofFile(
  db: Executor,
  bookingId: string,
  proof: string,
): Promise<boolean> {
  return selectHasPaymentProofFile(db, bookingId, proof);
}
