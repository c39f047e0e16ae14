import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES as FORM } from '../../../src/domain/messages';
import { MESSAGES } from '../../../src/server/errors';
import { UNIT_PERMISSION_MESSAGES } from '../../../src/server/units/units.routes';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

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

const validUnit = (overrides: Record<string, unknown> = {}) => ({
  unit_name: 'Driftwood Cabin',
  unit_code: 'DW1',
  unit_type: 'Deluxe',
  base_occupancy: 2,
  max_occupancy: 4,
  base_rate: 3500,
  weekend_rate: 4200,
  extra_person_rate: 600,
  amenities: ['Wi-Fi', 'Sea view', 'Wi-Fi', ''],
  ...overrides,
});

async function unitCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM units');
  return row!.n;
}

describe(`units API (${process.env.TEST_DB})`, () => {
  it('adds a cabin for a manager, records who did it and offers it to guests', async () => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/units',
      payload: validUnit({ unit_code: 'dw1' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const unit = response.json().data;
    expect(unit).toMatchObject({
      unit_name: 'Driftwood Cabin',
      unit_code: 'DW1',
      unit_status: 'Available',
      amenities: ['Wi-Fi', 'Sea view'],
      base_rate: 3500,
    });
    const [audit] = await t.database.query<{ user_email: string; action: string }>(
      `SELECT user_email, action FROM audit_logs WHERE table_name = 'units' AND record_id = $1`,
      [unit.unit_id],
    );
    expect(audit).toEqual({ user_email: manager.user.email, action: 'INSERT' });

    const publicUnits = await t.app.inject({ method: 'GET', url: '/api/public/units' });
    expect(publicUnits.json().data.map((u: { unit_code: string }) => u.unit_code)).toContain('DW1');
  });

  it('refuses a duplicate unit code with SPEC §8 message, naming the field', async () => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/units',
      payload: validUnit({ unit_code: 'DW1' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: MESSAGES.duplicate,
      issues: [{ path: 'unit_code', message: 'A cabin with this code already exists' }],
    });
  });

  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { unit_name: '' }, 'unit_name', FORM.required],
    ['long name', { unit_name: 'x'.repeat(51) }, 'unit_name', 'Must be 50 characters or less'],
    ['missing name', { unit_name: undefined }, 'unit_name', FORM.required],
    ['code with a dash', { unit_code: 'A-1' }, 'unit_code', FORM.unitCodeFormat],
    ['long code', { unit_code: 'ABCDEFGHIJK' }, 'unit_code', 'Must be 10 characters or less'],
    ['empty code', { unit_code: '' }, 'unit_code', FORM.required],
    ['unknown type', { unit_type: 'Castle' }, 'unit_type', FORM.selectUnitType],
    ['base occupancy 0', { base_occupancy: 0 }, 'base_occupancy', FORM.baseOccupancyMin],
    [
      'base occupancy 21',
      { base_occupancy: 21, max_occupancy: 20 },
      'base_occupancy',
      FORM.baseOccupancyMax,
    ],
    ['max occupancy 21', { max_occupancy: 21 }, 'max_occupancy', FORM.maxOccupancyMax],
    [
      'max occupancy 0',
      { max_occupancy: 0, base_occupancy: 1 },
      'max_occupancy',
      FORM.maxOccupancyMin,
    ],
    ['fractional occupancy', { max_occupancy: 2.5 }, 'max_occupancy', FORM.occupancyWhole],
    ['base rate 99', { base_rate: 99 }, 'base_rate', FORM.rateMin],
    [
      'base rate too high',
      { base_rate: 1_000_001, weekend_rate: 1_000_001 },
      'base_rate',
      FORM.rateMax,
    ],
    ['base rate as text', { base_rate: 'lots' }, 'base_rate', FORM.rateInvalid],
    ['weekend rate 99', { weekend_rate: 99 }, 'weekend_rate', FORM.rateMin],
    [
      'negative extra',
      { extra_person_rate: -1 },
      'extra_person_rate',
      FORM.extraPersonRateNegative,
    ],
    ['extra too high', { extra_person_rate: 50_001 }, 'extra_person_rate', FORM.extraPersonRateMax],
    ['weekend below base', { weekend_rate: 3000 }, 'weekend_rate', FORM.weekendRateBelowBase],
    [
      'base above max occupancy',
      { base_occupancy: 5 },
      'base_occupancy',
      FORM.baseOccupancyAboveMax,
    ],
    ['unknown status', { unit_status: 'Closed' }, 'unit_status', FORM.selectUnitStatus],
  ];

  for (const [label, change, path, message] of badInputs) {
    it(`refuses ${label} with "${message}" and writes nothing`, async () => {
      const before = await unitCount();
      const response = await manager.inject({
        method: 'POST',
        url: '/api/units',
        payload: validUnit({ unit_code: 'BAD1', ...change }),
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body.issues).toContainEqual({ path, message });
      expect(await unitCount()).toBe(before);
    });
  }

  it('refuses staff with the permission message and anonymous callers with 401', async () => {
    const asStaff = await staff.inject({ method: 'POST', url: '/api/units', payload: validUnit() });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().message).toBe(UNIT_PERMISSION_MESSAGES.create);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/units' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.authRequired);
  });

  it('lists with filters, search, sort and paging', async () => {
    await createUnit(t.database, {
      unit_name: 'Alpha Suite',
      unit_code: 'LA1',
      unit_type: 'Suite',
      base_rate: 9000,
      weekend_rate: 9000,
      max_occupancy: 6,
    });
    await createUnit(t.database, {
      unit_name: 'Beta Studio',
      unit_code: 'LB1',
      unit_type: 'Studio',
      base_rate: 1500,
      weekend_rate: 1500,
      max_occupancy: 2,
      unit_status: 'Maintenance',
    });
    await createUnit(t.database, {
      unit_name: 'Gamma Suite',
      unit_code: 'LG1',
      unit_type: 'Suite',
      base_rate: 12000,
      weekend_rate: 12000,
      max_occupancy: 8,
    });

    const list = async (query: string) => {
      const response = await staff.inject({ method: 'GET', url: `/api/units?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        data: { unit_code: string }[];
        total: number;
        page: number;
        page_size: number;
      };
    };
    const codes = (body: { data: { unit_code: string }[] }) => body.data.map((u) => u.unit_code);

    expect(codes(await list('type=Suite'))).toEqual(['LA1', 'LG1']);
    expect(codes(await list('status=Maintenance'))).toEqual(['LB1']);
    expect(codes(await list('search=gamma'))).toEqual(['LG1']);
    expect(codes(await list('search=lb'))).toEqual(['LB1']);
    expect(codes(await list('type=Suite&min_rate=10000'))).toEqual(['LG1']);
    expect(codes(await list('max_rate=2000'))).toEqual(['LB1']);
    expect(codes(await list('type=Suite&min_occupancy=7'))).toEqual(['LG1']);
    expect(codes(await list('type=Suite&sort=base_rate&order=desc'))).toEqual(['LG1', 'LA1']);
    // Search text is sanitised, never rejected (SPEC §5): "%" alone is no search at all.
    expect((await list('search=%25')).total).toBe(await unitCount());

    const page = await list('page=2&page_size=2&sort=unit_code');
    expect(page.page).toBe(2);
    expect(page.page_size).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBe(await unitCount());

    const bad = await staff.inject({ method: 'GET', url: '/api/units?min_rate=-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FORM.minRateNegative);
    const badOccupancy = await staff.inject({ method: 'GET', url: '/api/units?min_occupancy=0' });
    expect(badOccupancy.statusCode).toBe(400);
    expect(badOccupancy.json().message).toBe(FORM.minOccupancyMin);
  });

  it('shows a unit with its bookings and revenue from distinct non-cancelled bookings', async () => {
    const unit = await createUnit(t.database);
    const other = await createUnit(t.database);
    await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2031-01-10', check_out: '2031-01-12' },
      { total_amount: 5000 },
    );
    // A multi-unit booking counts once, with its whole total.
    const multi = await createBooking(
      t.database,
      other.unit_id,
      { check_in: '2031-02-01', check_out: '2031-02-03' },
      { total_amount: 12000, is_multi_unit: true, unit_count: 2 },
    );
    await t.database.query(
      `INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status)
       VALUES ($1, $2, '2031-02-01', '2031-02-03', 'Pending')`,
      [multi.booking_id, unit.unit_id],
    );
    await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2031-03-01', check_out: '2031-03-02' },
      { total_amount: 9999, booking_status: 'Cancelled' },
    );

    const response = await staff.inject({ method: 'GET', url: `/api/units/${unit.unit_id}` });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().data;
    expect(detail.unit_code).toBe(unit.unit_code);
    expect(detail.stats).toEqual({
      total_bookings: 2,
      total_revenue: 17000,
      average_revenue: 8500,
    });
    expect(detail.bookings.map((b: { check_in: string }) => b.check_in)).toEqual([
      '2031-03-01',
      '2031-02-01',
      '2031-01-10',
    ]);

    const empty = await staff.inject({
      method: 'GET',
      url: `/api/units/${(await createUnit(t.database)).unit_id}`,
    });
    expect(empty.json().data.stats).toEqual({
      total_bookings: 0,
      total_revenue: 0,
      average_revenue: 0,
    });
  });

  it('answers 404 for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await staff.inject({ method: 'GET', url: `/api/units/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Cabin not found');
    }
  });

  it('edits a unit, checking the cross-field rules against the stored values', async () => {
    const unit = await createUnit(t.database, {
      base_rate: 3000,
      weekend_rate: 3500,
      base_occupancy: 2,
      max_occupancy: 4,
    });
    const ok = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { unit_name: 'Renamed Cabin', amenities: ['Hammock'], unit_status: 'Reserved' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      unit_name: 'Renamed Cabin',
      amenities: ['Hammock'],
      unit_status: 'Reserved',
    });

    const lowWeekend = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { weekend_rate: 2000 },
    });
    expect(lowWeekend.statusCode).toBe(400);
    expect(lowWeekend.json().message).toBe(FORM.weekendRateBelowBase);

    const highBase = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { base_occupancy: 6 },
    });
    expect(highBase.statusCode).toBe(400);
    expect(highBase.json().message).toBe(FORM.baseOccupancyAboveMax);

    const [stored] = await t.database.query<{ weekend_rate: number; base_occupancy: number }>(
      'SELECT weekend_rate, base_occupancy FROM units WHERE unit_id = $1',
      [unit.unit_id],
    );
    expect(stored).toEqual({ weekend_rate: 3500, base_occupancy: 2 });

    const badCode = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { unit_code: 'no spaces' },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe(FORM.unitCodeFormat);

    const asStaff = await staff.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { unit_name: 'Nope' },
    });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().message).toBe(UNIT_PERMISSION_MESSAGES.edit);

    const missing = await manager.inject({
      method: 'PATCH',
      url: '/api/units/00000000-0000-4000-8000-000000000000',
      payload: { unit_name: 'Ghost' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets an owner delete a unit without bookings and refuses one with bookings', async () => {
    const free = await createUnit(t.database);
    const asManager = await manager.inject({ method: 'DELETE', url: `/api/units/${free.unit_id}` });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().message).toBe(UNIT_PERMISSION_MESSAGES.delete);

    const deleted = await owner.inject({ method: 'DELETE', url: `/api/units/${free.unit_id}` });
    expect(deleted.statusCode).toBe(204);
    expect(
      await t.database.query('SELECT 1 FROM units WHERE unit_id = $1', [free.unit_id]),
    ).toEqual([]);
    const again = await owner.inject({ method: 'DELETE', url: `/api/units/${free.unit_id}` });
    expect(again.statusCode).toBe(404);

    const booked = await createUnit(t.database);
    await createBooking(
      t.database,
      booked.unit_id,
      { check_in: '2031-05-01', check_out: '2031-05-03' },
      { booking_status: 'Cancelled' },
    );
    const refused = await owner.inject({ method: 'DELETE', url: `/api/units/${booked.unit_id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This cabin cannot be deleted: it has 1 booking \(BK-/);
    expect(
      await t.database.query('SELECT 1 FROM units WHERE unit_id = $1', [booked.unit_id]),
    ).toHaveLength(1);
  });

  it('changes the status of several units in one transaction', async () => {
    const a = await createUnit(t.database);
    const b = await createUnit(t.database);
    const response = await manager.inject({
      method: 'POST',
      url: '/api/units/bulk-status',
      payload: { unit_ids: [a.unit_id, b.unit_id, a.unit_id], unit_status: 'Maintenance' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().updated).toBe(2);
    const statuses = await t.database.query<{ unit_status: string }>(
      'SELECT unit_status FROM units WHERE unit_id = ANY($1::uuid[])',
      [[a.unit_id, b.unit_id]],
    );
    expect(statuses.map((s) => s.unit_status)).toEqual(['Maintenance', 'Maintenance']);

    // One unknown id: nothing changes.
    const partial = await manager.inject({
      method: 'POST',
      url: '/api/units/bulk-status',
      payload: {
        unit_ids: [a.unit_id, '00000000-0000-4000-8000-000000000000'],
        unit_status: 'Available',
      },
    });
    expect(partial.statusCode).toBe(404);
    const [stillA] = await t.database.query<{ unit_status: string }>(
      'SELECT unit_status FROM units WHERE unit_id = $1',
      [a.unit_id],
    );
    expect(stillA!.unit_status).toBe('Maintenance');

    const empty = await manager.inject({
      method: 'POST',
      url: '/api/units/bulk-status',
      payload: { unit_ids: [], unit_status: 'Available' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FORM.selectAtLeastOneUnit);

    const badStatus = await manager.inject({
      method: 'POST',
      url: '/api/units/bulk-status',
      payload: { unit_ids: [a.unit_id], unit_status: 'Gone' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(FORM.selectUnitStatus);

    const asStaff = await staff.inject({
      method: 'POST',
      url: '/api/units/bulk-status',
      payload: { unit_ids: [a.unit_id], unit_status: 'Available' },
    });
    expect(asStaff.statusCode).toBe(403);
  });
});
