import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { HOUSEKEEPING_MESSAGES } from '../../../src/domain/schemas/housekeeping.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 22 point 4: each cabin's housekeeping status through the real app — who may set which
 * status, check-out leaves the cabin Dirty, Out of order blocks nights like a blackout (refused
 * over bookings, naming them) and leaving it frees them, the board's contents, and a
 * housekeeping account refused everywhere else with the housekeeping words.
 */

const TODAY = '2027-03-10';

let t: TestApp;
let housekeeping: SignedIn;
let staff: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, TODAY);
  [housekeeping, staff, manager] = await Promise.all([
    signInAs(t, 'housekeeping'),
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
  ]);
});
afterAll(() => t.close());

type Cabin = Record<string, unknown> & { unit_id: string; housekeeping_status: string };

function setStatus(as: SignedIn, unitId: string, payload: Record<string, unknown>) {
  return as.inject({ method: 'PATCH', url: `/api/units/${unitId}/housekeeping`, payload });
}

async function board(as: SignedIn = housekeeping): Promise<{ date: string; cabins: Cabin[] }> {
  const response = await as.inject({ method: 'GET', url: '/api/housekeeping' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function blocksOf(unitId: string) {
  return t.database.query<{ kind: string; start_date: string; end_date: string; reason: string }>(
    `SELECT kind, start_date::text, end_date::text, reason FROM availability_blackouts
      WHERE unit_id = $1 ORDER BY start_date`,
    [unitId],
  );
}

describe(`housekeeping status (${process.env.TEST_DB})`, () => {
  it('a new cabin is Clean; the unit answers its housekeeping status beside its sales status', async () => {
    const unit = await createUnit(t.database);
    const response = await staff.inject({ method: 'GET', url: `/api/units/${unit.unit_id}` });
    expect(response.json().data).toMatchObject({
      unit_status: 'Available',
      housekeeping_status: 'Clean',
    });
  });

  it('housekeeping marks Dirty and Clean; Inspected and Out of order need a manager', async () => {
    const unit = await createUnit(t.database);
    const dirty = await setStatus(housekeeping, unit.unit_id, { status: 'Dirty' });
    expect(dirty.statusCode, dirty.body).toBe(200);
    expect(dirty.json().data).toMatchObject({
      unit_id: unit.unit_id,
      housekeeping_status: 'Dirty',
      housekeeping_changed_by_name: expect.any(String),
    });
    const clean = await setStatus(housekeeping, unit.unit_id, { status: 'Clean' });
    expect(clean.json().data.housekeeping_status).toBe('Clean');

    for (const as of [housekeeping, staff]) {
      const inspected = await setStatus(as, unit.unit_id, { status: 'Inspected' });
      expect(inspected.statusCode).toBe(403);
      expect(inspected.json().message).toBe(PERMISSION_MESSAGES.housekeepingManager);
      const outOfOrder = await setStatus(as, unit.unit_id, {
        status: 'Out of order',
        reason: 'Leak',
        until: '2027-03-12',
      });
      expect(outOfOrder.statusCode).toBe(403);
    }
    const inspected = await setStatus(manager, unit.unit_id, { status: 'Inspected' });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json().data.housekeeping_status).toBe('Inspected');

    const bad = await setStatus(manager, unit.unit_id, { status: 'Sparkling' });
    expect(bad.statusCode).toBe(400);
    const missing = await setStatus(manager, unit.unit_id, { status: 'Out of order' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'reason', message: HOUSEKEEPING_MESSAGES.reasonRequired },
        { path: 'until', message: HOUSEKEEPING_MESSAGES.untilRequired },
      ]),
    );
    const past = await setStatus(manager, unit.unit_id, {
      status: 'Out of order',
      reason: 'Leak',
      until: '2027-03-09',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toEqual([
      { path: 'until', message: HOUSEKEEPING_MESSAGES.untilPast },
    ]);
    const unknown = await setStatus(manager, '00000000-0000-4000-8000-000000000000', {
      status: 'Clean',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('check-out turns the booking’s cabin Dirty in the same change', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2027-03-08', check_out: TODAY },
      { booking_status: 'CheckedIn', total_amount: 3000 },
    );
    await createPayment(t.database, booking.booking_id, { payment_amount: 3000 });
    const response = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/status`,
      payload: { status: 'CheckedOut' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cabin = (await board()).cabins.find((c) => c.unit_id === unit.unit_id)!;
    expect(cabin).toMatchObject({
      housekeeping_status: 'Dirty',
      departure_today: true,
      in_house: false,
    });
    const [audit] = await t.database.query<{ category: string; changed_fields: string[] }>(
      `SELECT category, changed_fields FROM audit_logs
        WHERE table_name = 'units' AND record_id = $1 ORDER BY seq DESC LIMIT 1`,
      [unit.unit_id],
    );
    expect(audit!.changed_fields).toContain('housekeeping_status');
  });

  it('Out of order blocks today..until like a blackout; refused over bookings, naming them', async () => {
    const unit = await createUnit(t.database);
    const booking = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-03-12',
      check_out: '2027-03-14',
    });
    const refused = await setStatus(manager, unit.unit_id, {
      status: 'Out of order',
      reason: 'Broken aircon',
      until: '2027-03-12',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(booking.booking_reference);
    expect(await blocksOf(unit.unit_id)).toEqual([]);
    expect(
      (await board()).cabins.find((c) => c.unit_id === unit.unit_id)!.housekeeping_status,
    ).toBe('Clean');

    const done = await setStatus(manager, unit.unit_id, {
      status: 'Out of order',
      reason: 'Broken aircon',
      until: '2027-03-11',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      housekeeping_status: 'Out of order',
      housekeeping_note: 'Broken aircon',
      out_of_order: { reason: 'Broken aircon', from: TODAY, until: '2027-03-11' },
    });
    expect(await blocksOf(unit.unit_id)).toEqual([
      { kind: 'out_of_order', start_date: TODAY, end_date: '2027-03-11', reason: 'Broken aircon' },
    ]);

    // The nights are taken: a booking over them is refused by the database's blackout rule.
    await expect(
      createBooking(t.database, unit.unit_id, { check_in: '2027-03-11', check_out: '2027-03-12' }),
    ).rejects.toThrow();

    // The blackouts API shows the kind and will not change it.
    const list = await staff.inject({
      method: 'GET',
      url: `/api/blackouts?unit_id=${unit.unit_id}`,
    });
    const [block] = list.json().data;
    expect(block).toMatchObject({ kind: 'out_of_order', maintenance_issue_id: null });
    const remove = await manager.inject({
      method: 'DELETE',
      url: `/api/blackouts/${block.blackout_id}`,
    });
    expect(remove.statusCode).toBe(409);

    // Only a manager takes it out of Out of order; that frees the nights from today on.
    const early = await setStatus(housekeeping, unit.unit_id, { status: 'Clean' });
    expect(early.statusCode).toBe(403);
    const back = await setStatus(manager, unit.unit_id, { status: 'Dirty' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      housekeeping_status: 'Dirty',
      housekeeping_note: null,
      out_of_order: null,
    });
    expect(await blocksOf(unit.unit_id)).toEqual([]);
    const freed = await createBooking(t.database, unit.unit_id, {
      check_in: '2027-03-11',
      check_out: '2027-03-12',
    });
    expect(freed.booking_id).toBeTruthy();
  });

  it('leaving Out of order keeps the nights already past blocked and frees the rest', async () => {
    const unit = await createUnit(t.database);
    setNow(t, '2027-03-01');
    const start = await setStatus(manager, unit.unit_id, {
      status: 'Out of order',
      reason: 'Roof',
      until: '2027-03-20',
    });
    expect(start.statusCode).toBe(200);
    setNow(t, TODAY);
    const end = await setStatus(manager, unit.unit_id, { status: 'Inspected' });
    expect(end.statusCode).toBe(200);
    expect(await blocksOf(unit.unit_id)).toEqual([
      { kind: 'out_of_order', start_date: '2027-03-01', end_date: '2027-03-09', reason: 'Roof' },
    ]);
  });

  it('the board lists every cabin with arrivals, departures and guests in house today', async () => {
    const arriving = await createUnit(t.database, { unit_name: 'AAA Board arrival' });
    const staying = await createUnit(t.database, { unit_name: 'AAA Board stay' });
    await createBooking(
      t.database,
      arriving.unit_id,
      { check_in: TODAY, check_out: '2027-03-12' },
      { booking_status: 'Confirmed' },
    );
    await createBooking(
      t.database,
      staying.unit_id,
      { check_in: '2027-03-09', check_out: '2027-03-12' },
      { booking_status: 'CheckedIn' },
    );
    const data = await board();
    expect(data.date).toBe(TODAY);
    const names = data.cabins.map((c) => c.unit_name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(data.cabins.find((c) => c.unit_id === arriving.unit_id)).toEqual({
      unit_id: arriving.unit_id,
      unit_name: 'AAA Board arrival',
      unit_code: arriving.unit_code,
      unit_type: 'Standard',
      housekeeping_status: 'Clean',
      housekeeping_note: null,
      housekeeping_changed_at: null,
      housekeeping_changed_by_name: null,
      arrival_today: true,
      departure_today: false,
      in_house: false,
      out_of_order: null,
    });
    expect(data.cabins.find((c) => c.unit_id === staying.unit_id)).toMatchObject({
      arrival_today: false,
      departure_today: false,
      in_house: true,
    });
    // No guest details on the board.
    expect(JSON.stringify(data)).not.toContain('Test Guest');
  });

  it('a housekeeping account is refused everywhere else, with the housekeeping words', async () => {
    const unit = await createUnit(t.database);
    const calls: [string, string][] = [
      ['GET', '/api/bookings'],
      ['GET', '/api/units'],
      ['GET', `/api/units/${unit.unit_id}`],
      ['GET', `/api/units/${unit.unit_id}/maintenance`],
      ['GET', '/api/guests'],
      ['GET', '/api/payments'],
      ['GET', '/api/expenses'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/settings'],
      ['GET', '/api/users'],
      ['GET', '/api/audit-logs'],
      ['GET', '/api/notifications/count'],
      ['POST', '/api/audit/log-with-ip'],
    ];
    for (const [method, url] of calls) {
      const response = await housekeeping.inject({
        method: method as 'GET',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toBe(
        PERMISSION_MESSAGES.housekeepingOnly,
      );
    }
    // Its own account still works.
    const session = await housekeeping.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { role: 'housekeeping' } });
  });

  it('an administrator creates a housekeeping account', async () => {
    const admin = await signInAs(t, 'admin');
    const response = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: 'hk-new@resort.test',
        name: 'Maria Housekeeping',
        password: 'a long enough passphrase 1',
        role: 'housekeeping',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data ?? response.json()).toMatchObject({ role: 'housekeeping' });
  });
});
