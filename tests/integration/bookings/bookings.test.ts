import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, createPayment, outboxMessages, setNow } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';
import { BOOKING_PERMISSION_MESSAGES } from '../../../src/server/bookings/bookings.routes';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let unitA: Awaited<ReturnType<typeof createUnit>>;
let unitB: Awaited<ReturnType<typeof createUnit>>;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
  // DESIGN §4 worked example 1's cabin A.
  unitA = await createUnit(t.database, {
    unit_name: 'Cabin A',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
  unitB = await createUnit(t.database, { unit_name: 'Cabin B', max_occupancy: 6 });
});
afterAll(() => t.close());
beforeEach(() => setNow(t, '2027-06-01'));

const validBooking = () => ({
  unit_id: unitA.unit_id,
  guest_name: 'Juan Dela Cruz',
  contact_number: '0917 123 4567',
  email: 'Juan.DelaCruz@Example.ph',
  num_guests: 3,
  check_in: '2027-06-10',
  check_out: '2027-06-13',
  special_requests: 'Ground floor please',
  payment_method: 'GCash',
});

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;

describe(`bookings API (${process.env.TEST_DB})`, () => {
  describe('POST /api/bookings', () => {
    it('creates a Pending, Unpaid booking priced by the server (DESIGN §4 example 1)', async () => {
      const response = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { ...validBooking(), check_in: '2027-09-10', check_out: '2027-09-13' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const booking = dataOf(response);
      expect(booking).toMatchObject({
        booking_status: 'Pending',
        payment_status: 'Unpaid',
        guest_name: 'Juan Dela Cruz',
        contact_number: '+639171234567',
        email: 'juan.delacruz@example.ph',
        num_guests: 3,
        nights: 3,
        source: 'phone',
        payment_method: 'GCash',
        special_requests: 'Ground floor please',
      });
      expect(booking.booking_reference).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
      // Sep 10–13, 2027 (Fri, Sat nights, Low Season): as example 1 but 101 days ahead →
      // Early Bird 15% of 10140 = 1521; VAT 12% of 8619 = 1034; local 1% = 86; total 9739.
      expect(booking).toMatchObject({
        base_amount: 7200,
        discount_name: 'Early Bird',
        discount_amount: 1521,
        vat_amount: 1034,
        local_tax_amount: 86,
        total_amount: 9739,
      });
      const lines = booking.booking_units as Json[];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        unit_id: unitA.unit_id,
        unit_price: 7200,
        weekend_surcharge: 1440,
        extra_person_charge: 1500,
        subtotal: 10140,
        assigned_guests: 3,
        unit: { unit_name: 'Cabin A' },
      });
      expect(booking.guest).toMatchObject({ email: 'juan.delacruz@example.ph', total_bookings: 1 });
      expect(booking.payments).toEqual([]);
      expect(booking).not.toHaveProperty('created_by');
      expect(booking).not.toHaveProperty('proof_deadline');
      // The answer is built from the rows the transaction wrote: it is what a read gives back.
      const read = await staff.inject({
        method: 'GET',
        url: `/api/bookings/${booking.booking_id}`,
      });
      expect(dataOf(read)).toEqual(booking);

      // DESIGN §6: the audit trigger recorded who made it.
      const audit = await t.database.query<{ user_email: string; event_type: string }>(
        `SELECT user_email, event_type FROM audit_logs WHERE table_name = 'bookings' AND record_id = $1`,
        [booking.booking_id],
      );
      expect(audit).toEqual([{ user_email: staff.user.email, event_type: 'booking_created' }]);
    });

    it('prices DESIGN §4 example 1 exactly (11,458)', async () => {
      const response = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: validBooking(),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(dataOf(response).total_amount).toBe(11458);
    });

    it('answers 409 naming the dates when the nights are taken, and writes nothing', async () => {
      const before = await countRows(t.database, 'bookings');
      const response = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { ...validBooking(), check_in: '2027-06-12', check_out: '2027-06-14' },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        'Cabin A is not available from Jun 12, 2027 to Jun 14, 2027. Please choose other dates.',
      );
      expect(await countRows(t.database, 'bookings')).toBe(before);
    });

    const longText = (n: number) => 'a'.repeat(n);
    const cases: [string, Json, string][] = [
      ['unit_id', { unit_id: 'not-an-id' }, 'Please select a cabin'],
      ['unit_id', { unit_id: undefined }, 'Please select a cabin'],
      ['guest_name', { guest_name: 'J' }, 'Name must be at least 2 characters'],
      ['guest_name', { guest_name: longText(101) }, 'Name too long'],
      [
        'guest_name',
        { guest_name: 'J0hn <b>' },
        'Name can only contain letters, spaces, hyphens, and apostrophes',
      ],
      [
        'contact_number',
        { contact_number: '12345' },
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ],
      ['email', { email: 'not-an-email' }, 'Invalid email address'],
      ['num_guests', { num_guests: 21 }, 'Number of guests cannot exceed 20'],
      ['num_guests', { num_guests: 0 }, 'At least 1 guest required'],
      ['check_in', { check_in: 'soon' }, 'Please select a valid date'],
      ['check_in', { check_in: '2027-05-31' }, 'Check-in date cannot be in the past'],
      ['check_out', { check_out: '2027-06-10' }, 'Check-out must be after check-in'],
      ['special_requests', { special_requests: longText(501) }, 'Maximum 500 characters'],
      ['internal_notes', { internal_notes: longText(501) }, 'Must be 500 characters or less'],
      ['payment_method', { payment_method: 'Bitcoin' }, 'Please select a payment method'],
    ];
    it.each(cases)(
      'refuses a bad %s with its SPEC §5 message (%j)',
      async (field, change, message) => {
        const [bookingsBefore, guestsBefore] = await Promise.all([
          countRows(t.database, 'bookings'),
          countRows(t.database, 'guests'),
        ]);
        const response = await staff.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: { ...validBooking(), email: 'new.person@example.ph', ...change },
        });
        expect(response.statusCode, response.body).toBe(400);
        const body = json(response);
        expect(body.issues).toContainEqual({ path: field, message });
        expect(await countRows(t.database, 'bookings')).toBe(bookingsBefore);
        expect(await countRows(t.database, 'guests')).toBe(guestsBefore);
      },
    );

    it('refuses more guests than the cabin holds, and an unknown cabin', async () => {
      const tooMany = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          ...validBooking(),
          num_guests: 5,
          check_in: '2027-07-01',
          check_out: '2027-07-02',
        },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany).issues).toContainEqual({
        path: 'num_guests',
        message: 'Cabin A allows at most 4 guests.',
      });
      const unknown = await staff.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { ...validBooking(), unit_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses anonymous callers (401)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: validBooking(),
      });
      expect([401, 403]).toContain(response.statusCode);
    });
  });

  describe('GET /api/bookings', () => {
    let listUnit: Awaited<ReturnType<typeof createUnit>>;
    beforeAll(async () => {
      listUnit = await createUnit(t.database, { unit_name: 'List Cabin', max_occupancy: 6 });
      const guest = await createGuest(t.database, {
        guest_name: 'Zeta Lister',
        email: 'zeta.lister@example.ph',
      });
      for (let i = 0; i < 12; i += 1) {
        const day = String(i * 2 + 1).padStart(2, '0');
        const next = String(i * 2 + 2).padStart(2, '0');
        const listed = await createBooking(
          t.database,
          listUnit.unit_id,
          { check_in: `2028-01-${day}`, check_out: `2028-01-${next}` },
          {
            guest_id: i < 3 ? guest.guest_id : null,
            guest_name: i < 3 ? 'Zeta Lister' : `Lister Number ${i}`,
            email: i < 3 ? 'zeta.lister@example.ph' : `lister${i}@example.ph`,
            total_amount: 1000 + i,
            booking_status: i === 0 ? 'Confirmed' : 'Pending',
          },
        );
        // Issue 17: the payment status is the folio's; this one is paid in full.
        if (i === 1) {
          await createPayment(t.database, listed.booking_id, { payment_amount: 1001 });
        }
      }
    });

    it('pages by 10 with lines, units and guests, newest first', async () => {
      const response = await staff.inject({
        method: 'GET',
        url: `/api/bookings?unit_id=${listUnit.unit_id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({ total: 12, page: 1, page_size: 10 });
      const rows = body.data as Json[];
      expect(rows).toHaveLength(10);
      expect((rows[0]!.booking_units as Json[])[0]).toMatchObject({
        unit: { unit_name: 'List Cabin' },
      });
      const created = rows.map((row) => String(row.created_at));
      expect([...created].sort().reverse()).toEqual(created);
      const page2 = json(
        await staff.inject({
          method: 'GET',
          url: `/api/bookings?unit_id=${listUnit.unit_id}&page=2`,
        }),
      );
      expect(page2.data as Json[]).toHaveLength(2);
    });

    it('filters by status, payment status, guest, dates and search; sorts by total', async () => {
      const get = async (query: string) =>
        json(
          await staff.inject({
            method: 'GET',
            url: `/api/bookings?unit_id=${listUnit.unit_id}&${query}`,
          }),
        );
      expect((await get('status=Confirmed')).total).toBe(1);
      expect((await get('booking_status=Pending')).total).toBe(11);
      expect((await get('payment_status=Paid')).total).toBe(1);
      const guested = await get('search=ZETA');
      expect(guested.total).toBe(3);
      expect(((guested.data as Json[])[0]!.guest as Json).guest_name).toBe('Zeta Lister');
      expect((await get('search=lister5%40example')).total).toBe(1);
      expect((await get('date_from=2028-01-21')).total).toBe(2);
      expect((await get('date_to=2028-01-04')).total).toBe(2);
      const sorted = await get('sort=total_amount&order=asc&page_size=3');
      expect((sorted.data as Json[]).map((row) => row.total_amount)).toEqual([1000, 1001, 1002]);
      const byName = await get('sort=guest_name&order=asc&page_size=1');
      expect((byName.data as Json[])[0]!.guest_name).toBe('Lister Number 10');
    });

    it('searches by reference, and strips what a search may not contain', async () => {
      const any = (
        json(await staff.inject({ method: 'GET', url: '/api/bookings?page_size=1' })).data as Json[]
      )[0]!;
      const reference = String(any.booking_reference);
      const found = json(
        await staff.inject({
          method: 'GET',
          url: `/api/bookings?search=${encodeURIComponent(`%${reference.toLowerCase()}'`)}`,
        }),
      );
      expect((found.data as Json[]).map((row) => row.booking_reference)).toEqual([reference]);
    });

    it('answers 400 for a bad filter and 401 without a session', async () => {
      const bad = await staff.inject({ method: 'GET', url: '/api/bookings?status=Lost' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).message).toBe('Unknown booking status');
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/bookings' });
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous).message).toBe('Authentication required. Please sign in.');
    });
  });

  describe('GET /api/bookings/:id', () => {
    it('answers the booking with lines, guest and payments (no proof path)', async () => {
      const booking = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-08-01',
        check_out: '2027-08-03',
      });
      await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
        payment_proof: `payment-proofs/${booking.booking_id}/1700000000000-receipt.png`,
      });
      const response = await staff.inject({
        method: 'GET',
        url: `/api/bookings/${booking.booking_id}`,
      });
      expect(response.statusCode).toBe(200);
      const data = dataOf(response);
      const payment = (data.payments as Json[])[0]!;
      expect(payment).toMatchObject({
        payment_status: 'Pending',
        has_proof: true,
        proof_file_name: 'receipt.png',
      });
      expect(payment.payment_proof_url).toBe(`/api/payments/${payment.payment_id}/proof`);
      expect(response.body).not.toContain('payment-proofs/');
    });

    it('answers 404 for a missing booking and for something that is not an id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
        const response = await staff.inject({ method: 'GET', url: `/api/bookings/${id}` });
        expect(response.statusCode).toBe(404);
        expect(json(response).message).toBe('Booking not found.');
      }
    });
  });

  describe('POST /api/bookings/:id/status', () => {
    it('lets staff confirm, check in and check out; stamps each and e-mails the confirmation', async () => {
      const booking = await createBooking(
        t.database,
        unitB.unit_id,
        { check_in: '2027-08-10', check_out: '2027-08-12' },
        { email: 'status.guest@example.ph', guest_name: 'Status Guest' },
      );
      // Issue 15: staff confirm once a payment is verified, and check in on the arrival day.
      await createPayment(t.database, booking.booking_id, { payment_amount: 3000 });
      // Issue 24: the earlier tests' bookings' mails, sent after their answers, are all out.
      await t.app.deps.jobs.settled();
      const mailsBefore = outboxMessages(t).length;
      const move = (status: string) =>
        staff.inject({
          method: 'POST',
          url: `/api/bookings/${booking.booking_id}/status`,
          payload: { status },
        });
      const confirmed = await move('Confirmed');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(dataOf(confirmed)).toMatchObject({ booking_status: 'Confirmed' });
      expect(dataOf(confirmed).confirmed_at).toEqual(expect.any(String));
      expect(json(confirmed).confirmation_email_sent).toBe(true);
      const mails = outboxMessages(t);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)).toContain('status.guest@example.ph');
      expect(mails.at(-1)).toContain(`Booking confirmed: ${booking.booking_reference}`);

      setNow(t, '2027-08-10');
      const checkedIn = await move('CheckedIn');
      expect(dataOf(checkedIn)).toMatchObject({ booking_status: 'CheckedIn' });
      expect(dataOf(checkedIn).checked_in_at).toEqual(expect.any(String));
      const lines = await t.database.query<{ booking_status: string }>(
        'SELECT booking_status FROM booking_units WHERE booking_id = $1',
        [booking.booking_id],
      );
      expect(lines).toEqual([{ booking_status: 'CheckedIn' }]);
      const checkedOut = await move('CheckedOut');
      expect(dataOf(checkedOut)).toMatchObject({ booking_status: 'CheckedOut' });

      // SPEC §4: CheckedOut is terminal.
      const again = await move('CheckedIn');
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe('Cannot transition from CheckedOut to CheckedIn');
    });

    it('refuses illegal moves with "Cannot transition from X to Y" (409) and changes nothing', async () => {
      const booking = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-08-20',
        check_out: '2027-08-21',
      });
      for (const [status, message] of [
        ['CheckedIn', 'Cannot transition from Pending to CheckedIn'],
        ['CheckedOut', 'Cannot transition from Pending to CheckedOut'],
        ['Pending', 'Cannot transition from Pending to Pending'],
      ]) {
        const response = await staff.inject({
          method: 'POST',
          url: `/api/bookings/${booking.booking_id}/status`,
          payload: { status },
        });
        expect(response.statusCode).toBe(409);
        expect(json(response).message).toBe(message);
      }
      const cancel = await staff.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/status`,
        payload: { status: 'Cancelled' },
      });
      expect(cancel.statusCode).toBe(400);
      const bad = await staff.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/status`,
        payload: { status: 'Lost' },
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).message).toBe('Please choose a booking status');
      const [row] = await t.database.query<{ booking_status: string }>(
        'SELECT booking_status FROM bookings WHERE booking_id = $1',
        [booking.booking_id],
      );
      expect(row!.booking_status).toBe('Pending');
    });
  });

  describe('PATCH /api/bookings/:id', () => {
    it('is refused to staff with SPEC §6 message (403), and nothing changes', async () => {
      const booking = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-09-01',
        check_out: '2027-09-02',
      });
      const response = await staff.inject({
        method: 'PATCH',
        url: `/api/bookings/${booking.booking_id}`,
        payload: { internal_notes: 'VIP' },
      });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe(BOOKING_PERMISSION_MESSAGES.edit);
      expect(json(response).message).toBe(
        'You do not have permission to edit bookings. Manager role required.',
      );
    });

    it('edits details; a new stay or guest count is re-priced (DESIGN §4)', async () => {
      const twin = await createUnit(t.database, {
        unit_name: 'Cabin A Twin',
        base_rate: 3000,
        weekend_rate: 3000,
        base_occupancy: 2,
        max_occupancy: 4,
        extra_person_rate: 500,
      });
      const created = dataOf(
        await staff.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: {
            ...validBooking(),
            unit_id: twin.unit_id,
            check_in: '2027-06-20',
            check_out: '2027-06-21',
            num_guests: 2,
          },
        }),
      );
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${created.booking_id}`,
        payload: {
          check_in: '2027-06-10',
          check_out: '2027-06-13',
          num_guests: 3,
          internal_notes: 'Moved by phone',
          payment_proof_url: 'https://example.com/receipt/123',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({
        check_in: '2027-06-10',
        check_out: '2027-06-13',
        num_guests: 3,
        total_amount: 11458,
        internal_notes: 'Moved by phone',
        payment_proof_url: 'https://example.com/receipt/123',
      });
      expect((dataOf(response).booking_units as Json[])[0]).toMatchObject({
        subtotal: 10140,
        assigned_guests: 3,
      });
      const audit = await t.database.query<{ user_email: string; event_type: string }>(
        `SELECT user_email, event_type FROM audit_logs
          WHERE table_name = 'bookings' AND record_id = $1 ORDER BY seq DESC LIMIT 1`,
        [created.booking_id],
      );
      expect(audit).toEqual([{ user_email: manager.user.email, event_type: 'booking_updated' }]);
    });

    it('answers 409 naming the dates when the new nights are taken, and keeps the old stay', async () => {
      const first = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-10-01',
        check_out: '2027-10-03',
      });
      const second = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-10-05',
        check_out: '2027-10-07',
      });
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${second.booking_id}`,
        payload: { check_in: '2027-10-02', check_out: '2027-10-06' },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        'Cabin B is not available from Oct 02, 2027 to Oct 06, 2027. Please choose other dates.',
      );
      const [row] = await t.database.query<{ check_in: string }>(
        'SELECT check_in FROM bookings WHERE booking_id = $1',
        [second.booking_id],
      );
      expect(row!.check_in).toBe('2027-10-05');
      expect(first.booking_id).not.toBe(second.booking_id);
    });

    it('moves a booking to another cabin and new dates at once', async () => {
      const other = await createUnit(t.database, { unit_name: 'Cabin C', max_occupancy: 4 });
      // The new dates are taken on cabin B but free on cabin C.
      await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-11-10',
        check_out: '2027-11-12',
      });
      const moving = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-11-01',
        check_out: '2027-11-02',
      });
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${moving.booking_id}`,
        payload: { unit_id: other.unit_id, check_in: '2027-11-10', check_out: '2027-11-12' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const lines = dataOf(response).booking_units as Json[];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ unit_id: other.unit_id, unit: { unit_name: 'Cabin C' } });
    });

    it('refuses a move to a cabin whose nights are taken with 409 naming that cabin, and keeps the booking where it was', async () => {
      const taken = await createUnit(t.database, { unit_name: 'Cabin D', max_occupancy: 4 });
      await createBooking(t.database, taken.unit_id, {
        check_in: '2027-12-10',
        check_out: '2027-12-12',
      });
      const staying = await createBooking(t.database, unitB.unit_id, {
        check_in: '2027-12-10',
        check_out: '2027-12-12',
      });
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${staying.booking_id}`,
        payload: { unit_id: taken.unit_id },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        'Cabin D is not available from Dec 10, 2027 to Dec 12, 2027. Please choose other dates.',
      );
      const lines = await t.database.query<{ unit_id: string }>(
        'SELECT unit_id FROM booking_units WHERE booking_id = $1',
        [staying.booking_id],
      );
      expect(lines).toEqual([{ unit_id: unitB.unit_id }]);
    });

    const bad: [string, Json, string][] = [
      ['internal_notes', { internal_notes: 'x'.repeat(501) }, 'Must be 500 characters or less'],
      [
        'payment_proof_url',
        { payment_proof_url: 'javascript:alert(1)' },
        'Please enter a valid URL',
      ],
      ['email', { email: 'nope' }, 'Invalid email address'],
      ['num_guests', { num_guests: 25 }, 'Number of guests cannot exceed 20'],
      [
        'check_out',
        { check_in: '2027-12-05', check_out: '2027-12-04' },
        'Check-out must be after check-in',
      ],
      [
        'contact_number',
        { contact_number: '555' },
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ],
    ];
    it.each(bad)(
      'refuses a bad %s (%j) with 400 and changes nothing',
      async (field, change, message) => {
        const booking = await createBooking(
          t.database,
          unitB.unit_id,
          { check_in: '2028-03-01', check_out: '2028-03-02' },
          { internal_notes: 'before' },
        );
        const response = await manager.inject({
          method: 'PATCH',
          url: `/api/bookings/${booking.booking_id}`,
          payload: change,
        });
        expect(response.statusCode).toBe(400);
        expect(json(response).issues).toContainEqual({ path: field, message });
        const [row] = await t.database.query<{ internal_notes: string; updated_at: Date }>(
          'SELECT internal_notes FROM bookings WHERE booking_id = $1',
          [booking.booking_id],
        );
        expect(row!.internal_notes).toBe('before');
        await t.database.query('DELETE FROM bookings WHERE booking_id = $1', [booking.booking_id]);
      },
    );
  });

  describe('cancellation and refunds (DESIGN §4)', () => {
    const boundaries: [number, number, number][] = [
      [30, 90, 9000],
      [29, 50, 5000],
      [15, 50, 5000],
      [14, 25, 2500],
      [7, 25, 2500],
      [6, 0, 0],
    ];
    it.each(boundaries)(
      'cancelled %i days before check-in refunds %i percent (%i pesos of 10000)',
      async (days, percent, amount) => {
        const unit = await createUnit(t.database);
        const guest = await createGuest(t.database);
        const checkIn = new Date(Date.UTC(2027, 5, 1 + days)).toISOString().slice(0, 10);
        const checkOut = new Date(Date.UTC(2027, 5, 2 + days)).toISOString().slice(0, 10);
        const booking = await createBooking(
          t.database,
          unit.unit_id,
          { check_in: checkIn, check_out: checkOut },
          { guest_id: guest.guest_id, total_amount: 10000, payment_status: 'Paid' },
        );
        await createPayment(t.database, booking.booking_id, {
          payment_amount: 10000,
          payment_method: 'Maya',
        });
        const preview = await staff.inject({
          method: 'GET',
          url: `/api/bookings/${booking.booking_id}/refund-preview`,
        });
        expect(preview.statusCode).toBe(200);
        expect(dataOf(preview)).toMatchObject({
          percent,
          amount,
          days_before: days,
          paid_amount: 10000,
          cancelled_on: '2027-06-01',
          can_cancel: true,
        });

        const response = await manager.inject({
          method: 'POST',
          url: `/api/bookings/${booking.booking_id}/cancel`,
          payload: { reason: 'Typhoon warning' },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(json(response).refund).toEqual({ percent, amount, days_before: days });
        const data = dataOf(response);
        expect(data).toMatchObject({
          booking_status: 'Cancelled',
          cancellation_reason: 'Typhoon warning',
          payment_status: amount > 0 ? 'Refunded' : 'Paid',
        });
        const refunds = (data.payments as Json[]).filter((p) => p.payment_status === 'Refunded');
        expect(refunds).toHaveLength(amount > 0 ? 1 : 0);
        if (amount > 0) {
          expect(refunds[0]).toMatchObject({ payment_amount: amount, payment_method: 'Maya' });
        }
        const [totals] = await t.database.query<{ total_bookings: number; total_spent: number }>(
          'SELECT total_bookings, total_spent FROM guests WHERE guest_id = $1',
          [guest.guest_id],
        );
        // Issue 15: the cancelled booking is still counted, beside the money kept from it.
        expect(totals).toEqual({ total_bookings: 1, total_spent: 10000 - amount });
      },
    );

    it('counts days in the resort zone, not UTC', async () => {
      // 16:30 UTC on June 1 is already June 2 in Manila: July 1 is 29 days away, not 30.
      setNow(t, '2027-06-01T16:30:00Z');
      const unit = await createUnit(t.database);
      const booking = await createBooking(
        t.database,
        unit.unit_id,
        { check_in: '2027-07-01', check_out: '2027-07-02' },
        { total_amount: 4000 },
      );
      await createPayment(t.database, booking.booking_id, { payment_amount: 4000 });
      const preview = dataOf(
        await staff.inject({
          method: 'GET',
          url: `/api/bookings/${booking.booking_id}/refund-preview`,
        }),
      );
      expect(preview).toMatchObject({ days_before: 29, percent: 50, amount: 2000 });
    });

    it('a no-show forfeits everything; cancelling twice is an illegal move', async () => {
      const unit = await createUnit(t.database);
      const booking = await createBooking(
        t.database,
        unit.unit_id,
        { check_in: '2027-08-01', check_out: '2027-08-02' },
        { booking_status: 'Confirmed', total_amount: 3000 },
      );
      await createPayment(t.database, booking.booking_id, { payment_amount: 3000 });
      const first = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/cancel`,
        payload: { reason: 'Did not arrive', no_show: true },
      });
      expect(first.statusCode).toBe(200);
      expect(json(first).refund).toMatchObject({ percent: 0, amount: 0 });
      const again = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/cancel`,
        payload: { reason: 'Again' },
      });
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe('Cannot transition from Cancelled to Cancelled');
    });

    it('needs a reason, is for managers, and refuses a checked-in booking', async () => {
      const unit = await createUnit(t.database);
      const booking = await createBooking(t.database, unit.unit_id, {
        check_in: '2027-08-01',
        check_out: '2027-08-02',
      });
      const noReason = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/cancel`,
        payload: { reason: '  ' },
      });
      expect(noReason.statusCode).toBe(400);
      expect(json(noReason).issues).toContainEqual({
        path: 'reason',
        message: 'This field is required',
      });
      const tooLong = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/cancel`,
        payload: { reason: 'x'.repeat(501) },
      });
      expect(json(tooLong).issues).toContainEqual({
        path: 'reason',
        message: 'Must be 500 characters or less',
      });
      const byStaff = await staff.inject({
        method: 'POST',
        url: `/api/bookings/${booking.booking_id}/cancel`,
        payload: { reason: 'x' },
      });
      expect(byStaff.statusCode).toBe(403);
      expect(json(byStaff).message).toBe(BOOKING_PERMISSION_MESSAGES.cancel);

      const checkedIn = await createBooking(
        t.database,
        unit.unit_id,
        { check_in: '2027-06-01', check_out: '2027-06-03' },
        { booking_status: 'CheckedIn' },
      );
      const refused = await manager.inject({
        method: 'POST',
        url: `/api/bookings/${checkedIn.booking_id}/cancel`,
        payload: { reason: 'Left early' },
      });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe('Cannot transition from CheckedIn to Cancelled');
      const [row] = await t.database.query<{ booking_status: string }>(
        'SELECT booking_status FROM bookings WHERE booking_id = $1',
        [booking.booking_id],
      );
      expect(row!.booking_status).toBe('Pending');
    });
  });

  describe('DELETE /api/bookings/:id', () => {
    it('is for owners; a booking with payments is held back (409)', async () => {
      const unit = await createUnit(t.database);
      const paid = await createBooking(t.database, unit.unit_id, {
        check_in: '2027-08-01',
        check_out: '2027-08-02',
      });
      await createPayment(t.database, paid.booking_id);
      const free = await createBooking(t.database, unit.unit_id, {
        check_in: '2027-08-05',
        check_out: '2027-08-06',
      });

      const byManager = await manager.inject({
        method: 'DELETE',
        url: `/api/bookings/${free.booking_id}`,
      });
      expect(byManager.statusCode).toBe(403);
      expect(json(byManager).message).toBe(BOOKING_PERMISSION_MESSAGES.delete);

      const held = await owner.inject({
        method: 'DELETE',
        url: `/api/bookings/${paid.booking_id}`,
      });
      expect(held.statusCode).toBe(409);
      expect(json(held).message).toBe('Cannot perform this operation due to related records.');

      const deleted = await owner.inject({
        method: 'DELETE',
        url: `/api/bookings/${free.booking_id}`,
      });
      expect(deleted.statusCode).toBe(204);
      expect(
        await t.database.query('SELECT 1 FROM booking_units WHERE booking_id = $1', [
          free.booking_id,
        ]),
      ).toEqual([]);
    });
  });

  describe('GET /api/bookings/:id/audit', () => {
    it('shows managers the newest entries first and staff an empty list', async () => {
      const created = dataOf(
        await staff.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: {
            ...validBooking(),
            check_in: '2028-05-01',
            check_out: '2028-05-02',
            num_guests: 2,
          },
        }),
      );
      await createPayment(t.database, created.booking_id as string, { payment_amount: 3000 });
      await staff.inject({
        method: 'POST',
        url: `/api/bookings/${created.booking_id}/status`,
        payload: { status: 'Confirmed' },
      });
      const forManager = json(
        await manager.inject({ method: 'GET', url: `/api/bookings/${created.booking_id}/audit` }),
      ).data as Json[];
      // Issue 17: the verified payment settles the booking's payment status from its folio.
      expect(forManager.map((row) => row.event_type)).toEqual([
        'booking_confirmed',
        'booking_updated',
        'booking_created',
      ]);
      expect(forManager[0]).toMatchObject({
        action: 'UPDATE',
        user_email: staff.user.email,
        severity: 'INFO',
      });
      expect(forManager[0]!.changed_fields).toContain('booking_status');
      // SPEC §3: the booking's e-mail is redacted in the trail.
      expect((forManager[1]!.new_data as Json).email).toBe('[REDACTED]');

      const forStaff = json(
        await staff.inject({ method: 'GET', url: `/api/bookings/${created.booking_id}/audit` }),
      );
      expect(forStaff.data).toEqual([]);
    });
  });
});
