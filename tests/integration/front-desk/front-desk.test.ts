import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, messageOutcomes, outboxMessages, setNow } from '../../support/back-office';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 22: the front desk's day sheet, check-in (arrival day, not cancelled, an ID for a walk-in,
 * redacted in the audit trail and erased with the guest), check-out with a balance due (409,
 * a manager's audited override, 403 for staff), walk-ins without e-mail, and the source filter.
 */

let t: TestApp;
let staff: SignedIn & { account: { name: string } };
let manager: SignedIn;
let owner: SignedIn;

const TODAY = '2027-06-01';

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;

function setStatus(who: SignedIn, bookingId: string, body: Json) {
  return who.inject({ method: 'POST', url: `/api/bookings/${bookingId}/status`, payload: body });
}

const refs = (list: unknown) => (list as Json[]).map((stay) => stay.booking_reference);

describe(`front desk (${process.env.TEST_DB})`, () => {
  it("lists a date's arrivals, guests in house and departures, with balance and cabin", async () => {
    setNow(t, TODAY);
    const unit = await createUnit(t.database);
    const other = await createUnit(t.database);
    const third = await createUnit(t.database);
    const day = '2027-06-10';
    const arriving = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: day, check_out: '2027-06-12' },
      { booking_status: 'Confirmed', total_amount: 6000, special_requests: 'Late arrival' },
    );
    const inHouse = await createBooking(
      t.database,
      other.unit_id,
      { check_in: '2027-06-09', check_out: '2027-06-11' },
      { booking_status: 'CheckedIn' },
    );
    const leaving = await createBooking(
      t.database,
      third.unit_id,
      { check_in: '2027-06-08', check_out: day },
      { booking_status: 'CheckedIn' },
    );
    const cancelled = await createBooking(
      t.database,
      third.unit_id,
      { check_in: day, check_out: '2027-06-11' },
      { booking_status: 'Cancelled' },
    );
    await createPayment(t.database, arriving.booking_id, { payment_amount: 1500.5 });

    const response = await staff.inject({ method: 'GET', url: `/api/front-desk?date=${day}` });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = dataOf(response);
    expect(sheet.date).toBe(day);
    expect(refs(sheet.arrivals)).toContain(arriving.booking_reference);
    expect(refs(sheet.arrivals)).not.toContain(cancelled.booking_reference);
    expect(refs(sheet.in_house)).toEqual([inHouse.booking_reference]);
    expect(refs(sheet.departures)).toEqual([leaving.booking_reference]);
    const arrival = (sheet.arrivals as Json[]).find(
      (stay) => stay.booking_reference === arriving.booking_reference,
    )!;
    expect(arrival).toMatchObject({
      balance: 4499.5,
      special_requests: 'Late arrival',
      id_recorded: false,
      units: [
        {
          unit_id: unit.unit_id,
          unit_name: unit.unit_name,
          housekeeping_status: 'Clean',
          check_in: day,
          check_out: '2027-06-12',
        },
      ],
    });

    // Without a date: the resort's today.
    const today = await staff.inject({ method: 'GET', url: '/api/front-desk' });
    expect(dataOf(today).date).toBe(TODAY);
    expect(
      (await staff.inject({ method: 'GET', url: '/api/front-desk?date=2027-13-01' })).statusCode,
    ).toBe(400);
  });

  it('checks in only on the arrival day and never a cancelled booking', async () => {
    setNow(t, TODAY);
    const unit = await createUnit(t.database);
    const future = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2027-06-05', check_out: '2027-06-06' },
      { booking_status: 'Confirmed' },
    );
    const early = await setStatus(staff, future.booking_id, { status: 'CheckedIn' });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Check-in opens on the arrival day, Jun 05, 2027.');
    const cancelled = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: TODAY, check_out: '2027-06-02' },
      { booking_status: 'Cancelled' },
    );
    const refused = await setStatus(staff, cancelled.booking_id, { status: 'CheckedIn' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('Cannot transition from Cancelled to CheckedIn');
  });

  it('books a walk-in with a phone and no e-mail: no mail is sent, messages are skipped, an ID is required at check-in', async () => {
    setNow(t, TODAY);
    const unit = await createUnit(t.database);
    // The earlier tests' bookings' mails (sent after their answers) are all out before counting.
    await t.app.deps.jobs.settled();
    const before = outboxMessages(t).length;
    const created = await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        unit_id: unit.unit_id,
        guest_name: 'Walk In Guest',
        contact_number: '0917 555 0199',
        num_guests: 2,
        check_in: TODAY,
        check_out: '2027-06-03',
        source: 'walk_in',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Issue 24: the booking's mails leave after its answer.
    await t.app.deps.jobs.settled();
    const booking = dataOf(created);
    expect(booking).toMatchObject({
      email: null,
      contact_number: '+639175550199',
      source: 'walk_in',
      created_by_name: staff.account.name,
      id_type: null,
      id_number_last4: null,
    });
    expect((booking.guest as Json).email).toBeNull();
    expect(outboxMessages(t).length).toBe(before);
    const outcomes = await messageOutcomes(t, booking.booking_id as string);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(new Set(outcomes)).toEqual(new Set(['skipped: No e-mail address']));

    // Neither e-mail nor phone: a field message at email.
    const neither = await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        unit_id: unit.unit_id,
        guest_name: 'Nobody Known',
        num_guests: 1,
        check_in: '2027-06-20',
        check_out: '2027-06-21',
      },
    });
    expect(neither.statusCode).toBe(400);
    expect(json(neither).issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'email',
          message: 'Enter an e-mail address or a phone number',
        }),
      ]),
    );

    const id = booking.booking_id as string;
    const confirmed = await setStatus(manager, id, {
      status: 'Confirmed',
      override_reason: 'Pays cash at the desk',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed).confirmation_email_sent).toBe(false);
    const noId = await setStatus(staff, id, { status: 'CheckedIn' });
    expect(noId.statusCode).toBe(400);
    expect(json(noId).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'id_type' })]),
    );
    const half = await setStatus(staff, id, { status: 'CheckedIn', id_type: 'passport' });
    expect(half.statusCode).toBe(400);
    const checkedIn = await setStatus(staff, id, {
      status: 'CheckedIn',
      id_type: 'passport',
      id_number: 'P1234567A',
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(dataOf(checkedIn)).toMatchObject({
      booking_status: 'CheckedIn',
      id_type: 'passport',
      id_number_last4: '567A',
    });
    expect(checkedIn.body).not.toContain('P1234567A');

    // Redacted in the audit trail: the number appears in no audit row.
    const leaks = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs
        WHERE coalesce(old_data::text, '') || coalesce(new_data::text, '') || coalesce(metadata::text, '') LIKE '%P1234567A%'`,
    );
    expect(Number(leaks[0]!.n)).toBe(0);
    const [audited] = await t.database.query<{ id_number: string }>(
      `SELECT new_data->>'id_number' AS id_number FROM audit_logs
        WHERE table_name = 'bookings' AND record_id = $1 AND new_data ? 'id_number'
          AND new_data->>'id_type' = 'passport' ORDER BY seq DESC LIMIT 1`,
      [id],
    );
    expect(audited?.id_number).toBe('[REDACTED]');

    // The list filters by source.
    const walkIns = await staff.inject({
      method: 'GET',
      url: '/api/bookings?source=walk_in&page_size=100',
    });
    expect(walkIns.statusCode).toBe(200);
    const listed = json(walkIns).data as Json[];
    expect(listed.map((row) => row.booking_id)).toContain(id);
    expect(listed.every((row) => row.source === 'walk_in')).toBe(true);
    const phone = await staff.inject({
      method: 'GET',
      url: '/api/bookings?source=phone&page_size=100',
    });
    expect((json(phone).data as Json[]).map((row) => row.booking_id)).not.toContain(id);
    expect(
      (await staff.inject({ method: 'GET', url: '/api/bookings?source=fax' })).statusCode,
    ).toBe(400);

    // Erased with the guest's data.
    const guestId = booking.guest_id as string;
    const erased = await owner.inject({
      method: 'POST',
      url: `/api/guests/${guestId}/anonymize`,
      payload: { confirm_name: 'Walk In Guest' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await t.database.query<{ id_type: string | null; id_number: string | null }>(
      'SELECT id_type, id_number FROM bookings WHERE booking_id = $1',
      [id],
    );
    expect(row).toEqual({ id_type: null, id_number: null });
  });

  it('refuses check-out with a balance due unless a manager gives a reason (audited); staff get 403', async () => {
    setNow(t, TODAY);
    const unit = await createUnit(t.database);
    const guest = await createGuest(t.database);
    const booking = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2027-05-30', check_out: TODAY },
      { booking_status: 'CheckedIn', total_amount: 6000, guest_id: guest.guest_id },
    );
    await createPayment(t.database, booking.booking_id, { payment_amount: 5000 });
    const refused = await setStatus(staff, booking.booking_id, { status: 'CheckedOut' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(
      'This booking has a balance due of ₱1,000.00. A manager must approve checking out with a reason.',
    );
    const byStaff = await setStatus(staff, booking.booking_id, {
      status: 'CheckedOut',
      override_reason: 'Will pay tomorrow',
    });
    expect(byStaff.statusCode).toBe(403);
    expect(json(byStaff).message).toBe(
      'You do not have permission to check out a booking with a balance due. Manager role required.',
    );
    const managerWithout = await setStatus(manager, booking.booking_id, { status: 'CheckedOut' });
    expect(managerWithout.statusCode).toBe(409);
    const approved = await setStatus(manager, booking.booking_id, {
      status: 'CheckedOut',
      override_reason: 'Company pays the balance by transfer',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf(approved).booking_status).toBe('CheckedOut');
    const events = await t.database.query<{ severity: string; metadata: Json }>(
      `SELECT severity, metadata FROM audit_logs
        WHERE record_id = $1 AND event_type = 'checkout_balance_override'`,
      [booking.booking_id],
    );
    expect(events).toEqual([
      {
        severity: 'WARNING',
        metadata: { balance: 1000, reason: 'Company pays the balance by transfer' },
      },
    ]);

    // Nothing due: staff check out without a reason.
    const paid = await createBooking(
      t.database,
      unit.unit_id,
      { check_in: TODAY, check_out: '2027-06-02' },
      { booking_status: 'CheckedIn', total_amount: 3000 },
    );
    await createPayment(t.database, paid.booking_id, { payment_amount: 3000 });
    const out = await setStatus(staff, paid.booking_id, { status: 'CheckedOut' });
    expect(out.statusCode, out.body).toBe(200);
  });
});
