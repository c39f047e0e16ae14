import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../src/domain/dates';
import { MESSAGES as FORM } from '../../../src/domain/messages';
import { BLACKOUT_PERMISSION_MESSAGE } from '../../../src/server/blackouts/blackouts.routes';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  manager = await signInAs(t, 'manager');
});
afterAll(() => t.close());

async function blackoutCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM availability_blackouts',
  );
  return row!.n;
}

describe(`blackouts API (${process.env.TEST_DB})`, () => {
  it('lets a manager block dates with a reason, recorded with who did it', async () => {
    const unit = await createUnit(t.database);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2032-01-10',
        end_date: '2032-01-12',
        reason: 'Roof repairs',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const blackout = response.json().data;
    expect(blackout).toMatchObject({
      unit_id: unit.unit_id,
      unit_code: unit.unit_code,
      start_date: '2032-01-10',
      end_date: '2032-01-12',
      reason: 'Roof repairs',
      created_by: manager.user.id,
    });
    const [audit] = await t.database.query<{ user_email: string }>(
      `SELECT user_email FROM audit_logs WHERE table_name = 'availability_blackouts' AND record_id = $1`,
      [blackout.blackout_id],
    );
    expect(audit!.user_email).toBe(manager.user.email);

    // The nights are taken on the public calendar.
    const calendar = await t.app.inject({
      method: 'GET',
      url: '/api/public/calendar?from=2032-01-01&to=2032-01-31',
    });
    expect(calendar.statusCode).toBe(200);
    expect(JSON.stringify(calendar.json())).toContain('2032-01-11');

    const one = await staff.inject({
      method: 'GET',
      url: `/api/blackouts/${blackout.blackout_id}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.reason).toBe('Roof repairs');
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['no reason', { reason: undefined }, 'reason', FORM.required],
    ['an empty reason', { reason: '   ' }, 'reason', FORM.required],
    ['a long reason', { reason: 'x'.repeat(301) }, 'reason', 'Must be 300 characters or less'],
    ['no unit', { unit_id: undefined }, 'unit_id', FORM.selectUnit],
    ['a malformed unit', { unit_id: 'cabin-1' }, 'unit_id', FORM.selectUnit],
    ['a bad start', { start_date: '2032-02-30' }, 'start_date', FORM.invalidDate],
    ['a bad end', { end_date: 'soon' }, 'end_date', FORM.invalidDate],
    [
      'an end before the start',
      { start_date: '2032-03-05', end_date: '2032-03-04' },
      'end_date',
      FORM.endBeforeStart,
    ],
  ];
  for (const [label, change, path, message] of bad) {
    it(`refuses ${label} with "${message}" and writes nothing`, async () => {
      const unit = await createUnit(t.database);
      const before = await blackoutCount();
      const response = await manager.inject({
        method: 'POST',
        url: '/api/blackouts',
        payload: {
          unit_id: unit.unit_id,
          start_date: '2032-03-01',
          end_date: '2032-03-02',
          reason: 'Painting',
          ...change,
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
      expect(await blackoutCount()).toBe(before);
    });
  }

  it('refuses a unit that does not exist', async () => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: '00000000-0000-4000-8000-000000000000',
        start_date: '2032-03-01',
        end_date: '2032-03-02',
        reason: 'Painting',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'unit_id', message: FORM.selectUnit }]);
  });

  it('refuses a blackout over bookings, naming them, and one over another blackout', async () => {
    const unit = await createUnit(t.database);
    const first = await createBooking(t.database, unit.unit_id, {
      check_in: '2032-04-10',
      check_out: '2032-04-12',
    });
    const second = await createBooking(t.database, unit.unit_id, {
      check_in: '2032-04-14',
      check_out: '2032-04-15',
    });
    await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2032-04-12', check_out: '2032-04-13' },
      { booking_status: 'Cancelled' },
    );
    const before = await blackoutCount();
    const response = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2032-04-11',
        end_date: '2032-04-14',
        reason: 'Plumbing',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `These dates overlap existing bookings: ${first.booking_reference}, ${second.booking_reference}. Move or cancel those bookings first, or choose other dates.`,
    );
    expect(await blackoutCount()).toBe(before);

    // Back-to-back: a blackout starting on a check-out day is fine; a cancelled stay frees its night.
    const ok = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2032-04-12',
        end_date: '2032-04-13',
        reason: 'Plumbing',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);

    const overlapping = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2032-04-13',
        end_date: '2032-04-13',
        reason: 'Again',
      },
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe(
      'These dates overlap another blackout of this cabin (Apr 12, 2032 to Apr 13, 2032). Edit that blackout instead.',
    );

    // A booking into the blackout is refused by the database.
    await expect(
      createBooking(t.database, unit.unit_id, { check_in: '2032-04-13', check_out: '2032-04-14' }),
    ).rejects.toThrow();
  });

  it('edits and deletes a blackout (manager+), checking the new dates', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2032-05-20',
      check_out: '2032-05-22',
    });
    const created = await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2032-05-10',
        end_date: '2032-05-11',
        reason: 'Deep clean',
      },
    });
    const id = created.json().data.blackout_id;

    const moved = await manager.inject({
      method: 'PATCH',
      url: `/api/blackouts/${id}`,
      payload: { end_date: '2032-05-15', reason: 'Deep clean and repaint' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      start_date: '2032-05-10',
      end_date: '2032-05-15',
      reason: 'Deep clean and repaint',
    });

    const overBooking = await manager.inject({
      method: 'PATCH',
      url: `/api/blackouts/${id}`,
      payload: { end_date: '2032-05-21' },
    });
    expect(overBooking.statusCode).toBe(409);
    expect(overBooking.json().message).toContain(booking.booking_reference);

    const backwards = await manager.inject({
      method: 'PATCH',
      url: `/api/blackouts/${id}`,
      payload: { start_date: '2032-05-16' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(FORM.endBeforeStart);

    const asStaff = await staff.inject({
      method: 'PATCH',
      url: `/api/blackouts/${id}`,
      payload: { reason: 'x' },
    });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().message).toBe(BLACKOUT_PERMISSION_MESSAGE);
    const staffDelete = await staff.inject({ method: 'DELETE', url: `/api/blackouts/${id}` });
    expect(staffDelete.statusCode).toBe(403);

    const [stored] = await t.database.query<{ end_date: string }>(
      'SELECT end_date FROM availability_blackouts WHERE blackout_id = $1',
      [id],
    );
    expect(stored!.end_date).toBe('2032-05-15');

    const deleted = await manager.inject({ method: 'DELETE', url: `/api/blackouts/${id}` });
    expect(deleted.statusCode).toBe(204);
    const again = await manager.inject({ method: 'DELETE', url: `/api/blackouts/${id}` });
    expect(again.statusCode).toBe(404);
    const missing = await staff.inject({ method: 'GET', url: '/api/blackouts/not-a-uuid' });
    expect(missing.statusCode).toBe(404);
  });

  it('lists blackouts by unit and date range', async () => {
    const unit = await createUnit(t.database);
    for (const [start, end] of [
      ['2033-01-01', '2033-01-02'],
      ['2033-02-01', '2033-02-03'],
      ['2033-03-01', '2033-03-01'],
    ]) {
      await manager.inject({
        method: 'POST',
        url: '/api/blackouts',
        payload: { unit_id: unit.unit_id, start_date: start, end_date: end, reason: 'Maintenance' },
      });
    }
    const response = await staff.inject({
      method: 'GET',
      url: `/api/blackouts?unit_id=${unit.unit_id}&from=2033-01-02&to=2033-02-01`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.data.map((b: { start_date: string }) => b.start_date)).toEqual([
      '2033-01-01',
      '2033-02-01',
    ]);
    const bad = await staff.inject({ method: 'GET', url: '/api/blackouts?unit_id=nope' });
    expect(bad.statusCode).toBe(400);
  });
});

describe(`availability views (${process.env.TEST_DB})`, () => {
  it('answers the tape chart with bookings and blackouts of the range in at most two queries', async () => {
    const unit = await createUnit(t.database, { unit_name: 'AAA Tape Cabin' });
    const stay = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2034-01-30', check_out: '2034-02-03' },
      { guest_name: 'Juan Dela Cruz', booking_status: 'Confirmed' },
    );
    await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2034-02-10', check_out: '2034-02-12' },
      { booking_status: 'Cancelled' },
    );
    await createBooking(t.database, unit.unit_id, {
      check_in: '2034-03-01',
      check_out: '2034-03-03',
    });
    await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: unit.unit_id,
        start_date: '2034-02-20',
        end_date: '2034-02-22',
        reason: 'Repairs',
      },
    });

    const queries: string[] = [];
    const original = t.database.query.bind(t.database);
    t.database.query = (async (text: string, params?: unknown[]) => {
      queries.push(text);
      return original(text, params);
    }) as typeof t.database.query;
    let response;
    try {
      response = await staff.inject({
        method: 'GET',
        url: `/api/availability/calendar?from=2034-02-01&to=2034-02-28&unit=${unit.unit_id}`,
      });
    } finally {
      t.database.query = original;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(queries.filter((q) => /units|booking|blackout/i.test(q))).toHaveLength(2);
    const data = response.json().data;
    expect(data.from).toBe('2034-02-01');
    expect(data.to).toBe('2034-02-28');
    expect(data.units).toHaveLength(1);
    expect(data.units[0].bookings).toEqual([
      {
        booking_id: stay.booking_id,
        booking_reference: stay.booking_reference,
        guest_name: 'Juan Dela Cruz',
        booking_status: 'Confirmed',
        payment_status: 'Unpaid',
        check_in: '2034-01-30',
        check_out: '2034-02-03',
        num_guests: 2,
      },
    ]);
    expect(data.units[0].blackouts).toEqual([
      expect.objectContaining({
        start_date: '2034-02-20',
        end_date: '2034-02-22',
        reason: 'Repairs',
        // Issue 22: the tape chart draws each kind of block apart.
        kind: 'blackout',
      }),
    ]);

    const all = await staff.inject({
      method: 'GET',
      url: '/api/availability/calendar?from=2034-02-01&to=2034-02-28',
    });
    expect(all.json().data.units.length).toBeGreaterThan(1);

    const defaultMonth = await staff.inject({ method: 'GET', url: '/api/availability/calendar' });
    const today = todayInZone(t.config.timezone);
    expect(defaultMonth.json().data).toMatchObject({ from: `${today.slice(0, 7)}-01`, today });
  });

  it('refuses bad ranges', async () => {
    const cases: [string, string][] = [
      ['from=2034-02-10&to=2034-02-01', FORM.endBeforeStart],
      ['from=2034-01-01&to=2034-06-01', 'The calendar shows at most 93 days at a time.'],
      ['from=yesterday', FORM.invalidDate],
      ['unit=abc', FORM.selectUnit],
    ];
    for (const [query, message] of cases) {
      const response = await staff.inject({
        method: 'GET',
        url: `/api/availability/calendar?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("shows each unit's state today: free, occupied, arriving, departing, blocked", async () => {
    const today = todayInZone(t.config.timezone);
    const make = (name: string) => createUnit(t.database, { unit_name: name });
    const free = await make('Overview Free');
    const occupied = await make('Overview Occupied');
    const arriving = await make('Overview Arriving');
    const departing = await make('Overview Departing');
    const blocked = await make('Overview Blocked');
    await createBooking(
      t.database,
      occupied.unit_id,
      { check_in: addDays(today, -1), check_out: addDays(today, 2) },
      { booking_status: 'CheckedIn' },
    );
    await createBooking(
      t.database,
      arriving.unit_id,
      { check_in: today, check_out: addDays(today, 1) },
      { booking_status: 'Confirmed', guest_name: 'Arriving Guest' },
    );
    await createBooking(
      t.database,
      departing.unit_id,
      { check_in: addDays(today, -2), check_out: today },
      { booking_status: 'CheckedIn' },
    );
    await manager.inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: {
        unit_id: blocked.unit_id,
        start_date: today,
        end_date: today,
        reason: 'Pest control',
      },
    });

    const response = await staff.inject({ method: 'GET', url: '/api/availability/overview' });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(
      response.json().data.units.map((u: { unit_id: string }) => [u.unit_id, u]),
    );
    const statusOf = (id: string) => (byId.get(id) as { status: string }).status;
    expect(response.json().data.date).toBe(today);
    expect(statusOf(free.unit_id)).toBe('free');
    expect(statusOf(occupied.unit_id)).toBe('occupied');
    expect(statusOf(arriving.unit_id)).toBe('arriving');
    expect(
      (byId.get(arriving.unit_id) as { arriving: { guest_name: string } }).arriving.guest_name,
    ).toBe('Arriving Guest');
    expect(statusOf(departing.unit_id)).toBe('departing');
    expect(statusOf(blocked.unit_id)).toBe('blocked');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/availability/overview' });
    expect(anonymous.statusCode).toBe(401);
  });
});
