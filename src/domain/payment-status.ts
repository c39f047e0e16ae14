import type { BookingPaymentStatus, BookingStatus, PaymentStatus } from './constants';
import {
  ZERO,
  addRatio,
  compareRatio,
  mulRatio,
  ratioOf,
  roundHalfUp,
  subRatio,
} from './exact-decimal';
import type { Ratio } from './exact-decimal';

export interface PaymentStatusInput {
  total_amount: number;
  payments: readonly { payment_amount: number; payment_status: PaymentStatus }[];
  /**
   * Optional. For a Cancelled booking any refund settles it: what the resort keeps (SPEC §9's
   * processing fee) is not a debt, so it reads Refunded rather than Partial.
   */
  booking_status?: BookingStatus;
}

/**
 * DESIGN §3: a booking's payment_status derived from its payment rows. Precisely, with
 * verified = Σ Completed amounts, refunded = Σ Refunded amounts (DESIGN §4 records a refund as a
 * Refunded payment row of the refunded amount), net = verified − refunded, and Failed rows ignored:
 *
 * 1. no Completed, Pending or Refunded row                      → Unpaid
 * 2. refunded > 0, net ≤ 0 and no Pending row                   → Refunded
 *    (and, for a Cancelled booking, refunded > 0 and no Pending → Refunded)
 * 3. net ≤ 0 and a Pending row (a proof awaits verification)    → Pending
 * 4. net ≤ 0 otherwise                                          → Unpaid
 * 5. net ≥ total_amount                                         → Paid
 * 6. 0 < net < total_amount                                     → Partial
 *
 * "Completed" stays in the enumeration for stored data (SPEC §4's legacy reading) but is never
 * derived: a fully verified booking reads Paid.
 */
export function deriveBookingPaymentStatus(input: PaymentStatusInput): BookingPaymentStatus {
  let verified: Ratio = ZERO;
  let refunded: Ratio = ZERO;
  let hasPending = false;
  let hasAny = false;
  for (const payment of input.payments) {
    const amount = ratioOf(payment.payment_amount);
    switch (payment.payment_status) {
      case 'Completed':
        verified = addRatio(verified, amount);
        hasAny = true;
        break;
      case 'Refunded':
        refunded = addRatio(refunded, amount);
        hasAny = true;
        break;
      case 'Pending':
        hasPending = true;
        hasAny = true;
        break;
      case 'Failed':
        break;
    }
  }
  if (!hasAny) return 'Unpaid';

  const net = subRatio(verified, refunded);
  const anyRefund = compareRatio(refunded, ZERO) > 0;
  const nothingRemains = compareRatio(net, ZERO) <= 0;
  if (anyRefund && !hasPending && (nothingRemains || input.booking_status === 'Cancelled')) {
    return 'Refunded';
  }
  if (nothingRemains) return hasPending ? 'Pending' : 'Unpaid';
  return compareRatio(net, ratioOf(input.total_amount)) >= 0 ? 'Paid' : 'Partial';
}

/** Pesos to the centavo, from an exact amount (half up). */
function toPesos(value: Ratio): number {
  return Number(roundHalfUp(mulRatio(value, { n: 100n, d: 1n }))) / 100;
}

/** DESIGN §4: what the guest has paid, verified: Completed payments less Refunded ones. */
export function netPaid(
  rows: readonly { payment_amount: number; payment_status: string }[],
): number {
  let net = ZERO;
  for (const row of rows) {
    if (row.payment_status === 'Completed') net = addRatio(net, ratioOf(row.payment_amount));
    if (row.payment_status === 'Refunded') net = subRatio(net, ratioOf(row.payment_amount));
  }
  return toPesos(net);
}

/**
 * What is still to pay: the total less what was paid, never below 0, exact to the centavo. The
 * booking page, the Record Payment dialog and the confirmation e-mail all read this one figure.
 */
export function balanceDue(totalAmount: number, paid: number): number {
  const due = subRatio(ratioOf(totalAmount), ratioOf(paid));
  return compareRatio(due, ZERO) > 0 ? toPesos(due) : 0;
}
