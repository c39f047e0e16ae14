import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../../domain/pricing';
import { fromPercent, pricingFormSchema, toPercent, toPricingForm } from './pricing-form-model';

describe('pricing form model', () => {
  it('round-trips the default settings through percentages', () => {
    const form = toPricingForm(DEFAULT_PRICING_SETTINGS);
    expect(form.vat_rate).toBe(12);
    expect(form.discounts.early_bird.rate).toBe(15);
    expect(pricingFormSchema.parse(form)).toEqual(DEFAULT_PRICING_SETTINGS);
  });

  it('converts without floating-point dust', () => {
    expect(toPercent(0.15)).toBe(15);
    expect(toPercent(0.035)).toBe(3.5);
    expect(fromPercent(12.5)).toBe(0.125);
  });

  it('refuses a rate above 100% and a bad season date', () => {
    const form = toPricingForm(DEFAULT_PRICING_SETTINGS);
    const result = pricingFormSchema.safeParse({
      ...form,
      vat_rate: 120,
      seasons: [{ ...form.seasons[0]!, start: '13-01' }],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue: { path: PropertyKey[] }) =>
      issue.path.join('.'),
    );
    expect(paths).toContain('vat_rate');
    expect(paths).toContain('seasons.0.start');
  });
});
