import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, cancellationRefund, refundIssue } from './folio-refund';

const checkIn = '2027-06-30';

describe('cancellationRefund', () => {
  const paidDeposit = { charges_total: 11458, paid_total: 5729 };

  it.each([
    ['2027-05-31', 30, 90, 5156],
    ['2027-06-10', 20, 50, 2865], // 5729 × 50% = 2864.5 → 2865 (half up)
    ['2027-06-15', 15, 50, 2865],
    ['2027-06-16', 14, 25, 1432], // 1432.25 → 1432
    ['2027-06-23', 7, 25, 1432],
    ['2027-06-24', 6, 0, 0],
    ['2027-07-01', -1, 0, 0],
  ])('cancelled on %s (%i days before): %i%% of what was paid', (on, days, percent, amount) => {
    expect(cancellationRefund(paidDeposit, checkIn, on)).toEqual({
      percent,
      days_before: days,
      refund_amount: amount,
      kept_amount: 5729 - amount,
    });
  });

  it('a no-show forfeits what was paid', () => {
    expect(cancellationRefund(paidDeposit, checkIn, '2027-05-01', true)).toMatchObject({
      percent: 0,
      refund_amount: 0,
      kept_amount: 5729,
    });
  });

  it('applies to what is held: payments less refunds already made', () => {
    expect(
      cancellationRefund({ charges_total: 10000, paid_total: 3000.5 }, checkIn, '2027-06-10'),
    ).toMatchObject({ refund_amount: 1500, kept_amount: 1500.5 }); // 1500.25 → 1500
  });

  it('gives an overpayment back in full, beside the rule on the stay', () => {
    // Paid 12,000 on 11,458: 542 is a credit; the rule takes 50% of 11,458 = 5729.
    expect(
      cancellationRefund({ charges_total: 11458, paid_total: 12000 }, checkIn, '2027-06-10'),
    ).toMatchObject({ refund_amount: 5729 + 542, kept_amount: 5729 });
    expect(
      cancellationRefund({ charges_total: 11458, paid_total: 12000 }, checkIn, '2027-06-29', true),
    ).toMatchObject({ refund_amount: 542, kept_amount: 11458 });
  });

  it('issue 21: a non-refundable stay refunds 0% of the stay, however early, but an overpayment', () => {
    expect(
      cancellationRefund(
        { charges_total: 11458, paid_total: 12000 },
        checkIn,
        '2027-04-01',
        false,
        'non_refundable',
      ),
    ).toMatchObject({ percent: 0, refund_amount: 542, kept_amount: 11458 });
  });

  it('never refunds more than was paid, nor anything when nothing is held', () => {
    expect(
      cancellationRefund({ charges_total: 11458, paid_total: 0 }, checkIn, '2027-05-01'),
    ).toMatchObject({ refund_amount: 0, kept_amount: 0 });
    expect(
      cancellationRefund({ charges_total: 11458, paid_total: -100 }, checkIn, '2027-05-01'),
    ).toMatchObject({ refund_amount: 0, kept_amount: 0 });
    expect(
      cancellationRefund({ charges_total: 0, paid_total: 0.01 }, checkIn, '2027-05-01'),
    ).toMatchObject({ refund_amount: 0.01, kept_amount: 0 });
  });
});

describe('refundIssue', () => {
  it('allows a refund up to what is held', () => {
    expect(refundIssue(5729, { paid_total: 5729 })).toBeNull();
    expect(refundIssue(0.01, { paid_total: 5729 })).toBeNull();
  });

  it('refuses more than is held, nothing, and any refund when nothing is held', () => {
    expect(refundIssue(5729.01, { paid_total: 5729 })).toBe(REFUND_MESSAGES.tooLarge(5729));
    expect(REFUND_MESSAGES.tooLarge(5729)).toBe('The refund cannot exceed ₱5,729.00.');
    expect(refundIssue(0, { paid_total: 5729 })).toBe(REFUND_MESSAGES.notPositive);
    expect(refundIssue(-1, { paid_total: 5729 })).toBe(REFUND_MESSAGES.notPositive);
    expect(refundIssue(100, { paid_total: 0 })).toBe(REFUND_MESSAGES.nothingToRefund);
  });
});
