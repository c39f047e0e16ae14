import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES_SETTINGS, type MessageKind } from '../../domain/messages-catalog';
import { DEFAULT_PAYMENT_INSTRUCTIONS } from '../../domain/settings-defaults';
import { DEFAULT_GENERAL_SETTINGS } from '../../domain/settings';
import {
  paymentSummary,
  placeholderValues,
  refundExplanation,
  renderMessage,
  type MessageFacts,
  NON_REFUNDABLE_TERMS,
  stayTerms,
} from './message-render';

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
  promo_code: null,
  promo_saving: 0,
  rate_plan: 'flexible',
};

describe('stay terms (issue 21)', () => {
  it('names an applied promo code and its saving, and the non-refundable terms', () => {
    expect(stayTerms(stay)).toBe('');
    expect(stayTerms({ ...stay, promo_code: 'RAINY10', promo_saving: 1000 })).toBe(
      'Promo code RAINY10 applied: you save ₱1,000.00.',
    );
    expect(stayTerms({ ...stay, rate_plan: 'non_refundable' })).toBe(NON_REFUNDABLE_TERMS);
    expect(NON_REFUNDABLE_TERMS).toBe('Non-refundable rate: no refund on cancellation.');
  });

  it('a cancelled non-refundable booking keeps what was paid for the stay', () => {
    expect(
      refundExplanation({
        ...stay,
        paid: 10000,
        cancellation_reason: 'Change of plans',
        cancelled_on: '2027-06-01',
        rate_plan: 'non_refundable',
      }),
    ).toBe(
      'No refund is due: the booking was made at the non-refundable rate, so the ₱10,000.00 paid is kept.',
    );
  });
});

describe('payment summary', () => {
  it('names a verified payment only when there is one, and what is due and when', () => {
    const due = { balance_due_date: '2027-07-24', check_in: '2027-07-31' };
    expect(paymentSummary({ ...due, paid: 4000, balance: 6000 })).toBe(
      'We have verified your payment of ₱4,000.00. A balance of ₱6,000.00 is due on Jul 24, 2027.',
    );
    expect(paymentSummary({ ...due, paid: 10000, balance: 0 })).toBe(
      'We have verified your payment of ₱10,000.00. Your stay is paid in full.',
    );
    expect(paymentSummary({ ...due, paid: 0, balance: 17798, balance_due_date: null })).toBe(
      'We have not received a verified payment yet: ₱17,798.00 is due on Jul 31, 2027.',
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

describe('default templates', () => {
  const settings = {
    general: DEFAULT_GENERAL_SETTINGS,
    paymentInstructions: DEFAULT_PAYMENT_INSTRUCTIONS,
    messages: DEFAULT_MESSAGES_SETTINGS,
    publicUrl: 'https://r.ph',
  };
  const guest: MessageFacts = {
    ...stay,
    booking_reference: 'BK-2027-AB3D',
    guest_name: 'Ana <img src=x onerror=alert(1)>',
    check_in: '2027-01-05',
    check_out: '2027-01-08',
    total: 11458,
    paid: 5000,
    balance: 6458,
    deposit: 5729,
    balance_due_date: '2027-01-05',
  };
  const render = (kind: MessageKind, facts: MessageFacts = guest) =>
    renderMessage(
      DEFAULT_MESSAGES_SETTINGS.kinds[kind],
      placeholderValues(facts, settings),
      DEFAULT_GENERAL_SETTINGS,
    );

  it('tell the guest what SPEC §1 promises, with dates and pesos as SPEC §9 writes them', () => {
    const mail = render('booking_received');
    expect(mail.subject).toBe('Booking received: BK-2027-AB3D');
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('Jan 05, 2027');
      expect(text).toContain('Jan 08, 2027');
      expect(text).toContain('3 nights');
      expect(text).toContain('₱11,458.00');
      expect(text).toContain('within 24 hours on business days');
      expect(text).toContain('8:00 AM to 8:00 PM Philippine time every day');
      expect(text).toContain('in writing');
      expect(text).toContain('https://r.ph/check-booking?ref=BK-2027-AB3D');
      // Issue 17: what is paid now and later, and how to pay with the reference.
      expect(text).toContain('Deposit ₱5,729.00 now, balance ₱5,729.00 due on Jan 05, 2027.');
      expect(text).toContain(
        'Write your booking reference BK-2027-AB3D in the payment note, so we can match your payment.',
      );
    }
  });

  it('escape every value in HTML', () => {
    for (const kind of ['booking_received', 'booking_confirmed', 'cancellation'] as const) {
      const mail = render(kind);
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('write the written confirmation with the verified payment and any balance due', () => {
    const mail = render('booking_confirmed');
    expect(mail.subject).toBe('Booking confirmed: BK-2027-AB3D');
    expect(mail.text).toContain('We have verified your payment of ₱5,000.00.');
    expect(mail.text).toContain('Balance due: ₱6,458.00');
    const unpaid = render('booking_confirmed', { ...guest, paid: 0, balance: 11458 });
    expect(unpaid.text).not.toContain('verified your payment');
    expect(unpaid.text).toContain('We have not received a verified payment yet: ₱11,458.00');
  });
});
