import { z } from 'zod';
import { pricingSettingsSchema, seasonSchema } from '../../../domain/pricing';
import type { PricingSettings } from '../../../domain/pricing';

/*
 * The Pricing tab edits rates as percentages (15 rather than 0.15), which is how a resort owner
 * thinks of them. This form model converts to and from the domain's PricingSettings, and its
 * schema ends by parsing the result with the domain's pricingSettingsSchema, so the form accepts
 * exactly what the server does.
 */

const percent = z
  .number({ error: 'Please enter a number' })
  .min(0, 'Must be 0 or more')
  .max(100, 'Must be 100 or less');
const wholeNumber = (min: number) =>
  z
    .number({ error: 'Please enter a number' })
    .int('Must be a whole number')
    .min(min, `Must be at least ${min}`);

const pricingFormObject = z.object({
  seasons: z.array(seasonSchema).max(50),
  weekend_nights: z.array(z.number().int().min(0).max(6)).max(7),
  weekend_multiplier: z
    .number({ error: 'Please enter a number' })
    .min(1, 'Must be at least 1')
    .max(5, 'Must be at most 5'),
  discounts: z.object({
    early_bird: z.object({
      enabled: z.boolean(),
      rate: percent,
      min_days_ahead: wholeNumber(0),
      min_nights: wholeNumber(1),
      cap: z.number({ error: 'Please enter a number' }).min(0, 'Must be 0 or more').nullable(),
    }),
    extended_stay: z.object({ enabled: z.boolean(), rate: percent, min_nights: wholeNumber(1) }),
    last_minute: z.object({ enabled: z.boolean(), rate: percent, max_days_ahead: wholeNumber(0) }),
    bulk: z.object({ enabled: z.boolean(), rate: percent, min_units: wholeNumber(1) }),
  }),
  tax_mode: z.enum(['exclusive', 'inclusive', 'none']),
  /** Issue 21 point 3: the non-refundable rate, `percent` % below the flexible one. */
  non_refundable: z.object({
    enabled: z.boolean(),
    percent: wholeNumber(1).max(90, 'Must be at most 90'),
  }),
  vat_rate: percent,
  local_tax_rate: percent,
  withholding_rate: percent,
});

export type PricingFormValues = z.input<typeof pricingFormObject>;
type ParsedForm = z.output<typeof pricingFormObject>;

/** 0.15 → 15, without floating-point dust (0.15 × 100 = 15.000000000000002). */
export function toPercent(rate: number): number {
  return Math.round(rate * 10_000) / 100;
}

/** 15 → 0.15, rounded to the nearest hundredth of a percent. */
export function fromPercent(value: number): number {
  return Math.round(value * 100) / 10_000;
}

export function toPricingForm(settings: PricingSettings): PricingFormValues {
  const d = settings.discounts;
  return {
    seasons: settings.seasons.map((season) => ({ ...season })),
    weekend_nights: [...settings.weekend_nights].sort(),
    weekend_multiplier: settings.weekend_multiplier,
    discounts: {
      early_bird: { ...d.early_bird, rate: toPercent(d.early_bird.rate) },
      extended_stay: { ...d.extended_stay, rate: toPercent(d.extended_stay.rate) },
      last_minute: { ...d.last_minute, rate: toPercent(d.last_minute.rate) },
      bulk: { ...d.bulk, rate: toPercent(d.bulk.rate) },
    },
    tax_mode: settings.tax_mode,
    non_refundable: { ...settings.non_refundable },
    vat_rate: toPercent(settings.vat_rate),
    local_tax_rate: toPercent(settings.local_tax_rate),
    withholding_rate: toPercent(settings.withholding_rate),
  };
}

function toPricingSettings(form: ParsedForm): PricingSettings {
  const d = form.discounts;
  return {
    seasons: form.seasons,
    weekend_nights: [...form.weekend_nights].sort(),
    weekend_multiplier: form.weekend_multiplier,
    discounts: {
      early_bird: { ...d.early_bird, rate: fromPercent(d.early_bird.rate) },
      extended_stay: { ...d.extended_stay, rate: fromPercent(d.extended_stay.rate) },
      last_minute: { ...d.last_minute, rate: fromPercent(d.last_minute.rate) },
      bulk: { ...d.bulk, rate: fromPercent(d.bulk.rate) },
    },
    tax_mode: form.tax_mode,
    non_refundable: form.non_refundable,
    vat_rate: fromPercent(form.vat_rate),
    local_tax_rate: fromPercent(form.local_tax_rate),
    withholding_rate: fromPercent(form.withholding_rate),
  };
}

export const pricingFormSchema = pricingFormObject
  .transform(toPricingSettings)
  .pipe(pricingSettingsSchema);
