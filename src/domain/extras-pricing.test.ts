import { describe, expect, it } from 'vitest';
import {
  EXTRA_PRICING_MESSAGES,
  extraEntry,
  priceExtra,
  priceExtraSelection,
} from './extras-pricing';
import type { PricedExtraInput } from './extras-pricing';
import { entryDraftIssue } from './folio';
import { DEFAULT_PRICING_SETTINGS } from './pricing';
import type { PricingSettings } from './pricing';
import type { Extra } from './schemas/extra.schema';

const settings = DEFAULT_PRICING_SETTINGS;
const stay = { nights: 3, persons: 2 };

const breakfast: Extra = {
  extra_id: '11111111-1111-4111-8111-111111111111',
  name: 'Breakfast',
  price: 350,
  charge_per: 'person_night',
  tax_treatment: 'vatable',
  guest_bookable: true,
  active: true,
};
const boat: Extra = {
  extra_id: '22222222-2222-4222-8222-222222222222',
  name: 'Boat transfer',
  price: 1500,
  charge_per: 'stay',
  tax_treatment: 'vatable',
  guest_bookable: false,
  active: true,
};
const ecoFee: Extra = {
  extra_id: '33333333-3333-4333-8333-333333333333',
  name: 'Environmental fee',
  price: 60,
  charge_per: 'person',
  tax_treatment: 'exempt',
  guest_bookable: true,
  active: true,
};
const retired: Extra = { ...boat, extra_id: '44444444-4444-4444-8444-444444444444', active: false };
const catalogue = [breakfast, boat, ecoFee, retired];

function priced(extra: PricedExtraInput, quantity = 1, tax: Partial<PricingSettings> = {}) {
  return priceExtra(extra, quantity, stay, { ...settings, ...tax });
}

describe('priceExtra', () => {
  it('multiplies by nights and persons as charge_per says', () => {
    const units = (charge_per: Extra['charge_per']) =>
      priced({ ...breakfast, charge_per }, 2).units;
    expect(units('stay')).toBe(2);
    expect(units('night')).toBe(6);
    expect(units('person')).toBe(4);
    expect(units('person_night')).toBe(12);
  });

  it('adds 12% VAT and 1% local tax to a VATable extra (tax mode exclusive)', () => {
    // Breakfast for 2 guests × 3 nights: 350 × 6 = 2100, VAT 252, local 21.
    expect(priced(breakfast)).toEqual({
      units: 6,
      unit_amount: 350,
      net_amount: 2100,
      vat_amount: 252,
      local_tax_amount: 21,
      amount: 2373,
      tax_treatment: 'vatable',
    });
  });

  it('keeps the taxes inside the price in inclusive mode and charges none in none mode', () => {
    // 1500 inside: VAT = 1500 × 0.12 / 1.13 = 159.29 → 159; local = 15 / 1.13 = 13.27 → 13.
    expect(priced(boat, 1, { tax_mode: 'inclusive' })).toMatchObject({
      net_amount: 1500,
      vat_amount: 159,
      local_tax_amount: 13,
      amount: 1500,
    });
    expect(priced(boat, 1, { tax_mode: 'none' })).toMatchObject({
      vat_amount: 0,
      local_tax_amount: 0,
      amount: 1500,
    });
  });

  it('charges no VAT or local tax on an exempt or zero-rated extra', () => {
    expect(priced(ecoFee)).toMatchObject({
      units: 2,
      vat_amount: 0,
      local_tax_amount: 0,
      amount: 120,
    });
    expect(priced({ ...ecoFee, tax_treatment: 'zero_rated' })).toMatchObject({
      vat_amount: 0,
      amount: 120,
      tax_treatment: 'zero_rated',
    });
  });

  it('rounds the line half up to whole pesos, exactly', () => {
    // 12.5 × 3 = 37.5 → 38; 0.1 × 3 would be 0.30000000000000004 in floats.
    expect(priced({ ...boat, price: 12.5, charge_per: 'night' }).net_amount).toBe(38);
    expect(priced({ ...boat, price: 0.1, charge_per: 'night' }, 5).net_amount).toBe(2);
  });

  it('refuses a quantity, nights or persons that is not a positive whole number', () => {
    expect(() => priced(boat, 0)).toThrow(RangeError);
    expect(() => priced(boat, 1.5)).toThrow(RangeError);
    expect(() => priceExtra(boat, 1, { nights: 0, persons: 1 }, settings)).toThrow(RangeError);
    expect(() => priceExtra(boat, 1, { nights: 1, persons: -1 }, settings)).toThrow(RangeError);
  });
});

describe('priceExtraSelection', () => {
  it('prices each asked extra and adds them up', () => {
    const result = priceExtraSelection(
      [
        { extra_id: breakfast.extra_id, quantity: 1 },
        { extra_id: ecoFee.extra_id.toUpperCase(), quantity: 1 },
      ],
      catalogue,
      stay,
      settings,
      true,
    );
    expect(result).toMatchObject({ ok: true, total: 2373 + 120 });
  });

  it('refuses an extra not in the catalogue or no longer active', () => {
    for (const extra_id of ['55555555-5555-4555-8555-555555555555', retired.extra_id]) {
      expect(
        priceExtraSelection([{ extra_id, quantity: 1 }], catalogue, stay, settings, false),
      ).toEqual({ ok: false, index: 0, message: EXTRA_PRICING_MESSAGES.notInCatalogue });
    }
  });

  it('lets staff but not guests add an extra that is not guest-bookable', () => {
    const asked = [
      { extra_id: ecoFee.extra_id, quantity: 1 },
      { extra_id: boat.extra_id, quantity: 1 },
    ];
    expect(priceExtraSelection(asked, catalogue, stay, settings, true)).toEqual({
      ok: false,
      index: 1,
      message: EXTRA_PRICING_MESSAGES.notBookable,
    });
    expect(priceExtraSelection(asked, catalogue, stay, settings, false).ok).toBe(true);
  });

  it('refuses a line above the line maximum', () => {
    const dear = { ...breakfast, price: 100_000 };
    const long = { nights: 365, persons: 20 };
    expect(
      priceExtraSelection(
        [{ extra_id: dear.extra_id, quantity: 50 }],
        [dear],
        long,
        settings,
        false,
      ),
    ).toEqual({ ok: false, index: 0, message: EXTRA_PRICING_MESSAGES.lineTooLarge });
  });
});

describe('extraEntry', () => {
  it('is a well-formed extra charge that says what was charged', () => {
    const result = priceExtraSelection(
      [
        { extra_id: breakfast.extra_id, quantity: 1 },
        { extra_id: boat.extra_id, quantity: 2 },
      ],
      catalogue,
      stay,
      settings,
      false,
    );
    if (!result.ok) throw new Error(result.message);
    const [breakfastLine, boatLine] = result.lines;
    const entry = extraEntry(breakfastLine!, stay, 'Room service');
    expect(entry).toEqual({
      kind: 'extra',
      description: 'Breakfast (2 guests × 3 nights)',
      quantity: 6,
      unit_amount: 350,
      amount: 2373,
      tax_treatment: 'vatable',
      vat_amount: 252,
      local_tax_amount: 21,
      reverses_entry_id: null,
      reason: 'Room service',
    });
    expect(entryDraftIssue(entry)).toBeNull();
    expect(extraEntry(boatLine!, stay).description).toBe('Boat transfer × 2');
    expect(extraEntry(boatLine!, { nights: 1, persons: 1 }).reason).toBeNull();
  });
});
