import { diffDays } from './dates';
import type { IsoDate } from './dates';
import { mulRatio, ratioOf, roundToNumber } from './exact-decimal';

export interface RefundInput {
  /** Verified amount the guest paid, in pesos. */
  paid_amount: number;
  check_in: IsoDate;
  /** The resort's today when the booking is cancelled (DESIGN §3). */
  cancelled_on: IsoDate;
  /** SPEC §9: a no-show forfeits everything. */
  no_show?: boolean;
}

export interface Refund {
  /** 90, 50, 25 or 0. */
  percent: number;
  /** Whole pesos, rounded half up. */
  amount: number;
  /** check_in − cancelled_on in days; negative once the stay has begun. */
  days_before: number;
}

/** SPEC §9 / DESIGN §4: the share of the paid amount refunded for a cancellation this early. */
export function refundPercent(daysBefore: number): number {
  if (daysBefore >= 30) return 90; // 10% processing fee
  if (daysBefore >= 15) return 50;
  if (daysBefore >= 7) return 25;
  return 0;
}

/** DESIGN §4 refund on cancellation, shown to staff before they confirm it. */
export function refundFor(input: RefundInput): Refund {
  const days_before = diffDays(input.check_in, input.cancelled_on);
  const percent = input.no_show ? 0 : refundPercent(days_before);
  const paid = Math.max(0, input.paid_amount);
  const amount = roundToNumber(mulRatio(ratioOf(paid), { n: BigInt(percent), d: 100n }));
  return { percent, amount, days_before };
}
