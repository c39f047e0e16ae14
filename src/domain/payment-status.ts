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
