import { z } from 'zod';
import { dayOfWeek, diffDays, isIsoDate, monthDay, nightsBetween } from './dates';
import type { IsoDate } from './dates';
import {
  ZERO,
  addRatio,
  compareRatio,
  divRatio,
  mulRatio,
  ratioFromInt,
  ratioOf,
  roundToNumber,
  subRatio,
} from './exact-decimal';
import type { Ratio } from './exact-decimal';

/**
 * DESIGN §4 pricing, the one implementation used by the quote endpoint, every booking endpoint
 * and the web previews. All arithmetic is exact (exact-decimal.ts) and each component is rounded
 * half up to whole pesos once, where DESIGN §4 says.
 */

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isMonthDay(value: string): boolean {
  if (!MONTH_DAY.test(value)) return false;
  const month = Number(value.slice(0, 2));
  const day = Number(value.slice(3, 5));
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

const monthDaySchema = z.string().refine(isMonthDay, 'Use the format MM-DD (for example 12-20)');
const rateSchema = z.number().min(0).max(1);

export const seasonSchema = z.object({
  name: z.string().trim().min(1).max(50),
  /** 'MM-DD'; a start after the end wraps the new year (DESIGN §4). */
  start: monthDaySchema,
  end: monthDaySchema,
  multiplier: z.number().positive().max(10),
  priority: z.number().int(),
});
export type Season = z.infer<typeof seasonSchema>;

export const pricingSettingsSchema = z.object({
  seasons: z.array(seasonSchema).max(50),
  /** Day of week of the night's date (0 Sunday … 6 Saturday); DESIGN §3 default Friday, Saturday. */
  weekend_nights: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day may appear once'),
  // At least 1 so a weekend night never costs less than a weekday night.
  weekend_multiplier: z.number().min(1).max(5),
  discounts: z.object({
    early_bird: z.object({
      enabled: z.boolean(),
      rate: rateSchema,
      min_days_ahead: z.number().int().min(0),
      min_nights: z.number().int().min(1),
      /** Largest discount in pesos; null for no cap. */
      cap: z.number().min(0).nullable(),
    }),
    extended_stay: z.object({
      enabled: z.boolean(),
      rate: rateSchema,
      min_nights: z.number().int().min(1),
    }),
    last_minute: z.object({
      enabled: z.boolean(),
      rate: rateSchema,
      max_days_ahead: z.number().int().min(0),
    }),
    bulk: z.object({
      enabled: z.boolean(),
      rate: rateSchema,
      min_units: z.number().int().min(1),
    }),
  }),
  tax_mode: z.enum(['exclusive', 'inclusive', 'none']),
  /**
   * Issue 21 point 3: beside the flexible rate (SPEC §9's refund rule), a non-refundable rate
   * `percent` % cheaper on every room night and extra-person fee, when the owner turns it on.
   */
  non_refundable: z.object({
    enabled: z.boolean(),
    percent: z.number().int().min(1).max(90),
  }),
  vat_rate: rateSchema,
  local_tax_rate: rateSchema,
  withholding_rate: rateSchema,
});
export type PricingSettings = z.infer<typeof pricingSettingsSchema>;
export type TaxMode = PricingSettings['tax_mode'];

/** SPEC §9 defaults. */
export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  seasons: [
    { name: 'Peak Summer', start: '03-01', end: '05-31', multiplier: 1.5, priority: 10 },
    { name: 'Christmas & New Year', start: '12-20', end: '01-02', multiplier: 2, priority: 20 },
    { name: 'Holy Week', start: '03-25', end: '04-01', multiplier: 1.8, priority: 15 },
    { name: 'Low Season', start: '06-01', end: '09-30', multiplier: 0.8, priority: 5 },
  ],
  weekend_nights: [5, 6],
  weekend_multiplier: 1.3,
  discounts: {
    early_bird: { enabled: true, rate: 0.15, min_days_ahead: 30, min_nights: 3, cap: 5000 },
    extended_stay: { enabled: true, rate: 0.2, min_nights: 7 },
    last_minute: { enabled: true, rate: 0.25, max_days_ahead: 2 },
    bulk: { enabled: true, rate: 0.1, min_units: 3 },
  },
  tax_mode: 'exclusive',
  non_refundable: { enabled: false, percent: 10 },
  vat_rate: 0.12,
  local_tax_rate: 0.01,
  withholding_rate: 0.01,
};

/** What pricing needs of a unit (SPEC §3 field names). Money in pesos. */
export interface PricingUnit {
  unit_id: string;
  base_rate: number;
  weekend_rate: number;
  base_occupancy: number;
  extra_person_rate: number;
}

/** Issue 21 point 3: the rate plan a stay is sold on. */
export const RATE_PLANS = ['flexible', 'non_refundable'] as const;
export type RatePlan = (typeof RATE_PLANS)[number];

/**
 * Issue 21 point 2: a promo code already found eligible for the stay (promo-codes.ts
 * promoRefusal): percent is in percentage points (10 = 10% of the subtotal), amount in pesos.
 */
export interface PromoForQuote {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
}

export interface QuoteInput {
  units: readonly { unit: PricingUnit; num_guests: number }[];
  check_in: IsoDate;
  check_out: IsoDate;
  /** Today in the resort's zone; pricing never reads a clock. */
  today: IsoDate;
  settings: PricingSettings;
  /** Issue 21: default flexible; non_refundable needs `settings.non_refundable.enabled`. */
  rate_plan?: RatePlan | undefined;
  /** Issue 21: the guest's code; it applies only when it saves more than the automatic discount. */
  promo?: PromoForQuote | null | undefined;
}

export interface QuoteUnitLine {
  unit_id: string;
  base_total: number;
  weekend_surcharge: number;
  extra_person_fee: number;
  unit_total: number;
}

export const DISCOUNT_NAMES = ['Early Bird', 'Extended Stay', 'Last Minute', 'Bulk'] as const;
export type DiscountName = (typeof DISCOUNT_NAMES)[number];

export interface QuoteDiscount {
  /** The automatic discount's name, or the promo code itself (issue 21: the breakdown names it). */
  name: DiscountName | string;
  /** The share of the subtotal; null for a fixed-amount promo code. */
  rate: number | null;
  amount: number;
  kind: 'automatic' | 'promo';
  /** The promo code applied, else null. */
  code: string | null;
}

/**
 * Issue 21: what became of the promo code asked for. `applied` false: the automatic discount
 * saves as much or more (discounts never stack, SPEC §9), and `message` says so.
 */
export interface QuotePromo {
  code: string;
  applied: boolean;
  /** What the code alone would take off the subtotal, pesos. */
  saving: number;
  message: string;
}

/** DESIGN §5: the `/api/quote` answer. Every amount is whole pesos. */
export interface Quote {
  nights: number;
  units: QuoteUnitLine[];
  base_amount: number;
  total_surcharges: number;
  subtotal: number;
  discount: QuoteDiscount | null;
  discount_amount: number;
  /** Issue 21: the promo code asked for and whether it applied; null when none was asked for. */
  promo: QuotePromo | null;
  rate_plan: RatePlan;
  /** What the non-refundable rate took off the flexible subtotal (0 on the flexible rate). */
  rate_plan_saving: number;
  vat: number;
  local_tax: number;
  tax_amount: number;
  total_amount: number;
}

function isInSeason(date: IsoDate, season: Season): boolean {
  const md = monthDay(date);
  if (season.start <= season.end) return md >= season.start && md <= season.end;
  // DESIGN §4: a range whose start is after its end wraps the new year (12-20 to 01-02).
  return md >= season.start || md <= season.end;
}

/** DESIGN §4 step 1: the highest-priority season containing the night; on a tie, the first listed. */
export function seasonFor(date: IsoDate, seasons: readonly Season[]): Season | null {
  let best: Season | null = null;
  for (const season of seasons) {
    if (isInSeason(date, season) && (best === null || season.priority > best.priority)) {
      best = season;
    }
  }
  return best;
}

export function isWeekendNight(date: IsoDate, settings: PricingSettings): boolean {
  return settings.weekend_nights.includes(dayOfWeek(date));
}

function assertStay(checkIn: IsoDate, checkOut: IsoDate): void {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) {
    throw new RangeError(`Stay dates must be YYYY-MM-DD: ${checkIn} to ${checkOut}`);
  }
  if (diffDays(checkOut, checkIn) < 1) {
    throw new RangeError(`Check-out ${checkOut} must be after check-in ${checkIn}`);
  }
}

/** DESIGN §4 for one unit line over the nights [check_in, check_out). */
export function priceUnitLine(
  unit: PricingUnit,
  numGuests: number,
  checkIn: IsoDate,
  checkOut: IsoDate,
  settings: PricingSettings,
  ratePlan: RatePlan = 'flexible',
): QuoteUnitLine {
  assertStay(checkIn, checkOut);
  const nights = nightsBetween(checkIn, checkOut);
  const baseRate = ratioOf(unit.base_rate);
  const weekendRate = ratioOf(unit.weekend_rate);
  // DESIGN §4 step 3: the unit's weekend rate when it is above base, else base × 1.3 (setting).
  const weekendNightRate =
    compareRatio(weekendRate, baseRate) > 0
      ? weekendRate
      : mulRatio(baseRate, ratioOf(settings.weekend_multiplier));
  const weekendExtra = subRatio(weekendNightRate, baseRate);

  let baseSum: Ratio = ZERO;
  let surchargeSum: Ratio = ZERO;
  for (const night of nights) {
    const multiplier = ratioOf(seasonFor(night, settings.seasons)?.multiplier ?? 1);
    baseSum = addRatio(baseSum, mulRatio(baseRate, multiplier));
    if (isWeekendNight(night, settings)) {
      // weekend night − base night = (weekend rate − base rate) × season multiplier
      surchargeSum = addRatio(surchargeSum, mulRatio(weekendExtra, multiplier));
    }
  }

  // SPEC §9: (guests − base_occupancy) × extra_person_rate × nights, with no season.
  const extraGuests = Math.max(0, Math.trunc(numGuests) - Math.trunc(unit.base_occupancy));
  const extraFee = mulRatio(
    ratioOf(unit.extra_person_rate),
    ratioFromInt(BigInt(extraGuests * nights.length)),
  );

  // Issue 21: the non-refundable rate is every component `percent` % cheaper, before rounding.
  const factor =
    ratePlan === 'non_refundable'
      ? subRatio(ratioFromInt(1n), { n: BigInt(settings.non_refundable.percent), d: 100n })
      : ratioFromInt(1n);
  const base_total = roundToNumber(mulRatio(baseSum, factor));
  const weekend_surcharge = roundToNumber(mulRatio(surchargeSum, factor));
  const extra_person_fee = roundToNumber(mulRatio(extraFee, factor));
  return {
    unit_id: unit.unit_id,
    base_total,
    weekend_surcharge,
    extra_person_fee,
    unit_total: base_total + weekend_surcharge + extra_person_fee,
  };
}

/** DESIGN §4: one discount, the first that matches in this order. */
function pickDiscount(
  subtotal: number,
  nights: number,
  daysAhead: number,
  unitCount: number,
  settings: PricingSettings,
): QuoteDiscount | null {
  const { early_bird, extended_stay, last_minute, bulk } = settings.discounts;
  const make = (name: DiscountName, rate: number, cap: number | null): QuoteDiscount => {
    const amount = roundToNumber(mulRatio(ratioFromInt(BigInt(subtotal)), ratioOf(rate)));
    // SPEC §9: Early Bird capped at 5,000 (the cap is a setting).
    return {
      name,
      rate,
      amount: cap === null ? amount : Math.min(amount, Math.floor(cap)),
      kind: 'automatic',
      code: null,
    };
  };
  if (
    early_bird.enabled &&
    daysAhead >= early_bird.min_days_ahead &&
    nights >= early_bird.min_nights
  ) {
    return make('Early Bird', early_bird.rate, early_bird.cap);
  }
  if (extended_stay.enabled && nights >= extended_stay.min_nights) {
    return make('Extended Stay', extended_stay.rate, null);
  }
  if (last_minute.enabled && daysAhead <= last_minute.max_days_ahead) {
    return make('Last Minute', last_minute.rate, null);
  }
  if (bulk.enabled && unitCount >= bulk.min_units) {
    return make('Bulk', bulk.rate, null);
  }
  return null;
}

/**
 * DESIGN §4 taxes on the discounted amount.
 * - exclusive: vat = round(vat_rate × taxable), local_tax = round(local_tax_rate × taxable),
 *   total = taxable + vat + local_tax.
 * - inclusive: the taxable amount already contains both taxes, so its net is
 *   taxable / (1 + vat_rate + local_tax_rate); vat = round(taxable × vat_rate / (1 + vat_rate +
 *   local_tax_rate)), local_tax likewise, total = taxable. The net is then total − tax_amount.
 * - none: no tax, total = taxable.
 */
export function applyTaxes(
  taxable: number,
  settings: PricingSettings,
): { vat: number; local_tax: number; total: number } {
  const amount = ratioFromInt(BigInt(taxable));
  const vatRate = ratioOf(settings.vat_rate);
  const localRate = ratioOf(settings.local_tax_rate);
  switch (settings.tax_mode) {
    case 'exclusive': {
      const vat = roundToNumber(mulRatio(amount, vatRate));
      const local_tax = roundToNumber(mulRatio(amount, localRate));
      return { vat, local_tax, total: taxable + vat + local_tax };
    }
    case 'inclusive': {
      const divisor = addRatio(ratioFromInt(1n), addRatio(vatRate, localRate));
      const vat = roundToNumber(divRatio(mulRatio(amount, vatRate), divisor));
      const local_tax = roundToNumber(divRatio(mulRatio(amount, localRate), divisor));
      return { vat, local_tax, total: taxable };
    }
    case 'none':
      return { vat: 0, local_tax: 0, total: taxable };
  }
}

/**
 * Issue 21: what a promo code takes off the subtotal: a percentage (rounded half up to the peso
 * like the automatic discounts) or a fixed amount. A code worth more than the subtotal is refused
 * before pricing (promo-codes.ts), so the amount here never exceeds it.
 */
export function promoSaving(promo: PromoForQuote, subtotal: number): number {
  if (promo.kind === 'amount') return Math.min(Math.round(promo.value), subtotal);
  return roundToNumber(
    mulRatio(ratioFromInt(BigInt(subtotal)), divRatio(ratioOf(promo.value), ratioFromInt(100n))),
  );
}

/** Issue 21: the automatic discount and the promo code do not stack; the larger applies. */
function withPromo(
  automatic: QuoteDiscount | null,
  promo: PromoForQuote | null | undefined,
  subtotal: number,
): { discount: QuoteDiscount | null; promo: QuotePromo | null } {
  if (!promo) return { discount: automatic, promo: null };
  const saving = promoSaving(promo, subtotal);
  if (automatic && automatic.amount >= saving) {
    return {
      discount: automatic,
      promo: {
        code: promo.code,
        applied: false,
        saving,
        message: `The ${automatic.name} discount saves more, so it applies instead of ${promo.code} (discounts do not combine)`,
      },
    };
  }
  return {
    discount: {
      name: promo.code,
      rate: promo.kind === 'percent' ? promo.value / 100 : null,
      amount: saving,
      kind: 'promo',
      code: promo.code,
    },
    promo: { code: promo.code, applied: true, saving, message: `${promo.code} applied` },
  };
}

/** DESIGN §4: the full price of a stay for one or more units. */
export function quoteBooking(input: QuoteInput): Quote {
  const { check_in, check_out, today, settings } = input;
  assertStay(check_in, check_out);
  if (!isIsoDate(today)) throw new RangeError(`Today must be YYYY-MM-DD: ${today}`);
  if (input.units.length === 0) throw new RangeError('A quote needs at least one unit');

  const nights = diffDays(check_out, check_in);
  const ratePlan = input.rate_plan ?? 'flexible';
  if (ratePlan === 'non_refundable' && !settings.non_refundable.enabled) {
    throw new RangeError('The non-refundable rate is not offered');
  }
  const units = input.units.map(({ unit, num_guests }) =>
    priceUnitLine(unit, num_guests, check_in, check_out, settings, ratePlan),
  );
  const subtotal = units.reduce((sum, line) => sum + line.unit_total, 0);
  const flexibleSubtotal =
    ratePlan === 'flexible'
      ? subtotal
      : input.units.reduce(
          (sum, { unit, num_guests }) =>
            sum + priceUnitLine(unit, num_guests, check_in, check_out, settings).unit_total,
          0,
        );
  const base_amount = units.reduce((sum, line) => sum + line.base_total, 0);
  const daysAhead = diffDays(check_in, today);
  const automatic = pickDiscount(subtotal, nights, daysAhead, units.length, settings);
  const { discount, promo } = withPromo(automatic, input.promo, subtotal);
  const discount_amount = discount?.amount ?? 0;
  const { vat, local_tax, total } = applyTaxes(subtotal - discount_amount, settings);

  return {
    nights,
    units,
    base_amount,
    total_surcharges: subtotal - base_amount,
    subtotal,
    discount,
    discount_amount,
    promo,
    rate_plan: ratePlan,
    rate_plan_saving: flexibleSubtotal - subtotal,
    vat,
    local_tax,
    tax_amount: vat + local_tax,
    total_amount: total,
  };
}

/**
 * SPEC §9: 1% withholding, shown on a corporate guest's receipt only. It is taken on the amount
 * passed in (the receipt's total), rounded half up to whole pesos.
 */
export function withholdingFor(total: number, settings: PricingSettings): number {
  return roundToNumber(mulRatio(ratioOf(total), ratioOf(settings.withholding_rate)));
}
