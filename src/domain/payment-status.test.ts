import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from './constants';
import { balanceDue, deriveBookingPaymentStatus, netPaid } from './payment-status';

const pay = (payment_amount: number, payment_status: PaymentStatus) => ({
  payment_amount,
  payment_status,
});

describe('deriveBookingPaymentStatus (DESIGN §3)', () => {
  it('Unpaid with no payments, or only failed ones', () => {
    expect(deriveBookingPaymentStatus({ total_amount: 5000, payments: [] })).toBe('Unpaid');
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(5000, 'Failed')] }),
    ).toBe('Unpaid');
  });

  it('Pending while a proof awaits verification and nothing is verified', () => {
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(5000, 'Pending')] }),
    ).toBe('Pending');
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(5000, 'Failed'), pay(5000, 'Pending')],
      }),
    ).toBe('Pending');
  });

  it('Partial when 0 < verified < total, even with another proof pending', () => {
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(2000, 'Completed')] }),
    ).toBe('Partial');
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(2000, 'Completed'), pay(3000, 'Pending')],
      }),
    ).toBe('Partial');
  });

  it('Paid when verified ≥ total, exactly in centavos', () => {
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(5000, 'Completed')] }),
    ).toBe('Paid');
    expect(
      deriveBookingPaymentStatus({
        total_amount: 0.3,
        payments: [pay(0.1, 'Completed'), pay(0.2, 'Completed')],
      }),
    ).toBe('Paid');
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(4999.99, 'Completed')],
      }),
    ).toBe('Partial');
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(6000, 'Completed')] }),
    ).toBe('Paid');
  });

  it('Refunded when refunds cover everything paid and nothing is pending', () => {
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(5000, 'Completed'), pay(5000, 'Refunded')],
      }),
    ).toBe('Refunded');
    expect(
      deriveBookingPaymentStatus({ total_amount: 5000, payments: [pay(5000, 'Refunded')] }),
    ).toBe('Refunded');
  });

  it('a partial refund of an active booking leaves the net verified sum', () => {
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(5000, 'Completed'), pay(1000, 'Refunded')],
      }),
    ).toBe('Partial');
  });

  it('a partial refund of a cancelled booking reads Refunded', () => {
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        booking_status: 'Cancelled',
        payments: [pay(5000, 'Completed'), pay(4500, 'Refunded')],
      }),
    ).toBe('Refunded');
    // Cancelled with no refund (under 7 days): the money was kept, so it still reads Paid.
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        booking_status: 'Cancelled',
        payments: [pay(5000, 'Completed')],
      }),
    ).toBe('Paid');
  });

  it('a refund with a new proof pending reads Pending', () => {
    expect(
      deriveBookingPaymentStatus({
        total_amount: 5000,
        payments: [pay(5000, 'Completed'), pay(5000, 'Refunded'), pay(5000, 'Pending')],
      }),
    ).toBe('Pending');
  });
});

describe('netPaid and balanceDue', () => {
  it('adds Completed, takes off Refunded, ignores Pending and Failed, to the centavo', () => {
    const rows = [
      { payment_amount: 0.1, payment_status: 'Completed' },
      { payment_amount: 0.2, payment_status: 'Completed' },
      { payment_amount: 0.05, payment_status: 'Refunded' },
      { payment_amount: 999, payment_status: 'Pending' },
      { payment_amount: 999, payment_status: 'Failed' },
    ];
    expect(netPaid(rows)).toBe(0.25);
  });

  it('is the total less what was paid, exactly, and never below zero', () => {
    expect(balanceDue(11458.3, 0.1)).toBe(11458.2);
    expect(balanceDue(0.3, 0.1)).toBe(0.2);
    expect(balanceDue(1000, 1000)).toBe(0);
    expect(balanceDue(1000, 1200)).toBe(0);
  });
});
