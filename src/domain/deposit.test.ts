import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEPOSIT_SETTINGS,
  depositFor,
  depositSettingsSchema,
  firstNightTotal,
} from './deposit';
import type { DepositInput, DepositSettings } from './deposit';
import { DESIGN_EXAMPLES } from './folio-test-helpers';
import { quoteBooking } from './pricing';

function plan(settings: Partial<DepositSettings>, patch: Partial<DepositInput> = {}) {
  return depositFor({
    settings: { ...DEFAULT_DEPOSIT_SETTINGS, ...settings },
    stay_total: 11458,
    first_night_total: 3820,
    check_in: '2027-06-10',
    today: '2027-06-01',
    ...patch,
  });
}

describe('deposit settings', () => {
  it('default to 50% now and the balance at check-in', () => {
    expect(depositSettingsSchema.parse(DEFAULT_DEPOSIT_SETTINGS)).toEqual({
      mode: 'percent',
      percent: 50,
      balance_due_days_before_arrival: 0,
    });
  });

  it('refuse a percent outside 1 to 100, a fraction, or negative days', () => {
    for (const bad of [
      { percent: 0 },
      { percent: 101 },
      { percent: 33.3 },
      { balance_due_days_before_arrival: -1 },
      { balance_due_days_before_arrival: 366 },
      { mode: 'half' },
    ]) {
      expect(depositSettingsSchema.safeParse({ ...DEFAULT_DEPOSIT_SETTINGS, ...bad }).success).toBe(
        false,
      );
    }
  });
});

describe('depositFor', () => {
  it('50% of the total, the balance due at check-in', () => {
    expect(plan({})).toEqual({
      deposit_amount: 5729,
      balance_amount: 5729,
      balance_due_date: '2027-06-10',
    });
  });

  it('rounds a share of the total up to the whole peso', () => {
    expect(plan({}, { stay_total: 11457 })).toMatchObject({
      deposit_amount: 5729,
      balance_amount: 5728,
    });
    expect(plan({ percent: 30 }, { stay_total: 1000.01 })).toMatchObject({
      deposit_amount: 301,
      balance_amount: 699.01,
    });
    expect(plan({ percent: 100 }, { stay_total: 999.5 })).toMatchObject({
      deposit_amount: 999.5,
      balance_amount: 0,
    });
  });

  it('takes the first night, or the full amount', () => {
    expect(plan({ mode: 'first_night' })).toMatchObject({
      deposit_amount: 3820,
      balance_amount: 7638,
    });
    expect(plan({ mode: 'full' })).toMatchObject({ deposit_amount: 11458, balance_amount: 0 });
  });

  it('never asks more than the total', () => {
    expect(plan({ mode: 'first_night' }, { first_night_total: 20000 })).toMatchObject({
      deposit_amount: 11458,
      balance_amount: 0,
    });
  });

  it('puts the balance N days before arrival', () => {
    expect(plan({ balance_due_days_before_arrival: 7 }).balance_due_date).toBe('2027-06-03');
  });

  it('asks the whole total now when the balance would be due on the day of booking or before', () => {
    expect(plan({ balance_due_days_before_arrival: 9 })).toEqual({
      deposit_amount: 11458,
      balance_amount: 0,
      balance_due_date: '2027-06-01',
    });
    expect(plan({ balance_due_days_before_arrival: 30 }).deposit_amount).toBe(11458);
    // At check-in (0 days) a booking for today still pays the balance on arrival.
    expect(plan({}, { today: '2027-06-10' }).deposit_amount).toBe(5729);
  });
});

describe('firstNightTotal', () => {
  it('is the whole total for a one-night stay', () => {
    const input = { ...DESIGN_EXAMPLES[0]!.input, check_out: '2027-06-11' };
    const quote = quoteBooking(input);
    expect(firstNightTotal(input, quote)).toBe(quote.total_amount);
  });

  it('carries its share of the discount and taxes (DESIGN §4 cases)', () => {
    // Case 1: Thursday 2027-06-10 costs 2400 (Low Season ×0.8) + 500 (third guest) = 2900 of the
    // 10140 subtotal → 11458 × 2900 / 10140 = 3276.98 → 3277.
    const [first, second] = DESIGN_EXAMPLES;
    expect(firstNightTotal(first!.input, quoteBooking(first!.input))).toBe(3277);
    // Case 2: 2027-12-30 (Thursday, Christmas ×2) = 9000 of 44500 → 44635 × 9000 / 44500
    // = 9027.3 → 9028.
    expect(firstNightTotal(second!.input, quoteBooking(second!.input))).toBe(9028);
  });
});
