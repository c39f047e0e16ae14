import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expireUnpaidGuestBookings,
  RECURRING_TASKS,
} from '../../../src/server/jobs/expire-unpaid-guest-bookings';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  confirmProof,
  count,
  createGuestBooking,
  guestBookingBody,
  makePng,
  pinClock,
  putFile,
} from './guest-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-01-04T02:00:00Z');
});
afterAll(() => t.close());

async function bookingRow(bookingId: string) {
  const [row] = await t.database.query<Record<string, unknown>>(
    `SELECT b.booking_status, b.cancellation_reason, b.cancelled_at, bu.booking_status AS line_status,
            g.total_bookings
       FROM bookings b
       JOIN booking_units bu USING (booking_id)
       JOIN guests g USING (guest_id)
      WHERE b.booking_id = $1`,
    [bookingId],
  );
  return row!;
}

describe(`abandoned guest bookings (${process.env.TEST_DB})`, () => {
  it('cancels a guest booking whose proof did not arrive in 2 hours and frees its nights', async () => {
    const cabin = await createUnit(t.database, { unit_name: 'Tide Cabin' });
    const stay = { check_in: '2027-02-01', check_out: '2027-02-04' };
    const abandoned = await createGuestBooking(t, guestBookingBody(cabin.unit_id, stay));
    const paid = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-02-04', check_out: '2027-02-06' }),
    );
    expect((await putFile(t, paid.upload, await makePng(), 'image/png')).statusCode).toBe(200);
    expect((await confirmProof(t, paid)).statusCode).toBe(200);

    // Not yet: one minute before the deadline.
    expect(await expireUnpaidGuestBookings(t.database, new Date('2027-01-04T03:59:00Z'))).toEqual(
      [],
    );
    expect((await bookingRow(abandoned.booking.booking_id)).booking_status).toBe('Pending');

    // Backdate the deadline rather than wait for it.
    await t.database.query(
      `UPDATE bookings SET proof_deadline = now() - interval '1 minute' WHERE booking_id = $1`,
      [abandoned.booking.booking_id],
    );
    const now = new Date();
    const cancelled = await expireUnpaidGuestBookings(t.database, now);
    expect(cancelled).toEqual([
      {
        booking_id: abandoned.booking.booking_id,
        booking_reference: abandoned.booking.booking_reference,
      },
    ]);
    const row = await bookingRow(abandoned.booking.booking_id);
    expect(row).toMatchObject({
      booking_status: 'Cancelled',
      line_status: 'Cancelled',
      cancellation_reason: 'Payment proof not received within 2 hours',
      // Issue 15: a cancelled booking is still counted (and counted as cancelled).
      total_bookings: 1,
    });
    expect((row.cancelled_at as Date).getTime()).toBe(now.getTime());

    // The booking with its proof is untouched, even past any deadline.
    expect(await expireUnpaidGuestBookings(t.database, new Date('2030-01-01T00:00:00Z'))).toEqual(
      [],
    );
    expect((await bookingRow(paid.booking.booking_id)).booking_status).toBe('Pending');

    // The nights are free again.
    await createGuestBooking(t, guestBookingBody(cabin.unit_id, stay));

    // A late proof for the cancelled booking is refused with a clear message.
    expect((await putFile(t, abandoned.upload, await makePng(), 'image/png')).statusCode).toBe(200);
    const late = await confirmProof(t, abandoned);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'This booking was cancelled because the payment proof did not arrive in time. Please make a new booking.',
    );
    expect(await count(t, 'payments WHERE booking_id = $1', [abandoned.booking.booking_id])).toBe(
      0,
    );
  });

  it('runs as recurring jobs on the queue, whose worker stops cleanly', async () => {
    const cabin = await createUnit(t.database, { unit_name: 'Reef Cabin' });
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-03-01', check_out: '2027-03-02' }),
    );
    await t.database.query(
      `UPDATE bookings SET proof_deadline = now() - interval '1 minute' WHERE booking_id = $1`,
      [created.booking.booking_id],
    );
    await t.database.query(
      `INSERT INTO used_upload_tokens (token_id, expires_at) VALUES ('old-token', now() - interval '1 day')`,
    );
    // DESIGN §8: no setInterval; the app's job worker claims the recurring tasks when due.
    const { jobs } = t.app.deps;
    jobs.startWorker({ pollMs: 20 });
    try {
      await expect
        .poll(async () => (await bookingRow(created.booking.booking_id)).booking_status)
        .toBe('Cancelled');
      await expect.poll(() => count(t, `used_upload_tokens WHERE token_id = 'old-token'`)).toBe(0);
    } finally {
      await jobs.stopWorker();
    }
    // Each task ran once and stored its next occurrence a period later, by the app's clock.
    const rows = await t.database.query<{ kind: string; status: string; run_at: Date }>(
      `SELECT kind, status, run_at FROM jobs WHERE kind = ANY($1) ORDER BY kind, created_at`,
      [Object.values(RECURRING_TASKS).map((task) => task.kind)],
    );
    const now = t.app.deps.clock.now().getTime();
    for (const task of Object.values(RECURRING_TASKS)) {
      const mine = rows.filter((row) => row.kind === task.kind);
      expect(mine.map((row) => row.status)).toEqual(['done', 'queued']);
      expect(mine[1]!.run_at.getTime()).toBe(now + task.everySeconds * 1000);
    }
  });
});
