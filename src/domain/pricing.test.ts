import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './dates';
import {
  DEFAULT_PRICING_SETTINGS,
  pricingSettingsSchema,
  priceUnitLine,
  quoteBooking,
  seasonFor,
  withholdingFor,
} from './pricing';
import type { PricingSettings, PricingUnit, Quote } from './pricing';

// The three cabins of DESIGN §4's worked examples.
const A: PricingUnit = {
  unit_id: 'A',
  base_rate: 3000,
  weekend_rate: 3000,
  base_occupancy: 2,
  extra_person_rate: 500,
};
const B: PricingUnit = {
  unit_id: 'B',
  base_rate: 4500,
  weekend_rate: 5500,
  base_occupancy: 2,
  extra_person_rate: 750,
};
const C: PricingUnit = {
  unit_id: 'C',
  base_rate: 2500,
  weekend_rate: 2500,
  base_occupancy: 2,
  extra_person_rate: 400,
};

const settings = DEFAULT_PRICING_SETTINGS;

function withSettings(patch: Partial<PricingSettings>): PricingSettings {
  return { ...DEFAULT_PRICING_SETTINGS, ...patch };
}

/** A plain unit with no season in play: 2027-10-04 (Monday) to 10-08 is outside every season. */
const plain: PricingUnit = {
  unit_id: 'P',
  base_rate: 1000,
  weekend_rate: 1000,
  base_occupancy: 2,
  extra_person_rate: 0,
};

describe('DEFAULT_PRICING_SETTINGS', () => {
  it('is valid by its own schema', () => {
    expect(pricingSettingsSchema.parse(settings)).toEqual(settings);
  });
});

describe('DESIGN §4 worked examples', () => {
  it('example 1: A × 3 guests, 2027-06-10 to 06-13, booked 2027-06-01', () => {
    const quote = quoteBooking({
      units: [{ unit: A, num_guests: 3 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      today: '2027-06-01',
      settings,
    });
    expect(quote).toEqual<Quote>({
      nights: 3,
      units: [
        {
          unit_id: 'A',
          base_total: 7200,
          weekend_surcharge: 1440,
          extra_person_fee: 1500,
          unit_total: 10140,
        },
      ],
      base_amount: 7200,
      total_surcharges: 2940,
      subtotal: 10140,
      discount: null,
      discount_amount: 0,
      promo: null,
      rate_plan: 'flexible',
      rate_plan_saving: 0,
      vat: 1217,
      local_tax: 101,
      tax_amount: 1318,
      total_amount: 11458,
    });
  });

  it('example 2: B × 2 guests over New Year, Early Bird capped at 5,000', () => {
    const quote = quoteBooking({
      units: [{ unit: B, num_guests: 2 }],
      check_in: '2027-12-30',
      check_out: '2028-01-04',
      today: '2027-10-01',
      settings,
    });
    expect(quote).toEqual<Quote>({
      nights: 5,
      units: [
        {
          unit_id: 'B',
          base_total: 40500,
          weekend_surcharge: 4000,
          extra_person_fee: 0,
          unit_total: 44500,
        },
      ],
      base_amount: 40500,
      total_surcharges: 4000,
      subtotal: 44500,
      // 15% of 44,500 is 6,675; SPEC §9 caps it at 5,000.
      discount: { name: 'Early Bird', rate: 0.15, amount: 5000, kind: 'automatic', code: null },
      discount_amount: 5000,
      promo: null,
      rate_plan: 'flexible',
      rate_plan_saving: 0,
      vat: 4740,
      local_tax: 395,
      tax_amount: 5135,
      total_amount: 44635,
    });
  });

  it('example 3: A × 2, B × 4, C × 3 in Holy Week, Bulk discount', () => {
    const quote = quoteBooking({
      units: [
        { unit: A, num_guests: 2 },
        { unit: B, num_guests: 4 },
        { unit: C, num_guests: 3 },
      ],
      check_in: '2027-03-26',
      check_out: '2027-03-29',
      today: '2027-03-10',
      settings,
    });
    expect(quote).toEqual<Quote>({
      nights: 3,
      units: [
        {
          unit_id: 'A',
          base_total: 16200,
          weekend_surcharge: 3240,
          extra_person_fee: 0,
          unit_total: 19440,
        },
        {
          unit_id: 'B',
          base_total: 24300,
          weekend_surcharge: 3600,
          extra_person_fee: 4500,
          unit_total: 32400,
        },
        {
          unit_id: 'C',
          base_total: 13500,
          weekend_surcharge: 2700,
          extra_person_fee: 1200,
          unit_total: 17400,
        },
      ],
      base_amount: 54000,
      total_surcharges: 15240,
      subtotal: 69240,
      discount: { name: 'Bulk', rate: 0.1, amount: 6924, kind: 'automatic', code: null },
      discount_amount: 6924,
      promo: null,
      rate_plan: 'flexible',
      rate_plan_saving: 0,
      vat: 7478,
      local_tax: 623,
      tax_amount: 8101,
      total_amount: 70417,
    });
  });
});

describe('seasons', () => {
  it('Holy Week (priority 15) beats Peak Summer (10) where they overlap', () => {
    expect(seasonFor('2027-03-27', settings.seasons)?.name).toBe('Holy Week');
    expect(seasonFor('2027-03-24', settings.seasons)?.name).toBe('Peak Summer');
    expect(seasonFor('2027-04-02', settings.seasons)?.name).toBe('Peak Summer');
  });

  it('Christmas & New Year wraps the year, inclusive at both ends', () => {
    expect(seasonFor('2027-12-19', settings.seasons)).toBeNull();
    expect(seasonFor('2027-12-20', settings.seasons)?.name).toBe('Christmas & New Year');
    expect(seasonFor('2027-12-31', settings.seasons)?.name).toBe('Christmas & New Year');
    expect(seasonFor('2028-01-01', settings.seasons)?.name).toBe('Christmas & New Year');
    expect(seasonFor('2028-01-02', settings.seasons)?.name).toBe('Christmas & New Year');
    expect(seasonFor('2028-01-03', settings.seasons)).toBeNull();
  });

  it('a night in no season costs the base rate', () => {
    // 2027-10-04 Monday, no season.
    const line = priceUnitLine(plain, 2, '2027-10-04', '2027-10-05', settings);
    expect(line.base_total).toBe(1000);
  });

  it('a wrapped season prices each night on its own side of the new year', () => {
    // 2027-12-18 (Sat, no season), 12-19 (Sun, no season), 12-20 (Mon, ×2)
    const line = priceUnitLine(plain, 2, '2027-12-18', '2027-12-21', settings);
    expect(line.base_total).toBe(1000 + 1000 + 2000);
    // The Saturday night: 1000 × (1.3 − 1) = 300.
    expect(line.weekend_surcharge).toBe(300);
  });

  it('a tie in priority goes to the season listed first', () => {
    const seasons = [
      { name: 'First', start: '10-01', end: '10-31', multiplier: 1.1, priority: 1 },
      { name: 'Second', start: '10-01', end: '10-31', multiplier: 1.2, priority: 1 },
    ];
    expect(seasonFor('2027-10-10', seasons)?.name).toBe('First');
  });
});

describe('weekend nights', () => {
  // 2027-10-08 is a Friday; the stay covers Fri, Sat, Sun nights.
  const stay = ['2027-10-08', '2027-10-11'] as const;

  it('Friday and Saturday nights by default, not Sunday', () => {
    const line = priceUnitLine(plain, 2, stay[0], stay[1], settings);
    expect(line.base_total).toBe(3000);
    expect(line.weekend_surcharge).toBe(600);
  });

  it('weekend_rate equal to base: base × 1.3', () => {
    const line = priceUnitLine(
      { ...plain, weekend_rate: plain.base_rate },
      2,
      stay[0],
      stay[1],
      settings,
    );
    expect(line.weekend_surcharge).toBe(2 * 300);
  });

  it('weekend_rate above base: the weekend rate itself, even below base × 1.3', () => {
    const line = priceUnitLine({ ...plain, weekend_rate: 1100 }, 2, stay[0], stay[1], settings);
    expect(line.weekend_surcharge).toBe(2 * 100);
  });

  it('weekend_rate below base is treated as equal: base × 1.3', () => {
    const line = priceUnitLine({ ...plain, weekend_rate: 900 }, 2, stay[0], stay[1], settings);
    expect(line.weekend_surcharge).toBe(2 * 300);
  });

  it('weekend nights are a setting (Saturday and Sunday)', () => {
    const line = priceUnitLine(
      plain,
      2,
      stay[0],
      stay[1],
      withSettings({ weekend_nights: [6, 0] }),
    );
    expect(line.weekend_surcharge).toBe(600);
    const none = priceUnitLine(plain, 2, stay[0], stay[1], withSettings({ weekend_nights: [] }));
    expect(none.weekend_surcharge).toBe(0);
  });

  it('the surcharge carries the season multiplier', () => {
    // 2027-12-24 is a Friday in Christmas & New Year: (1000 × 1.3 − 1000) × 2 = 600.
    const line = priceUnitLine(plain, 2, '2027-12-24', '2027-12-25', settings);
    expect(line.base_total).toBe(2000);
    expect(line.weekend_surcharge).toBe(600);
  });
});

describe('extra persons', () => {
  it('no fee at or below base occupancy', () => {
    const unit = { ...plain, extra_person_rate: 500 };
    expect(priceUnitLine(unit, 1, '2027-10-04', '2027-10-06', settings).extra_person_fee).toBe(0);
    expect(priceUnitLine(unit, 2, '2027-10-04', '2027-10-06', settings).extra_person_fee).toBe(0);
  });

  it('(guests − base occupancy) × rate × nights, with no season', () => {
    const unit = { ...plain, extra_person_rate: 500 };
    // Christmas nights (×2) do not change the fee.
    const line = priceUnitLine(unit, 5, '2027-12-21', '2027-12-23', settings);
    expect(line.extra_person_fee).toBe(3 * 500 * 2);
  });
});

describe('rounding', () => {
  it('rounds half up to whole pesos per component, exactly', () => {
    // 1234.50 × 0.8 = 987.6 per night in Low Season; two nights 1975.2 → 1975.
    const unit = { ...plain, base_rate: 1234.5, weekend_rate: 1234.5 };
    const line = priceUnitLine(unit, 2, '2027-06-07', '2027-06-09', settings);
    expect(line.base_total).toBe(1975);
    // 0.5 goes up: 1000.50 for one night outside every season → 1001.
    const half = priceUnitLine(
      { ...plain, base_rate: 1000.5 },
      2,
      '2027-10-04',
      '2027-10-05',
      settings,
    );
    expect(half.base_total).toBe(1001);
  });

  it('no float error on 3000 × 1.3 × 0.8', () => {
    // 2027-06-11 is a Friday in Low Season: 3000 × 1.3 × 0.8 − 3000 × 0.8 = 720 exactly.
    const line = priceUnitLine(A, 2, '2027-06-11', '2027-06-12', settings);
    expect(line.weekend_surcharge).toBe(720);
  });
});

describe('discounts', () => {
  const quote = (
    checkIn: string,
    nights: number,
    today: string,
    unitCount = 1,
    s: PricingSettings = settings,
  ): Quote =>
    quoteBooking({
      units: Array.from({ length: unitCount }, (_, i) => ({
        unit: { ...plain, unit_id: `U${i}` },
        num_guests: 2,
      })),
      check_in: checkIn,
      check_out: addDays(checkIn, nights),
      today,
      settings: s,
    });

  it('Early Bird at 30 days ahead and 3 nights, not at 29 days or 2 nights', () => {
    expect(quote('2027-10-04', 3, addDays('2027-10-04', -30)).discount?.name).toBe('Early Bird');
    expect(quote('2027-10-04', 3, addDays('2027-10-04', -29)).discount).toBeNull();
    expect(quote('2027-10-04', 2, addDays('2027-10-04', -30)).discount).toBeNull();
  });

  it('Early Bird is 15%, capped at 5,000', () => {
    const small = quote('2027-10-04', 3, '2027-08-01');
    expect(small.subtotal).toBe(3000);
    expect(small.discount).toEqual({
      name: 'Early Bird',
      rate: 0.15,
      amount: 450,
      kind: 'automatic',
      code: null,
    });
    const big = quoteBooking({
      units: [{ unit: { ...plain, base_rate: 12000, weekend_rate: 12000 }, num_guests: 2 }],
      check_in: '2027-10-04',
      check_out: '2027-10-07',
      today: '2027-08-01',
      settings,
    });
    expect(big.subtotal).toBe(36000);
    expect(big.discount_amount).toBe(5000);
  });

  it('Extended Stay at 7 nights, not at 6', () => {
    const today = addDays('2027-10-04', -10);
    expect(quote('2027-10-04', 7, today).discount?.name).toBe('Extended Stay');
    expect(quote('2027-10-04', 7, today).discount?.rate).toBe(0.2);
    expect(quote('2027-10-04', 6, today).discount).toBeNull();
  });

  it('Last Minute at 2 days ahead (and 0), not at 3', () => {
    expect(quote('2027-10-04', 1, '2027-10-02').discount?.name).toBe('Last Minute');
    expect(quote('2027-10-04', 1, '2027-10-04').discount?.name).toBe('Last Minute');
    expect(quote('2027-10-04', 1, '2027-10-01').discount).toBeNull();
    expect(quote('2027-10-04', 1, '2027-10-02').discount_amount).toBe(250);
  });

  it('Bulk at 3 units, not at 2', () => {
    const today = addDays('2027-10-04', -10);
    expect(quote('2027-10-04', 1, today, 3).discount).toEqual({
      name: 'Bulk',
      rate: 0.1,
      amount: 300,
      kind: 'automatic',
      code: null,
    });
    expect(quote('2027-10-04', 1, today, 2).discount).toBeNull();
  });

  it('first match wins: Early Bird before Extended Stay before Last Minute before Bulk', () => {
    expect(quote('2027-10-04', 8, '2027-08-01', 3).discount?.name).toBe('Early Bird');
    expect(quote('2027-10-04', 8, '2027-09-20', 3).discount?.name).toBe('Extended Stay');
    expect(quote('2027-10-04', 8, '2027-10-03', 3).discount?.name).toBe('Extended Stay');
    expect(quote('2027-10-04', 2, '2027-10-03', 3).discount?.name).toBe('Last Minute');
  });

  it('a disabled discount lets the next rule match', () => {
    const s = withSettings({
      discounts: {
        ...settings.discounts,
        early_bird: { ...settings.discounts.early_bird, enabled: false },
      },
    });
    expect(quote('2027-10-04', 8, '2027-08-01', 1, s).discount?.name).toBe('Extended Stay');
  });
});

describe('tax modes', () => {
  const input = {
    units: [{ unit: A, num_guests: 3 }],
    check_in: '2027-06-10',
    check_out: '2027-06-13',
    today: '2027-06-01',
  };

  it('exclusive (default) adds VAT 12% and local tax 1%', () => {
    const q = quoteBooking({ ...input, settings });
    expect([q.vat, q.local_tax, q.total_amount]).toEqual([1217, 101, 11458]);
  });

  it('inclusive shows the tax contained in the total', () => {
    const q = quoteBooking({ ...input, settings: withSettings({ tax_mode: 'inclusive' }) });
    // 10140 × 0.12 / 1.13 = 1076.81 → 1077; 10140 × 0.01 / 1.13 = 89.73 → 90.
    expect(q.total_amount).toBe(10140);
    expect(q.vat).toBe(1077);
    expect(q.local_tax).toBe(90);
    expect(q.tax_amount).toBe(1167);
  });

  it('none charges no tax', () => {
    const q = quoteBooking({ ...input, settings: withSettings({ tax_mode: 'none' }) });
    expect([q.vat, q.local_tax, q.tax_amount, q.total_amount]).toEqual([0, 0, 0, 10140]);
  });

  it('withholding is 1% of the amount, half up', () => {
    expect(withholdingFor(11458, settings)).toBe(115);
    expect(withholdingFor(150, settings)).toBe(2);
    expect(withholdingFor(149, settings)).toBe(1);
  });
});

describe('invalid input', () => {
  it('refuses a stay that does not end after it starts', () => {
    expect(() =>
      quoteBooking({
        units: [{ unit: A, num_guests: 2 }],
        check_in: '2027-06-10',
        check_out: '2027-06-10',
        today: '2027-06-01',
        settings,
      }),
    ).toThrow(RangeError);
  });

  it('refuses an empty unit list and an impossible date', () => {
    expect(() =>
      quoteBooking({
        units: [],
        check_in: '2027-06-10',
        check_out: '2027-06-11',
        today: '2027-06-01',
        settings,
      }),
    ).toThrow(RangeError);
    expect(() => priceUnitLine(A, 2, '2027-02-30', '2027-03-02', settings)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const arbUnit = fc.record({
  unit_id: fc.uuid(),
  base_rate: fc.integer({ min: 10_000, max: 10_000_000 }).map((c) => c / 100),
  weekend_rate: fc.integer({ min: 10_000, max: 10_000_000 }).map((c) => c / 100),
  base_occupancy: fc.integer({ min: 1, max: 20 }),
  extra_person_rate: fc.integer({ min: 0, max: 5_000_000 }).map((c) => c / 100),
});
const arbLine = fc.record({ unit: arbUnit, num_guests: fc.integer({ min: 1, max: 20 }) });
const arbDate = fc.integer({ min: 0, max: 3 * 366 }).map((offset) => addDays('2026-01-01', offset));
const arbTaxMode = fc.constantFrom<PricingSettings['tax_mode']>('exclusive', 'inclusive', 'none');

const arbQuoteInput = fc.record({
  units: fc.array(arbLine, { minLength: 1, maxLength: 10 }),
  check_in: arbDate,
  nights: fc.integer({ min: 1, max: 30 }),
  daysAhead: fc.integer({ min: 0, max: 120 }),
  tax_mode: arbTaxMode,
});

function runQuote(input: {
  units: { unit: PricingUnit; num_guests: number }[];
  check_in: string;
  nights: number;
  daysAhead: number;
  tax_mode: PricingSettings['tax_mode'];
}): Quote {
  return quoteBooking({
    units: input.units,
    check_in: input.check_in,
    check_out: addDays(input.check_in, input.nights),
    today: addDays(input.check_in, -input.daysAhead),
    settings: withSettings({ tax_mode: input.tax_mode }),
  });
}

describe('pricing properties', () => {
  it('every amount is a whole peso', () => {
    fc.assert(
      fc.property(arbQuoteInput, (input) => {
        const q = runQuote(input);
        const amounts = [
          q.base_amount,
          q.total_surcharges,
          q.subtotal,
          q.discount_amount,
          q.vat,
          q.local_tax,
          q.tax_amount,
          q.total_amount,
          ...q.units.flatMap((l) => [
            l.base_total,
            l.weekend_surcharge,
            l.extra_person_fee,
            l.unit_total,
          ]),
        ];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('total = subtotal − discount + tax (exclusive); subtotal − discount otherwise', () => {
    fc.assert(
      fc.property(arbQuoteInput, (input) => {
        const q = runQuote(input);
        expect(q.tax_amount).toBe(q.vat + q.local_tax);
        if (input.tax_mode === 'exclusive') {
          expect(q.total_amount).toBe(q.subtotal - q.discount_amount + q.tax_amount);
        } else {
          expect(q.total_amount).toBe(q.subtotal - q.discount_amount);
        }
        if (input.tax_mode === 'none') expect(q.tax_amount).toBe(0);
        if (input.tax_mode === 'inclusive') {
          // The contained VAT is the total's 12/113, to the nearest peso.
          expect(Math.abs(q.vat - (q.total_amount * 0.12) / 1.13)).toBeLessThanOrEqual(0.5 + 1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('subtotal = sum of unit totals and base_amount + total_surcharges = subtotal', () => {
    fc.assert(
      fc.property(arbQuoteInput, (input) => {
        const q = runQuote(input);
        expect(q.subtotal).toBe(q.units.reduce((sum, l) => sum + l.unit_total, 0));
        expect(q.base_amount).toBe(q.units.reduce((sum, l) => sum + l.base_total, 0));
        expect(q.base_amount + q.total_surcharges).toBe(q.subtotal);
        for (const l of q.units) {
          expect(l.unit_total).toBe(l.base_total + l.weekend_surcharge + l.extra_person_fee);
        }
        expect(q.discount_amount).toBe(q.discount?.amount ?? 0);
        expect(q.discount_amount).toBeLessThanOrEqual(q.subtotal);
        if (q.discount?.name === 'Early Bird') expect(q.discount_amount).toBeLessThanOrEqual(5000);
      }),
      { numRuns: 300 },
    );
  });

  it('a longer stay never costs less than a shorter stay inside it', () => {
    fc.assert(
      fc.property(
        arbQuoteInput,
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 29 }),
        (outer, startShift, endShift) => {
          const shift = Math.min(startShift, outer.nights - 1);
          const innerNights = Math.max(1, outer.nights - shift - Math.min(endShift, outer.nights));
          const inner = {
            ...outer,
            check_in: addDays(outer.check_in, shift),
            nights: Math.min(innerNights, outer.nights - shift),
            daysAhead: outer.daysAhead + shift,
          };
          const long = runQuote(outer);
          const short = runQuote(inner);
          expect(long.subtotal).toBeGreaterThanOrEqual(short.subtotal);
          if (long.discount?.name === short.discount?.name) {
            expect(long.total_amount).toBeGreaterThanOrEqual(short.total_amount);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('issue 21: promo codes and the non-refundable rate', () => {
  // DESIGN §4 example 1: A × 3 guests, 2027-06-10 to 06-13 booked 2027-06-01, subtotal 10,140.
  const example1 = (extra: Partial<Parameters<typeof quoteBooking>[0]>) =>
    quoteBooking({
      units: [{ unit: A, num_guests: 3 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      today: '2027-06-01',
      settings,
      ...extra,
    });

  it('a 10% code on a stay with no automatic discount applies and is named', () => {
    const quote = example1({ promo: { code: 'RAINY10', kind: 'percent', value: 10 } });
    expect(quote.discount).toEqual({
      name: 'RAINY10',
      rate: 0.1,
      amount: 1014,
      kind: 'promo',
      code: 'RAINY10',
    });
    // 10,140 − 1,014 = 9,126; VAT 1,095 (1,095.12); local 91 (91.26).
    expect(quote.vat).toBe(1095);
    expect(quote.local_tax).toBe(91);
    expect(quote.total_amount).toBe(9126 + 1095 + 91);
    expect(quote.promo).toEqual({
      code: 'RAINY10',
      applied: true,
      saving: 1014,
      message: 'RAINY10 applied',
    });
  });

  it('a fixed-amount code takes its pesos off, with no rate', () => {
    const quote = example1({ promo: { code: 'WELCOME500', kind: 'amount', value: 500 } });
    expect(quote.discount).toMatchObject({ amount: 500, rate: null, kind: 'promo' });
    expect(quote.total_amount).toBe(9640 + 1157 + 96);
  });

  it('the larger discount applies: Early Bird (capped 5,000) beats a 10% code; 20% beats 15% uncapped', () => {
    const dec = (promo: { code: string; kind: 'percent'; value: number }) =>
      quoteBooking({
        units: [{ unit: B, num_guests: 2 }],
        check_in: '2027-12-30',
        check_out: '2028-01-04',
        today: '2027-10-01',
        settings,
        promo,
      });
    const ten = dec({ code: 'TEN', kind: 'percent', value: 10 });
    expect(ten.discount).toMatchObject({ name: 'Early Bird', amount: 5000, kind: 'automatic' });
    expect(ten.promo).toMatchObject({ code: 'TEN', applied: false, saving: 4450 });
    const twenty = dec({ code: 'TWENTY', kind: 'percent', value: 20 });
    expect(twenty.discount).toMatchObject({ name: 'TWENTY', amount: 8900, kind: 'promo' });
    expect(twenty.total_amount).toBe(35600 + 4272 + 356);
  });

  it('the non-refundable rate is the percent off every component before rounding', () => {
    const flexible = example1({});
    const nonRefundable = example1({
      rate_plan: 'non_refundable',
      settings: { ...settings, non_refundable: { enabled: true, percent: 10 } },
    });
    expect(nonRefundable.units[0]).toMatchObject({
      base_total: 6480,
      weekend_surcharge: 1296,
      extra_person_fee: 1350,
      unit_total: 9126,
    });
    expect(nonRefundable.rate_plan).toBe('non_refundable');
    expect(nonRefundable.rate_plan_saving).toBe(flexible.subtotal - 9126);
    expect(() => example1({ rate_plan: 'non_refundable' })).toThrow(RangeError);
  });
});
