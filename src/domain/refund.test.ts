import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { refundFor, refundPercent } from './refund';

const checkIn = '2027-12-30';
const cancelledDaysBefore = (days: number, paid = 10_000) =>
  refundFor({ paid_amount: paid, check_in: checkIn, cancelled_on: addDays(checkIn, -days) });

describe('refundFor (SPEC §9)', () => {
  it.each([
    [60, 90, 9000],
    [30, 90, 9000],
    [29, 50, 5000],
    [15, 50, 5000],
    [14, 25, 2500],
    [7, 25, 2500],
    [6, 0, 0],
    [0, 0, 0],
    [-1, 0, 0],
  ])('cancelled %i days before check-in refunds %i%% (%i pesos)', (days, percent, amount) => {
    expect(cancelledDaysBefore(days)).toEqual({ percent, amount, days_before: days });
  });

  it('counts calendar days across a month and a year end', () => {
    expect(
      refundFor({ paid_amount: 1000, check_in: '2028-01-14', cancelled_on: '2027-12-15' }),
    ).toEqual({ percent: 90, amount: 900, days_before: 30 });
  });

  it('a no-show forfeits everything', () => {
    expect(
      refundFor({ paid_amount: 10_000, check_in: checkIn, cancelled_on: checkIn, no_show: true }),
    ).toEqual({ percent: 0, amount: 0, days_before: 0 });
    expect(
      refundFor({
        paid_amount: 10_000,
        check_in: checkIn,
        cancelled_on: addDays(checkIn, -40),
        no_show: true,
      }).amount,
    ).toBe(0);
  });

  it('rounds to whole pesos, half up, without float error', () => {
    // 90% of 1,234.56 = 1,111.104 → 1,111; 25% of 4,410 = 1,102.5 → 1,103.
    expect(cancelledDaysBefore(30, 1234.56).amount).toBe(1111);
    expect(cancelledDaysBefore(7, 4410).amount).toBe(1103);
    // 50% of 0.1 + 0.2 style amounts stays exact: 50% of 333.33 = 166.665 → 167.
    expect(cancelledDaysBefore(20, 333.33).amount).toBe(167);
  });

  it('nothing paid, nothing refunded', () => {
    expect(cancelledDaysBefore(45, 0).amount).toBe(0);
  });

  it('refundPercent boundaries', () => {
    expect([30, 29, 15, 14, 7, 6].map(refundPercent)).toEqual([90, 50, 50, 25, 25, 0]);
  });
});
