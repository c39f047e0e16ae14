import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
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

/** Issue 17: a later proof for the balance (POST /api/guest-booking/payment), then confirm. */

let t: TestApp;
let manager: SignedIn;
let cabin: { unit_id: string };
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  cabin = await createUnit(t.database, {
    unit_name: 'Balance Cabin',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
  });
  manager = await signInAs(t, 'manager');
  png = await makePng();
});
afterAll(() => t.close());
beforeEach(() => pinClock(t, '2027-01-04T02:00:00Z'));

type Payment = { payment_id: string; payment_amount: string; payment_status: string };

async function paymentsOf(bookingId: string): Promise<Payment[]> {
  return t.database.query<Payment>(
    `SELECT payment_id, payment_amount::text, payment_status FROM payments
      WHERE booking_id = $1 ORDER BY created_at, payment_id`,
    [bookingId],
  );
}

async function verify(paymentId: string) {
  const response = await manager.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/verify`,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function status(reference: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/guest-booking/status',
    payload: { booking_reference: reference, email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    payment_status: string;
    balance: number;
    paid_total: number;
    pending_total: number;
  };
}

function balanceRequest(reference: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest-booking/payment',
    payload: {
      booking_reference: reference,
      email,
      file_name: 'Balance receipt.png',
      file_type: 'image/png',
      file_size: png.length,
    },
  });
}

describe(`balance proof (${process.env.TEST_DB})`, () => {
  it('records the balance as a second Pending payment; verified, the booking reads Paid', async () => {
    const body = guestBookingBody(cabin.unit_id);
    const created = await createGuestBooking(t, body);
    const id = created.booking.booking_id;
    expect((await putFile(t, created.upload, png, 'image/png')).statusCode).toBe(200);
    expect((await confirmProof(t, created)).statusCode).toBe(200);
    const [deposit] = await paymentsOf(id);
    await verify(deposit!.payment_id);

    const before = await status(created.booking.booking_reference, body.email);
    expect(before.balance).toBeGreaterThan(0);

    const asked = await balanceRequest(created.booking.booking_reference, body.email.toLowerCase());
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = asked.json() as {
      booking: { booking_id: string; balance: number };
      upload: { bucket: string; path: string; token: string };
    };
    expect(answer.booking.booking_id).toBe(id);
    expect(answer.booking.balance).toBe(before.balance);
    expect(answer.upload.path.startsWith(`${id}/`)).toBe(true);
    expect(answer.upload.path).not.toBe(created.upload.path);
    expect((await putFile(t, answer.upload, png, 'image/png')).statusCode).toBe(200);

    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/guest-booking/confirm',
        payload: { booking_id: id, file_path: answer.upload.path, file_size: png.length },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A repeated confirm of the same file records nothing more.
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirmProof(t, created)).statusCode).toBe(200);

    const payments = await paymentsOf(id);
    expect(payments).toHaveLength(2);
    expect(payments[1]!.payment_status).toBe('Pending');
    expect(Number(payments[1]!.payment_amount)).toBe(before.balance);
    // domain/folio.ts's rule 4 (Deposit paid) comes before rule 5 (a proof awaits verification):
    // the verified deposit keeps the status while the balance proof waits in the queue.
    expect((await status(created.booking.booking_reference, body.email)).payment_status).toBe(
      'Deposit paid',
    );

    await verify(payments[1]!.payment_id);
    const after = await status(created.booking.booking_reference, body.email);
    expect(after.payment_status).toBe('Paid');
    expect(after.balance).toBe(0);

    // Nothing due now: 409, and no upload is handed out.
    const nothing = await balanceRequest(created.booking.booking_reference, body.email);
    expect(nothing.statusCode, nothing.body).toBe(409);
    expect(await count(t, 'payments WHERE booking_id = $1', [id])).toBe(2);
  });

  it('says what awaits verification, and takes a balance proof for a booking staff made', async () => {
    const made = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        unit_id: cabin.unit_id,
        guest_name: 'Lito Bautista',
        contact_number: '0917 555 0177',
        email: 'lito.bautista@example.ph',
        num_guests: 2,
        check_in: '2027-04-12',
        check_out: '2027-04-14',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { booking_id: id, booking_reference: reference } = made.json().data as {
      booking_id: string;
      booking_reference: string;
    };
    const email = 'lito.bautista@example.ph';
    const before = await status(reference, email);
    expect(before).toMatchObject({ payment_status: 'Unpaid', paid_total: 0, pending_total: 0 });
    expect(before.balance).toBeGreaterThan(0);

    const asked = await balanceRequest(reference, email);
    expect(asked.statusCode, asked.body).toBe(200);
    const upload = (asked.json() as { upload: { bucket: string; path: string; token: string } })
      .upload;
    expect((await putFile(t, upload, png, 'image/png')).statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking/confirm',
      payload: { booking_id: id, file_path: upload.path, file_size: png.length },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The whole balance awaits verification; nothing is paid until staff verify it.
    const [payment] = await paymentsOf(id);
    expect(Number(payment!.payment_amount)).toBe(before.balance);
    const waiting = await status(reference, email);
    expect(waiting).toMatchObject({ paid_total: 0, pending_total: before.balance });
    await verify(payment!.payment_id);
    expect(await status(reference, email)).toMatchObject({
      payment_status: 'Paid',
      balance: 0,
      pending_total: 0,
    });
  });

  it('answers the status lookup’s 404 for a wrong e-mail or reference, 400 for a bad file', async () => {
    const body = guestBookingBody(cabin.unit_id, {
      check_in: '2027-03-10',
      check_out: '2027-03-12',
    });
    const created = await createGuestBooking(t, body);
    const wrongEmail = await balanceRequest(created.booking.booking_reference, 'x@example.ph');
    expect(wrongEmail.statusCode).toBe(404);
    const wrongRef = await balanceRequest('BK-2099-ZZZZ', body.email);
    expect(wrongRef.statusCode).toBe(404);
    expect(wrongRef.json().message).toBe(wrongEmail.json().message);
    const badType = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking/payment',
      payload: {
        booking_reference: created.booking.booking_reference,
        email: body.email,
        file_name: 'x.exe',
        file_type: 'application/x-msdownload',
        file_size: 10,
      },
    });
    expect(badType.statusCode).toBe(400);
  });
});
