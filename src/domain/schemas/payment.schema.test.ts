import { describe, expect, it } from 'vitest';
import { paymentSchema, paymentUpdateSchema } from './payment.schema';
import { BOOKING_ID, issuesOf } from './test-helpers';

const valid = {
  booking_id: BOOKING_ID,
  payment_amount: 1500,
  payment_method: 'GCash',
  payment_proof: 'payment-proofs/c56a4180/1718000000000-receipt.jpg',
  notes: 'Ref 1234',
};

describe('paymentSchema (SPEC §5 payment form)', () => {
  it('accepts a valid payment', () => {
    expect(paymentSchema.parse(valid)).toMatchObject({ payment_amount: 1500, notes: 'Ref 1234' });
    expect(paymentSchema.safeParse({ ...valid, payment_amount: 100 }).success).toBe(true);
    expect(paymentSchema.safeParse({ ...valid, payment_amount: 1_000_000 }).success).toBe(true);
    expect(paymentSchema.safeParse({ ...valid, payment_amount: 1500.25 }).success).toBe(true);
  });

  it.each([
    ['payment_amount', 'abc', 'Please enter a valid amount (e.g., 1500.00)'],
    ['payment_amount', 1500.123, 'Please enter a valid amount (e.g., 1500.00)'],
    ['payment_amount', 99.99, 'Amount must be at least ₱100.00'],
    ['payment_amount', 1_000_000.01, 'Amount cannot exceed ₱1,000,000.00'],
    ['payment_amount', -5, 'Must be a positive number'],
    ['payment_amount', 0, 'Must be a positive number'],
    ['payment_method', undefined, 'Please select a payment method'],
    ['payment_method', 'Bitcoin', 'Please select a payment method'],
    ['payment_proof', '', 'Payment proof is required'],
    ['payment_proof', undefined, 'Payment proof is required'],
    ['payment_proof', 'javascript:alert(1)', 'Please enter a valid URL'],
    ['notes', 'x'.repeat(301), 'Must be 300 characters or less'],
    ['booking_id', undefined, 'Please select a booking'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(paymentSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });
});

describe('paymentUpdateSchema', () => {
  it('accepts any subset with the same amount rules', () => {
    expect(paymentUpdateSchema.parse({ notes: null })).toEqual({ notes: null });
    expect(issuesOf(paymentUpdateSchema, { payment_amount: 50 })).toEqual({
      payment_amount: ['Amount must be at least ₱100.00'],
    });
  });
});
