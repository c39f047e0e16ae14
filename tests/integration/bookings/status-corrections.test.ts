import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/domain/format';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { signInAs, type SignedIn } from '../../support/auth';
import { createPayment, outboxMessages, setNow } from '../../support/back-office';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 15: check-in only on the arrival day; managers correct a mistaken status with a reason,
 * audited; confirming without a verified payment is a manager's audited decision and the e-mail
 * says what is true; cancelling e-mails the guest the refund; guest totals agree with the bookings
 * counted; the guest record takes the newest name.
 */

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let unit: Awaited<ReturnType<typeof createUnit>>;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'manager')]);
});
afterAll(() => t.close());
beforeEach(async () => {
  setNow(t, '2027-06-01');
  // A cabin per test, so no two tests' stays meet.
  unit = await createUnit(t.database, { max_occupancy: 6 });
});

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;

let day = 0;
/** A two-night stay starting at least `daysAhead` days after 2027-06-01, after the last one. */
function stay(daysAhead: number) {
  day += 3;
  const start = new Date(Date.UTC(2027, 5, 1 + daysAhead + day));
  const end = new Date(start.getTime() + 2 * 86_400_000);
  return { check_in: start.toISOString().slice(0, 10), check_out: end.toISOString().slice(0, 10) };
}

/** The readable text of an .eml (quoted-printable decoded, soft line breaks joined). */
function mailText(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
  );
}

function mailsTo(email: string): string[] {
  return outboxMessages(t)
    .map(mailText)
    .filter((mail) => mail.includes(email));
}

function move(who: SignedIn, bookingId: string, body: Json) {
  return who.inject({ method: 'POST', url: `/api/bookings/${bookingId}/status`, payload: body });
}

async function statusOf(bookingId: string): Promise<string> {
  const [row] = await t.database.query<{ booking_status: string }>(
    'SELECT booking_status FROM bookings WHERE booking_id = $1',
    [bookingId],
  );
  return row!.booking_status;
}

async function overrideEvents(bookingId: string) {
  return t.database.query<{
    event_type: string;
    category: string;
    user_email: string;
    metadata: { from: string; to: string; reason: string };
  }>(
    `SELECT event_type, category, user_email, metadata FROM audit_logs
      WHERE record_id = $1 AND event_type = 'booking_status_override' AND source = 'app'
      ORDER BY created_at`,
    [bookingId],
  );
}

describe(`booking status corrections (${process.env.TEST_DB})`, () => {
  it('refuses check-in before the arrival day (resort zone) with the arrival date; allows it on the day', async () => {
    const dates = stay(12);
    const booking = await createBooking(t.database, unit.unit_id, dates, {
      booking_status: 'Confirmed',
    });
    const early = await move(staff, booking.booking_id, { status: 'CheckedIn' });
    expect(early.statusCode).toBe(409);
    const [y, m, d] = dates.check_in.split('-').map(Number);
    const month = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleString('en-US', {
      month: 'short',
      timeZone: 'UTC',
    });
    expect(json(early).message).toBe(
      `Check-in opens on the arrival day, ${month} ${String(d).padStart(2, '0')}, ${y}.`,
    );
    expect(await statusOf(booking.booking_id)).toBe('Confirmed');

    // 16:30 UTC the day before is already the arrival day in Manila.
    const before = new Date(Date.UTC(y!, m! - 1, d! - 1, 16, 30)).toISOString();
    setNow(t, before);
    const onTheDay = await move(staff, booking.booking_id, { status: 'CheckedIn' });
    expect(onTheDay.statusCode, onTheDay.body).toBe(200);
    expect(dataOf(onTheDay)).toMatchObject({ booking_status: 'CheckedIn' });
  });

  it('never checks in a cancelled booking', async () => {
    const booking = await createBooking(t.database, unit.unit_id, stay(0), {
      booking_status: 'Cancelled',
    });
    const response = await move(manager, booking.booking_id, { status: 'CheckedIn' });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Cannot transition from Cancelled to CheckedIn');
    expect(await statusOf(booking.booking_id)).toBe('Cancelled');
  });

  it('lets a manager undo a check-in and a confirmation with a reason, audited; not staff, not without a reason', async () => {
    const dates = stay(0);
    setNow(t, dates.check_in);
    const booking = await createBooking(t.database, unit.unit_id, dates, {
      booking_status: 'CheckedIn',
      confirmed_at: new Date(),
      checked_in_at: new Date(),
    });

    const byStaff = await move(staff, booking.booking_id, {
      status: 'Confirmed',
      override_reason: 'Wrong guest',
    });
    expect(byStaff.statusCode).toBe(403);
    expect(json(byStaff).message).toBe('Only a manager or higher can correct a booking status.');

    for (const blank of [undefined, '   ']) {
      const noReason = await move(manager, booking.booking_id, {
        status: 'Confirmed',
        ...(blank === undefined ? {} : { override_reason: blank }),
      });
      expect(noReason.statusCode).toBe(400);
      expect(json(noReason).issues).toContainEqual({
        path: 'override_reason',
        message: 'Please give a reason.',
      });
    }
    expect(await statusOf(booking.booking_id)).toBe('CheckedIn');
    expect(await overrideEvents(booking.booking_id)).toEqual([]);

    const mailsBefore = outboxMessages(t).length;
    const undone = await move(manager, booking.booking_id, {
      status: 'Confirmed',
      override_reason: 'Checked in the wrong booking',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(dataOf(undone)).toMatchObject({ booking_status: 'Confirmed', checked_in_at: null });
    // Undoing a check-in is not a new confirmation: the guest is not e-mailed again.
    expect(json(undone).confirmation_email_sent).toBeUndefined();
    expect(outboxMessages(t)).toHaveLength(mailsBefore);

    const back = await move(manager, booking.booking_id, {
      status: 'Pending',
      override_reason: 'Payment was not verified',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(dataOf(back)).toMatchObject({ booking_status: 'Pending', confirmed_at: null });

    expect(await overrideEvents(booking.booking_id)).toEqual([
      {
        event_type: 'booking_status_override',
        category: 'BOOKING',
        user_email: manager.user.email,
        metadata: expect.objectContaining({
          from: 'CheckedIn',
          to: 'Confirmed',
          reason: 'Checked in the wrong booking',
        }),
      },
      {
        event_type: 'booking_status_override',
        category: 'BOOKING',
        user_email: manager.user.email,
        metadata: expect.objectContaining({
          from: 'Confirmed',
          to: 'Pending',
          reason: 'Payment was not verified',
        }),
      },
    ]);
    // Managers see it on the booking's history.
    const audit = await manager.inject({
      method: 'GET',
      url: `/api/bookings/${booking.booking_id}/audit`,
    });
    expect((dataOf({ body: audit.body }) as unknown as Json[]).map((e) => e.event_type)).toContain(
      'booking_status_override',
    );
    // Other moves back stay refused.
    const checkedOut = await move(manager, booking.booking_id, {
      status: 'CheckedOut',
      override_reason: 'x',
    });
    expect(checkedOut.statusCode).toBe(409);
  });

  it('confirming with no verified payment is for a manager with a reason; the e-mail claims no verification', async () => {
    const email = 'unverified.guest@example.ph';
    const booking = await createBooking(t.database, unit.unit_id, stay(20), {
      email,
      guest_name: 'Unverified Guest',
      total_amount: 17798,
    });
    // A proof awaiting verification is not a verified payment.
    await createPayment(t.database, booking.booking_id, {
      payment_status: 'Pending',
      payment_amount: 17798,
    });

    const byStaff = await move(staff, booking.booking_id, { status: 'Confirmed' });
    expect(byStaff.statusCode).toBe(409);
    expect(json(byStaff).message).toBe(
      'Deposit not verified: only a manager or higher can confirm this booking, with a reason.',
    );
    const noReason = await move(manager, booking.booking_id, { status: 'Confirmed' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).issues).toContainEqual({
      path: 'override_reason',
      message: 'Deposit not verified: give the reason for confirming without it.',
    });
    expect(await statusOf(booking.booking_id)).toBe('Pending');
    expect(mailsTo(email)).toHaveLength(0);

    const confirmed = await move(manager, booking.booking_id, {
      status: 'Confirmed',
      override_reason: 'Regular guest, pays on arrival',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed).confirmation_email_sent).toBe(true);
    expect(await overrideEvents(booking.booking_id)).toEqual([
      expect.objectContaining({
        event_type: 'booking_status_override',
        category: 'BOOKING',
        metadata: expect.objectContaining({
          from: 'Pending',
          to: 'Confirmed',
          reason: 'Regular guest, pays on arrival',
        }),
      }),
    ]);
    const [mail] = mailsTo(email);
    expect(mail).toContain(`Booking confirmed: ${booking.booking_reference}`);
    expect(mail).not.toContain('verified your payment');
    // Issue 17: the folio's balance and the day it is due (check-in here).
    expect(mail).toContain(
      `We have not received a verified payment yet: ₱17,798.00 is due on ${formatDate(booking.check_in)}.`,
    );
    expect(mail).toContain('Balance due:');
  });

  it('confirming after a verified payment needs no reason and the e-mail names the payment and balance', async () => {
    const email = 'paid.guest@example.ph';
    const booking = await createBooking(t.database, unit.unit_id, stay(20), {
      email,
      total_amount: 10000,
    });
    await createPayment(t.database, booking.booking_id, { payment_amount: 4000 });
    const confirmed = await move(staff, booking.booking_id, { status: 'Confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await overrideEvents(booking.booking_id)).toEqual([]);
    const [mail] = mailsTo(email);
    expect(mail).toContain('We have verified your payment of ₱4,000.00');
    expect(mail).toContain(`A balance of ₱6,000.00 is due on ${formatDate(booking.check_in)}.`);
  });
});

describe(`cancellation e-mail and guest totals (${process.env.TEST_DB})`, () => {
  it('e-mails the guest the cancellation with the refund; totals count the cancelled booking and the money kept', async () => {
    const guest = await createGuest(t.database, { email: 'cancel.me@example.ph' });
    const dates = stay(20); // far enough ahead for a refund
    const booking = await createBooking(t.database, unit.unit_id, dates, {
      guest_id: guest.guest_id,
      email: guest.email,
      guest_name: guest.guest_name,
      total_amount: 17798,
      booking_status: 'Confirmed',
    });
    await createPayment(t.database, booking.booking_id, { payment_amount: 17798 });
    const preview = dataOf(
      await manager.inject({
        method: 'GET',
        url: `/api/bookings/${booking.booking_id}/refund-preview`,
      }),
    );

    const response = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/cancel`,
      payload: { reason: 'Guest changed plans' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body.cancellation_email_sent).toBe(true);
    const refund = body.refund as { amount: number; percent: number };
    expect(refund.amount).toBe(preview.amount);
    expect(refund.amount).toBeGreaterThan(0);

    const [mail] = mailsTo(guest.email!);
    expect(mail).toContain(`Booking cancelled: ${booking.booking_reference}`);
    expect(mail).toContain('Guest changed plans');
    const pesos = (n: number) =>
      `₱${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(mail).toContain(
      `We will refund ${pesos(refund.amount)}: ${refund.percent}% of the ₱17,798.00 you paid`,
    );

    const guestData = dataOf(
      await manager.inject({ method: 'GET', url: `/api/guests/${guest.guest_id}` }),
    );
    expect(guestData).toMatchObject({
      total_bookings: 1,
      cancelled_bookings: 1,
      total_spent: 17798 - refund.amount,
    });
    expect((body.data as Json).guest).toMatchObject({
      total_bookings: 1,
      cancelled_bookings: 1,
      total_spent: 17798 - refund.amount,
    });
  });

  it('tells the guest when nothing was paid, and no refund is due', async () => {
    const booking = await createBooking(t.database, unit.unit_id, stay(3), {
      email: 'nothing.paid@example.ph',
    });
    const response = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/cancel`,
      payload: { reason: 'No proof sent' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = mailsTo('nothing.paid@example.ph');
    expect(mail).toContain('No payment had been received for this booking');
    expect(mail).toContain('Refund:');
  });
});

describe(`guest name (${process.env.TEST_DB})`, () => {
  it('the guest record takes the newest name; each booking keeps the name it was made with', async () => {
    const base = {
      unit_id: unit.unit_id,
      contact_number: '0917 123 4567',
      email: 'maria.name@example.ph',
      num_guests: 2,
    };
    const first = await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...base, guest_name: 'Maria Santos', ...stay(30) },
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...base, guest_name: 'Maria Clara Santos', ...stay(30) },
    });
    expect(second.statusCode, second.body).toBe(201);
    const guestId = dataOf(second).guest_id as string;
    expect(dataOf(first).guest_id).toBe(guestId);
    expect(dataOf(second)).toMatchObject({
      guest_name: 'Maria Clara Santos',
      guest: { guest_name: 'Maria Clara Santos', total_bookings: 2 },
    });

    const guest = dataOf(await manager.inject({ method: 'GET', url: `/api/guests/${guestId}` }));
    expect(guest.guest_name).toBe('Maria Clara Santos');
    const firstAgain = dataOf(
      await staff.inject({ method: 'GET', url: `/api/bookings/${dataOf(first).booking_id}` }),
    );
    expect(firstAgain.guest_name).toBe('Maria Santos');

    // The old name is kept in the guest's history (the audit trigger).
    const [history] = await t.database.query<{ old_name: string; new_name: string }>(
      `SELECT old_data->>'guest_name' AS old_name, new_data->>'guest_name' AS new_name
         FROM audit_logs WHERE table_name = 'guests' AND record_id = $1
          AND 'guest_name' = ANY(changed_fields)`,
      [guestId],
    );
    expect(history).toEqual({ old_name: 'Maria Santos', new_name: 'Maria Clara Santos' });
  });
});
