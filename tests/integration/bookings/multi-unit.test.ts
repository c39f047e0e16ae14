import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createUnit } from '../../support/factories';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, setNow } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';
import { availabilityBlackouts } from '../../../src/server/db/schema';
import { multiUnitBookingSchema } from '../../../src/domain/schemas/multi-unit.schema';
import { IDEMPOTENCY_MESSAGES, hashRequest } from '../../../src/server/idempotency/idempotency';
import { multiUnitScope } from '../../../src/server/bookings/multi-unit-booking.service';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
// DESIGN §4 worked example 3's cabins.
let unitA: Awaited<ReturnType<typeof createUnit>>;
let unitB: Awaited<ReturnType<typeof createUnit>>;
let unitC: Awaited<ReturnType<typeof createUnit>>;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'manager')]);
  unitA = await createUnit(t.database, {
    unit_name: 'Cabin A',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
  unitB = await createUnit(t.database, {
    unit_name: 'Cabin B',
    base_rate: 4500,
    weekend_rate: 5500,
    base_occupancy: 2,
    max_occupancy: 6,
    extra_person_rate: 750,
  });
  unitC = await createUnit(t.database, {
    unit_name: 'Cabin C',
    base_rate: 2500,
    weekend_rate: 2500,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 400,
  });
});
afterAll(() => t.close());
beforeEach(() => setNow(t, '2027-03-10'));

type Json = Record<string, unknown>;

const HOLY_WEEK = { check_in: '2027-03-26', check_out: '2027-03-29' };

function payload(overrides: Json = {}): Json {
  return {
    primary_guest: {
      guest_name: 'Maria Santos',
      email: 'maria.santos@example.ph',
      contact_number: '+63 917 555 0101',
    },
    ...HOLY_WEEK,
    units: [
      { unit_id: unitA.unit_id, num_guests: 2, unit_notes: 'Near the beach' },
      { unit_id: unitB.unit_id, num_guests: 4 },
      { unit_id: unitC.unit_id, num_guests: 3 },
    ],
    payment: { method: 'GCash' },
    special_requests: 'Family reunion',
    source: 'web',
    ...overrides,
  };
}

function post(session: SignedIn, body: unknown, key: string | null = randomUUID()) {
  return session.inject({
    method: 'POST',
    url: '/api/bookings/multi-unit',
    payload: body as Json,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

async function cancelAll() {
  await t.database.query(`UPDATE bookings SET booking_status = 'Cancelled'`);
}

describe(`multi-unit bookings (${process.env.TEST_DB})`, () => {
  describe('POST /api/bookings/multi-unit', () => {
    beforeEach(cancelAll);

    it('books DESIGN §4 example 3 in one booking with the Bulk discount, as /api/quote prices it', async () => {
      const response = await post(staff, payload());
      expect(response.statusCode, response.body).toBe(201);
      const booking = (response.json() as { data: Json }).data;
      expect(booking).toMatchObject({
        is_multi_unit: true,
        unit_count: 3,
        booking_status: 'Pending',
        payment_status: 'Unpaid',
        payment_method: 'GCash',
        source: 'phone',
        num_guests: 9,
        guest_name: 'Maria Santos',
        email: 'maria.santos@example.ph',
        special_requests: 'Family reunion',
        base_amount: 54000,
        total_surcharges: 15240,
        discount_name: 'Bulk',
        discount_amount: 6924,
        vat_amount: 7478,
        local_tax_amount: 623,
        total_amount: 70417,
      });
      const lines = booking.booking_units as Json[];
      expect(lines.map((line) => line.unit_id).sort()).toEqual(
        [unitA.unit_id, unitB.unit_id, unitC.unit_id].sort(),
      );
      const lineOf = (unitId: string) => lines.find((line) => line.unit_id === unitId);
      expect(lineOf(unitA.unit_id)).toMatchObject({
        unit_price: 16200,
        weekend_surcharge: 3240,
        extra_person_charge: 0,
        subtotal: 19440,
        assigned_guests: 2,
        unit_notes: 'Near the beach',
      });
      expect(lineOf(unitB.unit_id)).toMatchObject({
        unit_price: 24300,
        weekend_surcharge: 3600,
        extra_person_charge: 4500,
        subtotal: 32400,
        assigned_guests: 4,
      });
      expect(lineOf(unitC.unit_id)).toMatchObject({ subtotal: 17400, assigned_guests: 3 });
      expect(booking.guest).toMatchObject({ email: 'maria.santos@example.ph', total_bookings: 1 });
      expect(booking.payments).toEqual([]);

      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: {
          ...HOLY_WEEK,
          units: [
            { unit_id: unitA.unit_id, num_guests: 2 },
            { unit_id: unitB.unit_id, num_guests: 4 },
            { unit_id: unitC.unit_id, num_guests: 3 },
          ],
        },
      });
      expect(quote.json()).toMatchObject({ total_amount: booking.total_amount });

      const detail = await staff.inject({
        method: 'GET',
        url: `/api/bookings/${String(booking.booking_id)}`,
      });
      expect(detail.json()).toEqual(response.json());
    });

    it('records a given payment; a manager’s counts as verified', async () => {
      const response = await post(
        manager,
        payload({
          payment: { method: 'Cash', amount: 20000 },
          units: [{ unit_id: unitA.unit_id, num_guests: 2 }],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const booking = (response.json() as { data: Json }).data;
      expect(booking).toMatchObject({ payment_method: 'Cash', payment_status: 'Deposit paid' });
      expect(booking.payments).toEqual([
        expect.objectContaining({ payment_amount: 20000, payment_status: 'Completed' }),
      ]);
    });

    it('refuses a payment above the total and creates nothing', async () => {
      const before = await countRows(t.database, 'bookings');
      const response = await post(staff, payload({ payment: { method: 'Cash', amount: 900000 } }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ issues: [{ path: 'payment.amount' }] });
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    it('creates nothing at all when the second unit is taken', async () => {
      await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-03-27',
        check_out: '2027-03-28',
      });
      const counts = async () => ({
        bookings: await countRows(t.database, 'bookings'),
        lines: await countRows(t.database, 'booking_units'),
        guests: await countRows(t.database, 'guests'),
        payments: await countRows(t.database, 'payments'),
      });
      const before = await counts();
      const response = await post(
        staff,
        payload({
          primary_guest: {
            guest_name: 'New Person',
            email: 'brand.new@example.ph',
            contact_number: '09175550102',
          },
          payment: { method: 'GCash', amount: 1000 },
        }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message:
          'Cabin B is not available from Mar 26, 2027 to Mar 29, 2027. Please choose other dates.',
      });
      expect(await counts()).toEqual(before);
    });

    it('keeps SPEC §5’s limits: 1 to 10 units, none twice, guests up to the unit’s maximum', async () => {
      const before = await countRows(t.database, 'bookings');
      const eleven = Array.from({ length: 11 }, () => ({ unit_id: randomUUID(), num_guests: 1 }));
      const cases: [Json, string, string][] = [
        [payload({ units: [] }), 'units', 'Please select at least one cabin'],
        [payload({ units: eleven }), 'units', 'Maximum 10 cabins per booking'],
        [
          payload({
            units: [
              { unit_id: unitA.unit_id, num_guests: 1 },
              { unit_id: unitA.unit_id.toUpperCase(), num_guests: 1 },
            ],
          }),
          'units.1.unit_id',
          'Cabin already added to booking',
        ],
        [
          payload({ units: [{ unit_id: unitA.unit_id, num_guests: 0 }] }),
          'units.0.num_guests',
          'At least 1 guest required',
        ],
        [
          payload({
            units: [
              { unit_id: unitA.unit_id, num_guests: 1 },
              { unit_id: unitC.unit_id, num_guests: 5 },
            ],
          }),
          'units.1.num_guests',
          'Cabin C allows at most 4 guests.',
        ],
        [
          payload({ check_in: '2027-03-09', check_out: '2027-03-12' }),
          'check_in',
          'Check-in date cannot be in the past',
        ],
        [payload({ check_out: '2027-03-26' }), 'check_out', 'Check-out must be after check-in'],
        [
          payload({ primary_guest: { guest_name: 'M', email: 'x', contact_number: '12' } }),
          'primary_guest.guest_name',
          'Name must be at least 2 characters',
        ],
      ];
      for (const [body, path, message] of cases) {
        const response = await post(staff, body);
        expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
        const issues = (response.json() as { issues?: { path: string; message: string }[] }).issues;
        expect(issues, response.body).toContainEqual({ path, message });
      }
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    it('refuses a unit under maintenance, and an unknown unit, without a 5xx', async () => {
      const shut = await createUnit(t.database, { unit_status: 'Maintenance' });
      const closed = await post(
        staff,
        payload({ units: [{ unit_id: shut.unit_id, num_guests: 1 }] }),
      );
      expect(closed.statusCode).toBe(400);
      const unknown = await post(
        staff,
        payload({ units: [{ unit_id: randomUUID(), num_guests: 1 }] }),
      );
      expect(unknown.statusCode).toBe(404);
      const garbage = await staff.inject({
        method: 'POST',
        url: '/api/bookings/multi-unit',
        headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
        payload: '{"units": [',
      });
      expect(garbage.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/bookings/:id of a multi-cabin booking', () => {
    beforeEach(cancelAll);

    it('re-prices every cabin for new dates, as /api/quote prices the new stay', async () => {
      const created = (await post(staff, payload())).json() as { data: Json };
      const stay = { check_in: '2027-04-12', check_out: '2027-04-15' };
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${String(created.data.booking_id)}`,
        payload: stay,
      });
      expect(response.statusCode, response.body).toBe(200);
      const booking = (response.json() as { data: Json }).data;

      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: {
          ...stay,
          units: [
            { unit_id: unitA.unit_id, num_guests: 2 },
            { unit_id: unitB.unit_id, num_guests: 4 },
            { unit_id: unitC.unit_id, num_guests: 3 },
          ],
        },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      const priced = quote.json() as Json & { units: Json[] };
      expect(booking).toMatchObject({
        ...stay,
        num_guests: 9,
        base_amount: priced.base_amount,
        total_surcharges: priced.total_surcharges,
        discount_amount: priced.discount_amount,
        vat_amount: priced.vat,
        local_tax_amount: priced.local_tax,
        total_amount: priced.total_amount,
      });
      const lines = booking.booking_units as Json[];
      expect(lines).toHaveLength(3);
      for (const line of priced.units) {
        expect(lines.find((row) => row.unit_id === line.unit_id)).toMatchObject({
          unit_price: line.base_total,
          weekend_surcharge: line.weekend_surcharge,
          extra_person_charge: line.extra_person_fee,
          subtotal: line.unit_total,
        });
      }
      // The Holy Week price is gone: the new stay is cheaper.
      expect(Number(booking.total_amount)).toBeLessThan(Number(created.data.total_amount));
    });
  });

  describe('Idempotency-Key', () => {
    beforeEach(cancelAll);

    it('is required', async () => {
      const before = await countRows(t.database, 'bookings');
      const missing = await post(staff, payload(), null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.missing });
      const short = await post(staff, payload(), 'abc');
      expect(short.statusCode).toBe(400);
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    it('answers the first response again for the same body, for 24 hours', async () => {
      const key = randomUUID();
      const first = await post(staff, payload(), key);
      expect(first.statusCode, first.body).toBe(201);
      const before = await countRows(t.database, 'bookings');

      // Same body in another key order: the same request.
      const { units, ...rest } = payload();
      const again = await post(staff, { units, ...rest }, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');

      setNow(t, '2027-03-11T03:00:00Z'); // 23 hours later
      const later = await post(staff, payload(), key);
      expect(later.statusCode).toBe(201);
      expect(later.json()).toEqual(first.json());
      expect(await countRows(t.database, 'bookings')).toBe(before);

      // Keys are each member of staff's own: another's same key is another request.
      const other = await post(manager, payload(), key);
      expect(other.statusCode).toBe(409); // the same nights, now taken
    });

    it('replays a refusal too, and forgets the key after 24 hours', async () => {
      const key = randomUUID();
      const body = payload({ units: [{ unit_id: unitA.unit_id, num_guests: 9 }] });
      const first = await post(staff, body, key);
      expect(first.statusCode).toBe(400);
      const again = await post(staff, body, key);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');

      setNow(t, '2027-03-11T04:00:01Z');
      const fresh = await post(staff, body, key);
      expect(fresh.statusCode).toBe(400);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    });

    it('answers 422 for the same key with another body, and creates nothing more', async () => {
      const key = randomUUID();
      expect((await post(staff, payload(), key)).statusCode).toBe(201);
      const before = await countRows(t.database, 'bookings');
      const other = await post(staff, payload({ special_requests: 'Something else' }), key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused });
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const key = randomUUID();
      const body = payload();
      // What a first request leaves while it runs (as another app instance would): the route
      // hashes the parsed body.
      const parsed = multiUnitBookingSchema.parse(body);
      await t.database.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, status, created_at, expires_at)
         VALUES ($1, $2, $3, 'processing', $4, $5)`,
        [
          multiUnitScope(staff.user.id),
          key,
          hashRequest(parsed),
          '2027-03-10T03:59:30Z',
          '2027-03-11T03:59:30Z',
        ],
      );
      const before = await countRows(t.database, 'bookings');
      const response = await post(staff, body, key);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    it('lets a retry take over a key whose first request died more than 2 minutes ago', async () => {
      const key = randomUUID();
      const body = payload();
      await t.database.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, status, created_at, expires_at)
         VALUES ($1, $2, $3, 'processing', $4, $5)`,
        [
          multiUnitScope(staff.user.id),
          key,
          hashRequest(multiUnitBookingSchema.parse(body)),
          '2027-03-10T03:57:00Z',
          '2027-03-11T03:57:00Z',
        ],
      );
      const response = await post(staff, body, key);
      expect(response.statusCode, response.body).toBe(201);
      const again = await post(staff, body, key);
      expect(again.json()).toEqual(response.json());
    });

    it('makes one booking of two identical requests sent at once', async () => {
      const key = randomUUID();
      const before = await countRows(t.database, 'bookings');
      const responses = await Promise.all([
        post(staff, payload(), key),
        post(staff, payload(), key),
      ]);
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses[0], responses.map((r) => r.body).join('\n')).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      const created = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
      for (const body of created) expect(body).toEqual(created[0]);
      expect(await countRows(t.database, 'bookings')).toBe(before + 1);
    });
  });

  it('20 concurrent requests overlapping on one unit create exactly one booking', async () => {
    await cancelAll();
    const shared = await createUnit(t.database, { unit_name: 'Shared Cabin' });
    const own = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUnit(t.database, { unit_name: `Own ${i}` })),
    );
    const counts = async () => ({
      bookings: await countRows(t.database, `bookings WHERE booking_status <> 'Cancelled'`),
      lines: await countRows(t.database, `booking_units WHERE booking_status <> 'Cancelled'`),
      guests: await countRows(t.database, 'guests'),
    });
    const before = await counts();
    const responses = await Promise.all(
      own.map((unit, i) =>
        post(
          staff,
          payload({
            primary_guest: {
              guest_name: `Racer ${String.fromCharCode(65 + i)}`,
              email: `racer.${i}@example.ph`,
              contact_number: '09175550199',
            },
            check_in: '2027-04-05',
            check_out: '2027-04-08',
            units: [
              { unit_id: unit.unit_id, num_guests: 2 },
              { unit_id: shared.unit_id, num_guests: 2 },
            ],
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await counts()).toEqual({
      bookings: before.bookings + 1,
      lines: before.lines + 2,
      guests: before.guests + 1,
    });
  });

  describe('GET /api/availability/multi-unit', () => {
    beforeAll(cancelAll);

    async function check(query: string, session: SignedIn = staff) {
      return session.inject({ method: 'GET', url: `/api/availability/multi-unit?${query}` });
    }
    type Result = { unit_id: string; is_available: boolean; conflicting_bookings: Json[] };
    const results = (response: { json(): unknown }) =>
      (response.json() as { data: { results: Result[] } }).data.results;

    it('reports free units, overlapping bookings and blackouts, ignoring cancelled bookings', async () => {
      const free = await createUnit(t.database, { unit_name: 'Free Cabin' });
      const booked = await createUnit(t.database, { unit_name: 'Booked Cabin' });
      const blocked = await createUnit(t.database, { unit_name: 'Blocked Cabin' });
      const taken = await createBooking(t.database, booked.unit_id, {
        check_in: '2027-05-03',
        check_out: '2027-05-06',
      });
      // Cancelled, and back-to-back: neither conflicts with May 06–08.
      await createBooking(
        t.database,
        free.unit_id,
        { check_in: '2027-05-06', check_out: '2027-05-08' },
        { booking_status: 'Cancelled' },
      );
      await createBooking(t.database, free.unit_id, {
        check_in: '2027-05-02',
        check_out: '2027-05-05',
      });
      await t.database.db.insert(availabilityBlackouts).values({
        unit_id: blocked.unit_id,
        start_date: '2027-05-07',
        end_date: '2027-05-07',
        reason: 'Roof repair',
      });

      const ids = [free, booked, blocked].map((u) => u.unit_id);
      const response = await check(
        `unit_ids=${ids.join(',')}&check_in=2027-05-05&check_out=2027-05-08`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(results(response)).toEqual([
        { unit_id: free.unit_id, is_available: true, conflicting_bookings: [] },
        {
          unit_id: booked.unit_id,
          is_available: false,
          conflicting_bookings: [
            {
              type: 'booking',
              booking_id: taken.booking_id,
              booking_reference: taken.booking_reference,
              booking_status: 'Pending',
              check_in: '2027-05-03',
              check_out: '2027-05-06',
              reason: 'Booked from May 03, 2027 to May 06, 2027',
            },
          ],
        },
        {
          unit_id: blocked.unit_id,
          is_available: false,
          conflicting_bookings: [
            expect.objectContaining({
              type: 'blackout',
              check_in: '2027-05-07',
              check_out: '2027-05-07',
              reason: 'Blocked from May 07, 2027 to May 07, 2027: Roof repair',
            }),
          ],
        },
      ]);

      // The same through repeated units[]; the blackout's day is outside May 05–07 checkouts.
      const repeated = await check(
        `units[]=${blocked.unit_id}&units[]=${booked.unit_id}&check_in=2027-05-06&check_out=2027-05-07`,
      );
      expect(repeated.statusCode).toBe(200);
      expect(results(repeated)).toEqual([
        { unit_id: blocked.unit_id, is_available: true, conflicting_bookings: [] },
        { unit_id: booked.unit_id, is_available: true, conflicting_bookings: [] },
      ]);
    });

    it('counts a unit status other than Available, and an unknown unit, as conflicts', async () => {
      const shut = await createUnit(t.database, { unit_status: 'Maintenance' });
      const ghost = randomUUID();
      const response = await check(
        `units[]=${shut.unit_id}&units[]=${ghost}&check_in=2027-06-01&check_out=2027-06-02`,
      );
      expect(response.statusCode).toBe(200);
      expect(results(response)).toEqual([
        {
          unit_id: shut.unit_id,
          is_available: false,
          conflicting_bookings: [
            {
              type: 'unit_status',
              unit_status: 'Maintenance',
              reason: 'Cabin status is Maintenance',
            },
          ],
        },
        {
          unit_id: ghost,
          is_available: false,
          conflicting_bookings: [{ type: 'not_found', reason: 'Cabin not found' }],
        },
      ]);
    });

    it('answers for every unit when none is named', async () => {
      const response = await check('check_in=2027-06-01&check_out=2027-06-02');
      expect(response.statusCode).toBe(200);
      expect(results(response).map((r) => r.unit_id)).toContain(unitA.unit_id);
      expect(results(response)).toHaveLength(await countRows(t.database, 'units'));
    });

    it('answers 400, never 500, for bad dates and ids', async () => {
      const bad = [
        `unit_ids=${unitA.unit_id}&check_in=2027-02-30&check_out=2027-03-02`,
        `unit_ids=${unitA.unit_id}&check_in=tomorrow&check_out=2027-03-02`,
        `unit_ids=${unitA.unit_id}&check_out=2027-03-02`,
        `unit_ids=${unitA.unit_id}&check_in=2027-03-05&check_out=2027-03-02`,
        `unit_ids=${unitA.unit_id}&check_in=2027-03-05&check_out=2027-03-05`,
        `unit_ids=not-a-uuid&check_in=2027-03-05&check_out=2027-03-06`,
        `units[]=1;DROP TABLE units&check_in=2027-03-05&check_out=2027-03-06`,
        `unit_ids=${unitA.unit_id}&check_in=99999-01-01&check_out=99999-01-02`,
      ];
      for (const query of bad) {
        const response = await check(query);
        expect(response.statusCode, `${query} → ${response.body}`).toBe(400);
      }
    });
  });
});
