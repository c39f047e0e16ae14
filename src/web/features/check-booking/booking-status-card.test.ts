import { describe, expect, it } from 'vitest';
import { statusMessage } from './booking-status-card';

describe('statusMessage (SPEC §2)', () => {
  it('says the payment is being verified while the proof awaits staff', () => {
    expect(
      statusMessage({ booking_status: 'Pending', payment_status: 'Pending verification' })?.text,
    ).toBe(
      'Your payment is being verified. You will receive a confirmation email once the payment is confirmed.',
    );
  });

  it('welcomes a confirmed booking', () => {
    expect(statusMessage({ booking_status: 'Confirmed', payment_status: 'Paid' })?.text).toBe(
      'Your booking is confirmed! We look forward to welcoming you.',
    );
  });

  it('does not tell a cancelled booking that its payment is being verified', () => {
    expect(
      statusMessage({ booking_status: 'Cancelled', payment_status: 'Pending verification' })?.text,
    ).toMatch(/cancelled/);
  });
});
