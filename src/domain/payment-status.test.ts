import { describe, expect, it } from 'vitest';
import { balanceDue, netPaid } from './payment-status';

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
