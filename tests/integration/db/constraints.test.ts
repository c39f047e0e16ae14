import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { mapDatabaseError, sqlState } from '../../../src/server/errors';
import { bookings, units } from '../../../src/server/db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    // A route that writes whatever it is given straight to the database, to see how the one
    // error handler answers a constraint violation over HTTP. It lives outside /api/ so the
    // session and CSRF checks every state-changing /api/ route gets (http/csrf.ts) stay out of it.
    beforeReady(app, database) {
      app.post('/__test/units', async (request) => {
        const body = request.body as typeof units.$inferInsert;
        const [row] = await database.db.insert(units).values(body).returning();
        return row;
      });
    },
  });
});
afterAll(() => t.close());

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the operation to fail');
}

describe(`database invariants (${process.env.TEST_DB})`, () => {
  it('refuses an overlapping booking of the same unit with SQLSTATE 23P01', async () => {
    const unit = await createUnit(t.database);
    await createBooking(t.database, unit.unit_id, {
      check_in: '2027-01-10',
      check_out: '2027-01-13',
    });
    const error = await errorOf(
      createBooking(t.database, unit.unit_id, { check_in: '2027-01-12', check_out: '2027-01-14' }),
    );
    expect(sqlState(error)).toBe('23P01');
    // Nothing half-written: the transaction took the booking row with it.
    const rows = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings b JOIN booking_units bu USING (booking_id) WHERE bu.unit_id = $1`,
      [unit.unit_id],
    );
    expect(rows[0]!.n).toBe(1);
    const orphans = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings b WHERE NOT EXISTS (SELECT 1 FROM booking_units bu WHERE bu.booking_id = b.booking_id)`,
    );
    expect(orphans[0]!.n).toBe(0);
  });

  it('accepts a back-to-back stay: check-out day is the next check-in day', async () => {
    const unit = await createUnit(t.database);
    await createBooking(t.database, unit.unit_id, {
      check_in: '2027-02-01',
      check_out: '2027-02-03',
    });
    const next = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-02-03',
      check_out: '2027-02-05',
    });
    const before = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-01-30',
      check_out: '2027-02-01',
    });
    expect(next.booking_reference).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
    expect(before.booking_id).toBeTruthy();
  });

  it('lets the same nights be booked in another unit, and after a cancellation', async () => {
    const a = await createUnit(t.database);
    const b = await createUnit(t.database);
    const first = await createBooking(t.database, a.unit_id, {
      check_in: '2027-03-01',
      check_out: '2027-03-04',
    });
    await createBooking(t.database, b.unit_id, { check_in: '2027-03-01', check_out: '2027-03-04' });
    await t.database.db
      .update(bookings)
      .set({ booking_status: 'Cancelled' })
      .where(eq(bookings.booking_id, first.booking_id));
    const again = await createBooking(t.database, a.unit_id, {
      check_in: '2027-03-02',
      check_out: '2027-03-03',
    });
    expect(again.booking_status).toBe('Pending');
  });

  it('re-checks the constraint when a booking moves onto taken nights', async () => {
    const unit = await createUnit(t.database);
    await createBooking(t.database, unit.unit_id, {
      check_in: '2027-04-10',
      check_out: '2027-04-12',
    });
    const other = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-04-20',
      check_out: '2027-04-22',
    });
    const error = await errorOf(
      t.database.db
        .update(bookings)
        .set({ check_in: '2027-04-11', check_out: '2027-04-13' })
        .where(eq(bookings.booking_id, other.booking_id)),
    );
    expect(sqlState(error)).toBe('23P01');
    const [unchanged] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.booking_id, other.booking_id));
    expect(unchanged!.check_in).toBe('2027-04-20');
  });

  it('keeps bookings and blackouts apart, naming the bookings in the way', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-05-10',
      check_out: '2027-05-12',
    });
    const blocked = await errorOf(
      t.database.query(
        `INSERT INTO availability_blackouts (unit_id, start_date, end_date) VALUES ($1, '2027-05-11', '2027-05-15')`,
        [unit.unit_id],
      ),
    );
    expect(sqlState(blocked)).toBe('23P01');
    expect(mapDatabaseError(blocked)?.message).toContain(booking.booking_reference);

    // The check-out day is free: a blackout may start on it.
    await t.database.query(
      `INSERT INTO availability_blackouts (unit_id, start_date, end_date) VALUES ($1, '2027-05-12', '2027-05-15')`,
      [unit.unit_id],
    );
    const refused = await errorOf(
      createBooking(t.database, unit.unit_id, { check_in: '2027-05-15', check_out: '2027-05-16' }),
    );
    expect(sqlState(refused)).toBe('23P01');
    expect(mapDatabaseError(refused)?.statusCode).toBe(409);
  });

  it('holds the check constraints of SPEC §9 and maps them to SPEC §8 messages over HTTP', async () => {
    const base = {
      unit_name: 'Test',
      unit_type: 'Standard',
      base_occupancy: 2,
      max_occupancy: 4,
      base_rate: 3000,
      weekend_rate: 3000,
      extra_person_rate: 0,
    };
    const cases = [
      { ...base, unit_code: 'CK1', weekend_rate: 2000 }, // weekend below base
      { ...base, unit_code: 'CK2', base_occupancy: 5 }, // base above max
      { ...base, unit_code: 'CK3', max_occupancy: 21 }, // occupancy over 20
      { ...base, unit_code: 'CK4', base_rate: 99, weekend_rate: 99 }, // rate below 100
      { ...base, unit_code: 'CK5', extra_person_rate: 50001 }, // extra person over 50,000
    ];
    for (const payload of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/__test/units', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        message: 'Invalid data provided. Please check your input.',
      });
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/__test/units',
      payload: { ...base, unit_code: 'CK6' },
    });
    expect(ok.statusCode).toBe(200);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/__test/units',
      payload: { ...base, unit_code: 'CK6' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'This record already exists. Please check for duplicates.',
    });
    const count = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM units WHERE unit_code LIKE 'CK%'`,
    );
    expect(count[0]!.n).toBe(1);
  });

  it('maps a delete blocked by related records to SPEC §8 message', async () => {
    const unit = await createUnit(t.database);
    await createBooking(t.database, unit.unit_id, {
      check_in: '2027-06-01',
      check_out: '2027-06-02',
    });
    const error = await errorOf(t.database.db.delete(units).where(eq(units.unit_id, unit.unit_id)));
    expect(['23503', '23001']).toContain(sqlState(error));
    expect(mapDatabaseError(error)?.message).toBe(
      'Cannot perform this operation due to related records.',
    );
  });

  it('makes unique booking references in the DESIGN §3 format', async () => {
    const refs = await t.database.db.execute<{ ref: string }>(
      sql`SELECT generate_booking_reference() AS ref FROM generate_series(1, 200)`,
    );
    const values = (refs as unknown as { rows: { ref: string }[] }).rows.map((r) => r.ref);
    for (const ref of values) expect(ref).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
  });
});
