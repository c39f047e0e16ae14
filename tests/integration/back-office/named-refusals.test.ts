import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../src/domain/dates';
import { MESSAGES as FORM } from '../../../src/domain/messages';
import { EXPENSE_DATE_FUTURE_MESSAGE } from '../../../src/domain/schemas/expense.schema';
import { RATE_RANGE_MESSAGE } from '../../../src/domain/schemas/unit.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 15, points 9, 10, 11 and 13 on the server: expenses refuse a future date and a negative
 * amount; a bulk status change can first read the bookings it touches; Units Overview counts a
 * Maintenance cabin as such; refusals name the bookings and the guest they are about; a rate range
 * whose minimum is above its maximum is refused.
 */
let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  manager = await signInAs(t, 'manager');
  owner = await signInAs(t, 'owner');
});
afterAll(() => t.close());

const today = () => todayInZone(t.config.timezone, t.app.deps.clock.now());

async function count(table: 'expenses' | 'units'): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

describe(`named refusals (${process.env.TEST_DB})`, () => {
  describe('expenses', () => {
    const expense = (overrides: Record<string, unknown> = {}) => ({
      expense_date: today(),
      category: 'Supplies',
      amount: 50,
      description: 'Dish soap',
      ...overrides,
    });

    it('refuses a date after the resort’s today, on create and on edit, and takes today', async () => {
      const before = await count('expenses');
      for (const date of [addDays(today(), 1), addDays(today(), 548)]) {
        const refused = await staff.inject({
          method: 'POST',
          url: '/api/expenses',
          payload: expense({ expense_date: date }),
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toEqual({
          message: EXPENSE_DATE_FUTURE_MESSAGE,
          issues: [{ path: 'expense_date', message: EXPENSE_DATE_FUTURE_MESSAGE }],
        });
      }
      expect(await count('expenses')).toBe(before);

      const created = await staff.inject({
        method: 'POST',
        url: '/api/expenses',
        payload: expense(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.expense_id as string;
      const edited = await staff.inject({
        method: 'PATCH',
        url: `/api/expenses/${id}`,
        payload: { expense_date: addDays(today(), 1) },
      });
      expect(edited.statusCode, edited.body).toBe(400);
      expect(edited.json().issues).toEqual([
        { path: 'expense_date', message: EXPENSE_DATE_FUTURE_MESSAGE },
      ]);
      const [stored] = await t.database.query<{ expense_date: string }>(
        `SELECT to_char(expense_date, 'YYYY-MM-DD') AS expense_date FROM expenses WHERE expense_id = $1`,
        [id],
      );
      expect(stored!.expense_date).toBe(today());
    });

    it('reads "today" in the resort’s zone, not the server’s', async () => {
      const clock = t.app.deps.clock;
      const realNow = clock.now;
      // 16:30 UTC on 1 March is already 2 March in Manila.
      clock.now = () => new Date('2027-03-01T16:30:00Z');
      try {
        const ok = await staff.inject({
          method: 'POST',
          url: '/api/expenses',
          payload: expense({ expense_date: '2027-03-02' }),
        });
        expect(ok.statusCode, ok.body).toBe(201);
        const refused = await staff.inject({
          method: 'POST',
          url: '/api/expenses',
          payload: expense({ expense_date: '2027-03-03' }),
        });
        expect(refused.statusCode).toBe(400);
      } finally {
        clock.now = realNow;
      }
    });

    it('refuses a negative or zero amount at the field', async () => {
      const before = await count('expenses');
      for (const amount of [-50, 0, -0.01]) {
        const refused = await staff.inject({
          method: 'POST',
          url: '/api/expenses',
          payload: expense({ amount }),
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().issues).toContainEqual({
          path: 'amount',
          message: FORM.amountPositive,
        });
      }
      expect(await count('expenses')).toBe(before);
    });
  });

  describe('cabins', () => {
    it('names the bookings that keep a cabin from being deleted, five and "N more"', async () => {
      const unit = await createUnit(t.database, { unit_name: 'Refusal Cabin' });
      const references: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const booking = await createBooking(
          t.database,
          unit.unit_id,
          { check_in: addDays('2031-01-01', i * 3), check_out: addDays('2031-01-02', i * 3) },
          { booking_status: i === 0 ? 'Cancelled' : 'Confirmed' },
        );
        references.push(booking.booking_reference);
      }
      const detail = await staff.inject({ method: 'GET', url: `/api/units/${unit.unit_id}` });
      expect(detail.json().data.booking_count).toBe(7);

      const refused = await owner.inject({ method: 'DELETE', url: `/api/units/${unit.unit_id}` });
      expect(refused.statusCode).toBe(409);
      // The latest stays first.
      const named = references.slice(2).reverse();
      expect(refused.json()).toEqual({
        message: `This cabin cannot be deleted: it has 7 bookings (${named.join(', ')} and 2 more). Set it to Maintenance instead.`,
      });
      expect(
        await t.database.query('SELECT 1 FROM units WHERE unit_id = $1', [unit.unit_id]),
      ).toHaveLength(1);

      const one = await createUnit(t.database);
      const only = await createBooking(
        t.database,
        one.unit_id,
        { check_in: '2031-05-01', check_out: '2031-05-03' },
        { booking_status: 'Cancelled' },
      );
      const single = await owner.inject({ method: 'DELETE', url: `/api/units/${one.unit_id}` });
      expect(single.statusCode).toBe(409);
      expect(single.json().message).toBe(
        `This cabin cannot be deleted: it has 1 booking (${only.booking_reference}). Set it to Maintenance instead.`,
      );

      const free = await createUnit(t.database);
      const freeDetail = await staff.inject({ method: 'GET', url: `/api/units/${free.unit_id}` });
      expect(freeDetail.json().data.booking_count).toBe(0);
      const deleted = await owner.inject({ method: 'DELETE', url: `/api/units/${free.unit_id}` });
      expect(deleted.statusCode).toBe(204);
    });

    it('lists the selected cabins’ upcoming bookings before a bulk status change', async () => {
      const now = today();
      const a = await createUnit(t.database, { unit_name: 'Upcoming A' });
      const b = await createUnit(t.database, { unit_name: 'Upcoming B' });
      const staying = await createBooking(
        t.database,
        a.unit_id,
        { check_in: addDays(now, -1), check_out: addDays(now, 2) },
        { booking_status: 'CheckedIn', guest_name: 'Staying Guest' },
      );
      const coming = await createBooking(
        t.database,
        a.unit_id,
        { check_in: addDays(now, 10), check_out: addDays(now, 12) },
        { booking_status: 'Pending', guest_name: 'Coming Guest' },
      );
      // Not upcoming: cancelled, checked out, or left today.
      await createBooking(
        t.database,
        a.unit_id,
        { check_in: addDays(now, 20), check_out: addDays(now, 22) },
        { booking_status: 'Cancelled' },
      );
      await createBooking(
        t.database,
        b.unit_id,
        { check_in: addDays(now, -3), check_out: now },
        { booking_status: 'CheckedIn' },
      );
      await createBooking(
        t.database,
        b.unit_id,
        { check_in: addDays(now, 1), check_out: addDays(now, 3) },
        { booking_status: 'CheckedOut' },
      );

      const response = await staff.inject({
        method: 'GET',
        url: `/api/units/upcoming-bookings?unit_ids=${b.unit_id},${a.unit_id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual([
        {
          unit_id: a.unit_id,
          unit_name: 'Upcoming A',
          unit_status: 'Available',
          bookings: [
            {
              booking_id: staying.booking_id,
              booking_reference: staying.booking_reference,
              guest_name: 'Staying Guest',
              check_in: addDays(now, -1),
              check_out: addDays(now, 2),
              booking_status: 'CheckedIn',
            },
            {
              booking_id: coming.booking_id,
              booking_reference: coming.booking_reference,
              guest_name: 'Coming Guest',
              check_in: addDays(now, 10),
              check_out: addDays(now, 12),
              booking_status: 'Pending',
            },
          ],
        },
        { unit_id: b.unit_id, unit_name: 'Upcoming B', unit_status: 'Available', bookings: [] },
      ]);

      const repeated = await staff.inject({
        method: 'GET',
        url: `/api/units/upcoming-bookings?unit_ids=${a.unit_id}&unit_ids=${a.unit_id}`,
      });
      expect(repeated.json().data).toHaveLength(1);

      const unknown = await staff.inject({
        method: 'GET',
        url: `/api/units/upcoming-bookings?unit_ids=${a.unit_id},00000000-0000-4000-8000-000000000000`,
      });
      expect(unknown.statusCode).toBe(404);
      for (const [query, message] of [
        ['', FORM.selectAtLeastOneUnit],
        ['unit_ids=', FORM.selectAtLeastOneUnit],
        ['unit_ids=cabin', FORM.selectUnit],
      ] as const) {
        const bad = await staff.inject({
          method: 'GET',
          url: `/api/units/upcoming-bookings?${query}`,
        });
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json().message, query).toBe(message);
      }
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/units/upcoming-bookings?unit_ids=${a.unit_id}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('counts a Maintenance cabin with nobody in it as "maintenance" in Units Overview', async () => {
      const unit = await createUnit(t.database, { unit_name: 'Overview Maintenance' });
      const set = await manager.inject({
        method: 'POST',
        url: '/api/units/bulk-status',
        payload: { unit_ids: [unit.unit_id], unit_status: 'Maintenance' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const response = await staff.inject({ method: 'GET', url: '/api/availability/overview' });
      expect(response.statusCode, response.body).toBe(200);
      const row = response
        .json()
        .data.units.find((u: { unit_id: string }) => u.unit_id === unit.unit_id);
      expect(row).toMatchObject({ unit_status: 'Maintenance', status: 'maintenance' });
    });

    it('refuses a rate range whose minimum is above its maximum', async () => {
      const refused = await staff.inject({
        method: 'GET',
        url: '/api/units?min_rate=5000&max_rate=1000',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: RATE_RANGE_MESSAGE,
        issues: [{ path: 'min_rate', message: RATE_RANGE_MESSAGE }],
      });
      const equal = await staff.inject({
        method: 'GET',
        url: '/api/units?min_rate=1000&max_rate=1000',
      });
      expect(equal.statusCode).toBe(200);
    });
  });

  describe('guests', () => {
    it('names the guest who already uses an e-mail, at the e-mail field, and changes nothing', async () => {
      const maria = await createGuest(t.database, {
        guest_name: 'Maria Santos',
        email: 'maria.santos@example.ph',
      });
      const juan = await createGuest(t.database, {
        guest_name: 'Juan Dela Cruz',
        email: 'juan@example.ph',
      });
      const refused = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${juan.guest_id}`,
        payload: { email: 'Maria.Santos@Example.ph', guest_name: 'Juan Pedro Dela Cruz' },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      const message = 'Another guest, Maria Santos, already uses this e-mail.';
      expect(refused.json()).toEqual({ message, issues: [{ path: 'email', message }] });
      const [stored] = await t.database.query<{ email: string; guest_name: string }>(
        'SELECT email, guest_name FROM guests WHERE guest_id = $1',
        [juan.guest_id],
      );
      expect(stored).toEqual({ email: 'juan@example.ph', guest_name: 'Juan Dela Cruz' });

      // Their own e-mail, in other letters, is no conflict.
      const own = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${maria.guest_id}`,
        payload: { email: 'MARIA.SANTOS@example.ph' },
      });
      expect(own.statusCode, own.body).toBe(200);
    });
  });
});
