import { maxCentavos, minCentavos, toCentavos, toPesos } from './centavos';
import type { IsoDate } from './dates';
import type { FolioSummary } from './folio';
import { formatCurrency } from './format';
import type { RatePlan } from './pricing';
import { refundFor } from './refund';

/**
 * Issue 17 point 6: refunds on the folio. "Paid" is the folio's paid_total: verified payments less
 * the refunds already made. A refund never exceeds it.
 */

type Held = Pick<FolioSummary, 'charges_total' | 'paid_total'>;

export interface CancellationRefund {
  /** SPEC §9 share of the paid stay refunded: 90, 50, 25 or 0. */
  percent: number;
  days_before: number;
  /** What the resort pays back: the share of what was paid for the stay plus any overpayment. */
  refund_amount: number;
  /** What the resort keeps. */
  kept_amount: number;
}

/**
 * The refund of a cancellation on `cancelled_on`: refund.ts's days-before-arrival rule (whole
 * pesos, half up) applied to what was paid up to the charges; a no-show forfeits that, and so
 * does a stay sold on the non-refundable rate (issue 21: 0% of the stay). An overpayment (paid
 * beyond the charges) is the guest's credit and is refunded in full either way.
 */
export function cancellationRefund(
  held: Held,
  checkIn: IsoDate,
  cancelledOn: IsoDate,
  noShow = false,
  ratePlan: RatePlan = 'flexible',
): CancellationRefund {
  const paid = maxCentavos(toCentavos(held.paid_total), 0n);
  const charges = maxCentavos(toCentavos(held.charges_total), 0n);
  const paidForStay = minCentavos(paid, charges);
  const rule = refundFor({
    paid_amount: toPesos(paidForStay),
    check_in: checkIn,
    cancelled_on: cancelledOn,
    no_show: noShow || ratePlan === 'non_refundable',
  });
  const refund = minCentavos(toCentavos(rule.amount) + (paid - paidForStay), paid);
  return {
    percent: rule.percent,
    days_before: rule.days_before,
    refund_amount: toPesos(refund),
    kept_amount: toPesos(paid - refund),
  };
}

export const REFUND_MESSAGES = {
  nothingToRefund: 'Nothing is left to refund on this booking.',
  notPositive: 'A refund must be more than ₱0.00.',
  tooLarge: (max: number) => `The refund cannot exceed ${formatCurrency(max)}.`,
} as const;

/** Why a refund of `amount` pesos may not be posted, or null: never more than is held. */
export function refundIssue(amount: number, held: Pick<FolioSummary, 'paid_total'>): string | null {
  const refundable = toCentavos(held.paid_total);
  if (refundable <= 0n) return REFUND_MESSAGES.nothingToRefund;
  if (toCentavos(amount) <= 0n) return REFUND_MESSAGES.notPositive;
  if (toCentavos(amount) > refundable) return REFUND_MESSAGES.tooLarge(held.paid_total);
  return null;
}
