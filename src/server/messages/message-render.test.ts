import { describe, expect, it } from 'vitest';
import { paymentSummary, refundExplanation, type MessageFacts } from './message-render';

/** Issue 18: the sentences the default templates keep from today's mails, worked out at send time. */

const stay: MessageFacts = {
  booking_id: '00000000-0000-4000-8000-000000000000',
  booking_reference: 'ABC12345',
  guest_name: 'Ana Reyes',
  email: 'ana@example.ph',
  check_in: '2027-07-31',
  check_out: '2027-08-02',
  cabins: 'Coral Cabin (Deluxe)',
  total: 10000,
  paid: 0,
  balance: 10000,
  deposit: 5000,
  balance_due_date: '2027-07-31',
  refund: 0,
  cancellation_reason: null,
  cancelled_on: null,
};

describe('payment summary', () => {
  it('names a verified payment only when there is one, and what is still due', () => {
    expect(paymentSummary({ paid: 4000, balance: 6000 })).toBe(
      'We have verified your payment of ₱4,000.00. A balance of ₱6,000.00 is still due.',
    );
    expect(paymentSummary({ paid: 10000, balance: 0 })).toBe(
      'We have verified your payment of ₱10,000.00. Nothing is due.',
    );
    expect(paymentSummary({ paid: 0, balance: 17798 })).toBe(
      'We have not received a verified payment yet: ₱17,798.00 is still due.',
    );
  });
});

describe('refund explanation', () => {
  const cancelled = (facts: Partial<MessageFacts>) =>
    refundExplanation({ ...stay, cancellation_reason: 'Typhoon', ...facts });

  it('is empty for a booking that is not cancelled', () => {
    expect(refundExplanation(stay)).toBe('');
  });

  it('finds the rule that gave the refund from the folio and the dates', () => {
    // 31 days before check-in: 90% of the ₱10,000.00 paid; the folio holds the ₱1,000.00 kept.
    expect(cancelled({ cancelled_on: '2027-06-30', paid: 1000, refund: 9000 })).toBe(
      'We will refund ₱9,000.00: 90% of the ₱10,000.00 you paid, as the booking was cancelled 31 days before check-in.',
    );
  });

  it('tells a no-show, a late cancellation and an unpaid booking apart', () => {
    // 20 days ahead the rule refunds 50%: nothing refunded means the no-show forfeit.
    expect(cancelled({ cancelled_on: '2027-07-11', paid: 10000, refund: 0 })).toBe(
      'No refund is due: a no-show forfeits the ₱10,000.00 paid.',
    );
    expect(cancelled({ cancelled_on: '2027-07-28', paid: 10000, refund: 0 })).toBe(
      'No refund is due: the booking was cancelled less than 7 days before check-in, so the ₱10,000.00 paid is kept under our cancellation policy.',
    );
    expect(cancelled({ cancelled_on: '2027-07-31', paid: 10000, refund: 0 })).toBe(
      'No refund is due: a no-show forfeits the ₱10,000.00 paid.',
    );
    expect(cancelled({ cancelled_on: '2027-07-28' })).toBe(
      'No payment had been received for this booking, so there is nothing to refund.',
    );
  });

  it('states the amounts alone when no rule gives the refund recorded', () => {
    expect(cancelled({ cancelled_on: '2027-06-30', paid: 7000, refund: 3000 })).toBe(
      'We will refund ₱3,000.00 of the ₱10,000.00 you paid.',
    );
  });
});
