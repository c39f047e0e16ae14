import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function calendar(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/public/calendar${query}` });
}

describe(`GET /api/public/calendar (${process.env.TEST_DB})`, () => {
  it('lists each Available cabin’s taken and blocked nights in the range, and no guest data', async () => {
    const cabin = await createUnit(t.database, {
      unit_name: 'Coral Cabin',
      unit_type: 'Suite',
      max_occupancy: 4,
      base_rate: 4500,
      weekend_rate: 5000,
    });
    const empty = await createUnit(t.database, { unit_name: 'Driftwood Cabin' });
    const closed = await createUnit(t.database, {
      unit_name: 'Zz Closed',
      unit_status: 'Maintenance',
    });
    // Starts before the range: only its nights inside it show.
    await createBooking(
      t.database,
      cabin.unit_id,
      { check_in: '2027-02-27', check_out: '2027-03-02' },
      {
        guest_name: 'Secret Guest',
        email: 'secret.guest@example.ph',
      },
    );
    // Back to back with the next: check-out day is not a taken night.
    await createBooking(t.database, cabin.unit_id, {
      check_in: '2027-03-10',
      check_out: '2027-03-12',
    });
    await createBooking(t.database, cabin.unit_id, {
      check_in: '2027-03-12',
      check_out: '2027-03-13',
    });
    // Cancelled stays free their nights.
    await createBooking(
      t.database,
      cabin.unit_id,
      { check_in: '2027-03-20', check_out: '2027-03-22' },
      { booking_status: 'Cancelled' },
    );
    // Ends after the range.
    await createBooking(t.database, cabin.unit_id, {
      check_in: '2027-03-30',
      check_out: '2027-04-03',
    });
    await t.database.query(
      `INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason)
       VALUES ($1, '2027-03-15', '2027-03-16', 'Private maintenance note')`,
      [cabin.unit_id],
    );
    await createBooking(t.database, closed.unit_id, {
      check_in: '2027-03-05',
      check_out: '2027-03-06',
    });

    const response = await calendar('?from=2027-03-01&to=2027-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.from).toBe('2027-03-01');
    expect(body.to).toBe('2027-03-31');
    expect(body.units.map((u: { unit_name: string }) => u.unit_name)).toEqual([
      'Coral Cabin',
      'Driftwood Cabin',
    ]);
    expect(body.units[0]).toEqual({
      unit_id: cabin.unit_id,
      unit_name: 'Coral Cabin',
      unit_type: 'Suite',
      max_occupancy: 4,
      base_rate: 4500,
      taken: ['2027-03-01', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-30', '2027-03-31'],
      blocked: ['2027-03-15', '2027-03-16'],
    });
    expect(body.units[1]).toMatchObject({ unit_id: empty.unit_id, taken: [], blocked: [] });
    expect(response.body).not.toMatch(/Secret Guest|secret\.guest|BK-|Private maintenance/);
  });

  it('answers 400 for a bad range', async () => {
    for (const query of [
      '',
      '?from=2027-03-01',
      '?from=2027-03-01&to=tomorrow',
      '?from=2027-02-30&to=2027-03-01',
      '?from=2027-03-10&to=2027-03-01',
      // 94 days.
      '?from=2027-01-01&to=2027-04-04',
    ]) {
      const response = await calendar(query);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    // 93 days is the most.
    expect((await calendar('?from=2027-01-01&to=2027-04-03')).statusCode).toBe(200);
  });
});
