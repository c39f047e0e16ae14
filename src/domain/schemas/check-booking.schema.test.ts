import { describe, expect, it } from 'vitest';
import { checkBookingSchema } from './check-booking.schema';
import { issuesOf } from './test-helpers';

describe('checkBookingSchema (SPEC §5 check booking)', () => {
  it('upper-cases the reference and lower-cases the e-mail', () => {
    expect(
      checkBookingSchema.parse({ booking_reference: ' bk-2027-ab2c ', email: 'Ana@Example.com' }),
    ).toEqual({ booking_reference: 'BK-2027-AB2C', email: 'ana@example.com' });
  });

  it.each([
    ['booking_reference', '', 'Booking reference is required'],
    ['booking_reference', '   ', 'Booking reference is required'],
    ['booking_reference', undefined, 'Booking reference is required'],
    ['email', 'ana', 'Valid email is required'],
    ['email', undefined, 'Valid email is required'],
  ])('%s = %j → "%s"', (field, value, message) => {
    const input = { booking_reference: 'BK-2027-AB2C', email: 'ana@example.com', [field]: value };
    expect(issuesOf(checkBookingSchema, input)[field]).toEqual([message]);
  });
});
