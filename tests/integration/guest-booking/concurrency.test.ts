import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { count, guestBookingBody, pinClock } from './guest-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-01-04T02:00:00Z');
});
afterAll(() => t.close());

describe(`50 guests racing for the same nights (${process.env.TEST_DB})`, () => {
  it('books exactly one and answers the other 49 with a clear 409', async () => {
    const cabin = await createUnit(t.database, { unit_name: 'Sunset Beachfront Cabin' });
    const guestsBefore = await count(t, 'guests');

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/guest-booking',
          // Each a different guest, so a failure that left its new guest behind would show.
          payload: guestBookingBody(cabin.unit_id, {
            email: `racer.${i}@example.ph`,
            check_in: '2027-01-05',
            check_out: '2027-01-08',
          }),
        }),
      ),
    );

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({
        message:
          'Sunset Beachfront Cabin is not available from Jan 05, 2027 to Jan 08, 2027. Please choose other dates.',
      });
    }

    expect(await count(t, 'bookings')).toBe(1);
    expect(await count(t, 'booking_units WHERE unit_id = $1', [cabin.unit_id])).toBe(1);
    // Nothing half-written: no booking without its line, no guest without a booking.
    expect(
      await count(
        t,
        'bookings b WHERE NOT EXISTS (SELECT 1 FROM booking_units bu WHERE bu.booking_id = b.booking_id)',
      ),
    ).toBe(0);
    expect(await count(t, 'bookings WHERE guest_id IS NULL')).toBe(0);
    expect(await count(t, 'guests')).toBe(guestsBefore + 1);
    expect(
      await count(
        t,
        'guests g WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.guest_id = g.guest_id)',
      ),
    ).toBe(0);
  });
});
