import { z } from 'zod';
import { maxCentavos, minCentavos, toCentavos, toPesos } from './centavos';
import { addDays } from './dates';
import type { IsoDate } from './dates';
import { priceUnitLine } from './pricing';
import type { Quote, QuoteInput } from './pricing';

/**
 * Issue 17 point 2, DESIGN §8: what a guest pays now and what later. Rounding: a share of the
 * total (percent, first night) is rounded UP to the whole peso, so the deposit is never a peso
 * short and the balance is a round figure less; it is never more than the total.
 */

export const DEPOSIT_MODES = ['percent', 'first_night', 'full'] as const;

/** Settings → Pricing, `pricing.deposit`. */
export const depositSettingsSchema = z.object({
  mode: z.enum(DEPOSIT_MODES),
  percent: z.number().int().min(1).max(100),
  /** 0: the balance is due at check-in. */
  balance_due_days_before_arrival: z.number().int().min(0).max(365),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  mode: 'percent',
  percent: 50,
  balance_due_days_before_arrival: 0,
};

export interface DepositInput {
  settings: DepositSettings;
  /** What the booking costs, taxes included: the stay and the extras picked with it, pesos. */
  stay_total: number;
  /** The first night's part of stay_total (firstNightTotal); read only in first_night mode. */
  first_night_total: number;
  check_in: IsoDate;
  /** The resort's today on the day of booking. */
  today: IsoDate;
}

export interface DepositPlan {
  deposit_amount: number;
  balance_amount: number;
  /** The day the balance is due: check-in, or N days before it. */
  balance_due_date: IsoDate;
}

/** Whole pesos, rounded up (centavos in → the next peso). */
function ceilToPeso(centavos: bigint): bigint {
  const pesos = centavos / 100n + (centavos % 100n > 0n ? 1n : 0n);
  return pesos * 100n;
}

/**
 * The deposit and balance of a stay. When the balance would fall due on the day of booking or
 * earlier (a stay booked within N days of arrival), the whole total is asked now instead.
 */
export function depositFor(input: DepositInput): DepositPlan {
  const { settings, check_in, today } = input;
  const total = maxCentavos(toCentavos(input.stay_total), 0n);
  const days = settings.balance_due_days_before_arrival;
  const dueDate = days === 0 ? check_in : addDays(check_in, -days);
  const allNow = days > 0 && dueDate <= today;

  let deposit: bigint;
  if (allNow || settings.mode === 'full') deposit = total;
  else if (settings.mode === 'first_night') deposit = toCentavos(input.first_night_total);
  else deposit = ceilToPeso((total * BigInt(settings.percent) + 99n) / 100n);
  deposit = minCentavos(maxCentavos(deposit, 0n), total);

  return {
    deposit_amount: toPesos(deposit),
    balance_amount: toPesos(total - deposit),
    balance_due_date: allNow ? today : dueDate,
  };
}

/**
 * The first night's share of a quote's total: the quote's total × (the first night's subtotal ÷
 * the stay's subtotal), so the night carries its share of the discount and taxes; rounded up to
 * the whole peso, at most the total.
 */
export function firstNightTotal(input: QuoteInput, quote: Quote): number {
  if (quote.subtotal <= 0) return 0;
  const firstNight = addDays(input.check_in, 1);
  const nightSubtotal = input.units.reduce(
    (sum, { unit, num_guests }) =>
      sum + priceUnitLine(unit, num_guests, input.check_in, firstNight, input.settings).unit_total,
    0,
  );
  const total = toCentavos(quote.total_amount);
  const numerator = total * BigInt(nightSubtotal);
  const denominator = BigInt(quote.subtotal);
  const share = numerator / denominator + (numerator % denominator > 0n ? 1n : 0n);
  return toPesos(minCentavos(ceilToPeso(share), total));
}
