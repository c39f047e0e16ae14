import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let staff: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  // Noon in Manila on 2036-05-15: "today" is the resort's date (DESIGN §3).
  t.app.deps.clock.now = () => new Date('2036-05-15T04:00:00Z');
});
afterAll(() => t.close());

describe(`GET /api/dashboard (${process.env.TEST_DB})`, () => {
  it('answers the cards from aggregates, with trends, and today’s arrivals and departures', async () => {
    const villa = await createUnit(t.database, { unit_name: 'Dashboard Villa' });
    const hut = await createUnit(t.database, { unit_name: 'Dashboard Hut' });
    const stay = (
      unitId: string,
      check_in: string,
      check_out: string,
      total: number,
      overrides = {},
    ) =>
      createBooking(
        t.database,
        unitId,
        { check_in, check_out },
        { total_amount: total, ...overrides },
      );
    await stay(villa.unit_id, '2036-04-28', '2036-05-03', 10000, { booking_status: 'CheckedOut' });
    const arriving = await stay(hut.unit_id, '2036-05-15', '2036-05-18', 6000, {
      booking_status: 'Confirmed',
      guest_name: 'Ana Arriving',
    });
    const leaving = await stay(villa.unit_id, '2036-05-13', '2036-05-15', 4000, {
      booking_status: 'CheckedIn',
      guest_name: 'Ben Leaving',
    });
    await stay(hut.unit_id, '2036-05-20', '2036-05-22', 9999, { booking_status: 'Cancelled' });
    await stay(villa.unit_id, '2036-05-30', '2036-06-02', 8000);
    const overnight = await stay(hut.unit_id, '2036-05-14', '2036-05-15', 1000, {
      booking_status: 'CheckedIn',
      guest_name: 'Cora Overnight',
    });
    await t.database.query(
      `INSERT INTO payments (booking_id, payment_amount, payment_method, payment_status, created_at)
       VALUES ($1, 1000, 'GCash', 'Pending', now()),
              ($1, 500, 'GCash', 'Pending', now() - interval '30 hours'),
              ($1, 700, 'Cash', 'Completed', now())`,
      [arriving.booking_id],
    );

    const queries: string[] = [];
    const original = t.database.query.bind(t.database);
    t.database.query = (async (text: string, params?: unknown[]) => {
      queries.push(text);
      return original(text, params);
    }) as typeof t.database.query;
    let response;
    try {
      response = await staff.inject({ method: 'GET', url: '/api/dashboard' });
    } finally {
      t.database.query = original;
    }
    expect(response.statusCode, response.body).toBe(200);
    // One query checks the session, user and role (issue 9); the figures take two aggregates.
    const sessionCheck = (text: string) => /FROM sessions s/.test(text);
    expect(queries.filter(sessionCheck)).toHaveLength(1);
    expect(queries.filter((text) => !sessionCheck(text))).toHaveLength(2);
    const data = response.json().data;
    expect(data).toMatchObject({
      month: '2036-05',
      previous_month: '2036-04',
      today: '2036-05-15',
    });
    expect(data.cards).toEqual({
      // 10 of 2 × 31 cabin-nights in May; 3 of 2 × 30 in April.
      occupancy: {
        value: 16.1,
        booked_nights: 10,
        available_nights: 62,
        previous: 5,
        change_percent: 222,
      },
      revenue: { value: 19000, bookings: 4, previous: 10000, change_percent: 90 },
      arrivals_today: { value: 1, previous: 1, change_percent: 0 },
      departures_today: { value: 2, previous: 0, change_percent: null },
      payments_awaiting: { value: 2, over_24_hours: 1 },
    });
    expect(data.arrivals).toEqual([
      expect.objectContaining({
        booking_id: arriving.booking_id,
        guest_name: 'Ana Arriving',
        unit_names: 'Dashboard Hut',
      }),
    ]);
    expect(data.departures.map((b: { booking_id: string }) => b.booking_id)).toEqual([
      leaving.booking_id,
      overnight.booking_id,
    ]);

    const april = await staff.inject({ method: 'GET', url: '/api/dashboard?month=2036-04' });
    expect(april.json().data.cards.occupancy).toEqual({
      value: 5,
      booked_nights: 3,
      available_nights: 60,
      previous: 0,
      change_percent: null,
    });
    expect(april.json().data.cards.revenue).toMatchObject({
      value: 10000,
      previous: 0,
      change_percent: null,
    });
  });

  it('refuses a malformed month and anonymous callers', async () => {
    const bad = await staff.inject({ method: 'GET', url: '/api/dashboard?month=2036-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select a valid month');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
