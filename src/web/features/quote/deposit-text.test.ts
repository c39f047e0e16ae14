import { describe, expect, it } from 'vitest';
import { balanceDueText, depositSentence, isFullPayment } from './deposit-text';

describe('depositSentence', () => {
  it('says the deposit now and the balance with its due date', () => {
    const plan = { deposit_amount: 5650, balance_amount: 5649, balance_due_date: '2027-03-05' };
    expect(depositSentence(plan)).toBe(
      'Deposit ₱5,650.00 now, balance ₱5,649.00 due on Mar 05, 2027',
    );
    expect(balanceDueText(plan)).toBe('Balance ₱5,649.00 due on Mar 05, 2027');
    expect(isFullPayment(plan)).toBe(false);
  });

  it('asks for the full amount when no balance is left', () => {
    const plan = { deposit_amount: 11299, balance_amount: 0, balance_due_date: '2027-01-10' };
    expect(depositSentence(plan)).toBe('Pay ₱11,299.00 now (the full amount)');
    expect(isFullPayment(plan)).toBe(true);
  });

  it('shows centavos as the server sends them', () => {
    const plan = {
      deposit_amount: 1000.5,
      balance_amount: 1000.25,
      balance_due_date: '2027-12-31',
    };
    expect(depositSentence(plan)).toBe(
      'Deposit ₱1,000.50 now, balance ₱1,000.25 due on Dec 31, 2027',
    );
  });
});
