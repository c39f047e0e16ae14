import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import {
  PNG_1PX,
  countRows,
  createPayment,
  outboxMessages,
  setNow,
} from '../../support/back-office';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { PAYMENT_PERMISSION_MESSAGES } from '../../../src/server/payments/payments.routes';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let unit: Awaited<ReturnType<typeof createUnit>>;
let night = 0;

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, admin] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'admin'),
  ]);
  unit = await createUnit(t.database, { unit_name: 'Pay Cabin' });
});
afterAll(() => t.close());
beforeEach(() => setNow(t, '2027-06-01'));

/** A booking of ₱10,000 for a guest of its own, on a night no other test uses. */
async function newBooking(overrides: Parameters<typeof createBooking>[3] = {}) {
  const guest = await createGuest(t.database);
  night += 2;
  const checkIn = new Date(Date.UTC(2027, 7, 1 + night)).toISOString().slice(0, 10);
  const checkOut = new Date(Date.UTC(2027, 7, 2 + night)).toISOString().slice(0, 10);
  const booking = await createBooking(
    t.database,
    unit.unit_id,
    { check_in: checkIn, check_out: checkOut },
    {
      guest_id: guest.guest_id,
      guest_name: guest.guest_name,
      email: guest.email,
      total_amount: 10000,
      payment_status: 'Unpaid',
      ...overrides,
    },
  );
  return { booking, guest };
}

const proofMeta = {
  file_name: 'GCash receipt.png',
  file_type: 'image/png',
  file_size: PNG_1PX.length,
};

function uploadUrl(upload: { bucket: string; path: string; token: string }) {
  const path = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
  return `/api/storage/upload/${path}?token=${encodeURIComponent(upload.token)}`;
}

let tick = 0;

/** Records a payment, uploads the PNG to the signed location and attaches it. */
async function recordWithProof(who: SignedIn, bookingId: string, amount: number) {
  // Each proof's path carries the clock's milliseconds: a new one for each.
  tick += 1;
  setNow(t, new Date(Date.parse('2027-06-01T04:00:00Z') + tick).toISOString());
  const recorded = await who.inject({
    method: 'POST',
    url: '/api/payments',
    payload: {
      booking_id: bookingId,
      payment_amount: amount,
      payment_method: 'GCash',
      ...proofMeta,
    },
  });
  expect(recorded.statusCode, recorded.body).toBe(201);
  const { data, upload } = json(recorded) as {
    data: Json;
    upload: { bucket: string; path: string; token: string };
  };
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl(upload),
    payload: PNG_1PX,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.statusCode, put.body).toBe(200);
  const attached = await who.inject({
    method: 'POST',
    url: `/api/payments/${data.payment_id}/proof`,
    payload: { path: upload.path },
  });
  expect(attached.statusCode, attached.body).toBe(200);
  return { recorded: data, upload, attached: dataOf(attached) };
}

async function bookingRow(bookingId: string) {
  const [row] = await t.database.query<{ payment_status: string; booking_status: string }>(
    'SELECT payment_status, booking_status FROM bookings WHERE booking_id = $1',
    [bookingId],
  );
  return row!;
}

async function guestTotals(guestId: string) {
  const [row] = await t.database.query<{ total_bookings: number; total_spent: number }>(
    'SELECT total_bookings, total_spent FROM guests WHERE guest_id = $1',
    [guestId],
  );
  return row!;
}

describe(`payments API (${process.env.TEST_DB})`, () => {
  describe('POST /api/payments and the proof', () => {
    it('records a Pending payment with a signed upload under {bookingId}/{timestamp}-{name}', async () => {
      const { booking } = await newBooking();
      const { recorded, upload, attached } = await recordWithProof(staff, booking.booking_id, 4000);
      expect(recorded).toMatchObject({
        booking_id: booking.booking_id,
        payment_amount: 4000,
        payment_status: 'Pending',
        has_proof: false,
        recorded_by_name: staff.user.name,
      });
      expect(upload.path).toMatch(
        new RegExp(`^${booking.booking_id}/\\d{13}-gcash-receipt\\.png$`),
      );
      expect(upload.bucket).toBe('payment-proofs');
      // A member of staff's proof waits for a manager's verification.
      expect(attached).toMatchObject({
        payment_status: 'Pending',
        has_proof: true,
        proof_file_name: 'gcash-receipt.png',
        payment_proof_url: `/api/payments/${recorded.payment_id}/proof`,
      });
      expect(JSON.stringify(attached)).not.toContain('payment-proofs/');
      expect((await bookingRow(booking.booking_id)).payment_status).toBe('Pending verification');
    });

    it('a manager’s recorded proof is Completed at once and settles the booking', async () => {
      const { booking, guest } = await newBooking();
      const { attached } = await recordWithProof(manager, booking.booking_id, 4000);
      expect(attached).toMatchObject({
        payment_status: 'Completed',
        verified_by_name: manager.user.name,
      });
      expect((await bookingRow(booking.booking_id)).payment_status).toBe('Deposit paid');
      expect(await guestTotals(guest.guest_id)).toMatchObject({ total_spent: 4000 });
      await recordWithProof(manager, booking.booking_id, 6000);
      expect((await bookingRow(booking.booking_id)).payment_status).toBe('Paid');
      expect(await guestTotals(guest.guest_id)).toMatchObject({ total_spent: 10000 });
    });

    const cases: [string, Json, string][] = [
      ['booking_id', { booking_id: undefined }, 'Please select a booking'],
      ['payment_amount', { payment_amount: 'abc' }, 'Please enter a valid amount (e.g., 1500.00)'],
      [
        'payment_amount',
        { payment_amount: 1500.123 },
        'Please enter a valid amount (e.g., 1500.00)',
      ],
      ['payment_amount', { payment_amount: 99.99 }, 'Amount must be at least ₱100.00'],
      ['payment_amount', { payment_amount: 1_000_000.01 }, 'Amount cannot exceed ₱1,000,000.00'],
      ['payment_amount', { payment_amount: -5 }, 'Must be a positive number'],
      ['payment_method', { payment_method: 'Bitcoin' }, 'Please select a payment method'],
      ['payment_method', { payment_method: undefined }, 'Please select a payment method'],
      ['notes', { notes: 'x'.repeat(301) }, 'Must be 300 characters or less'],
      ['file_name', { file_name: undefined }, 'Payment proof is required'],
      ['file_size', { file_size: 0 }, 'Payment proof is required'],
      ['file_size', { file_size: 3 * 1024 * 1024 }, 'File must be less than 2MB'],
      [
        'file_type',
        { file_type: 'text/plain' },
        'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
      ],
    ];
    it.each(cases)(
      'refuses a bad %s (%j) with 400 and writes nothing',
      async (field, change, message) => {
        const { booking } = await newBooking();
        const before = await countRows(t.database, 'payments');
        const response = await staff.inject({
          method: 'POST',
          url: '/api/payments',
          payload: {
            booking_id: booking.booking_id,
            payment_amount: 1500,
            payment_method: 'Cash',
            ...proofMeta,
            ...change,
          },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(json(response).issues).toContainEqual({ path: field, message });
        expect(await countRows(t.database, 'payments')).toBe(before);
      },
    );

    it('refuses an unknown booking (404) and a cancelled one (409)', async () => {
      const unknown = await staff.inject({
        method: 'POST',
        url: '/api/payments',
        payload: {
          booking_id: '00000000-0000-4000-8000-000000000000',
          payment_amount: 1500,
          payment_method: 'Cash',
          ...proofMeta,
        },
      });
      expect(unknown.statusCode).toBe(404);
      const { booking } = await newBooking({ booking_status: 'Cancelled' });
      const cancelled = await staff.inject({
        method: 'POST',
        url: '/api/payments',
        payload: {
          booking_id: booking.booking_id,
          payment_amount: 1500,
          payment_method: 'Cash',
          ...proofMeta,
        },
      });
      expect(cancelled.statusCode).toBe(409);
      expect(json(cancelled).message).toBe('Payments cannot be recorded on a cancelled booking.');
    });

    it('attaches only an uploaded proof in the booking’s own folder, once', async () => {
      const { booking } = await newBooking();
      const other = await newBooking();
      const recorded = await staff.inject({
        method: 'POST',
        url: '/api/payments',
        payload: {
          booking_id: booking.booking_id,
          payment_amount: 1500,
          payment_method: 'Cash',
          ...proofMeta,
        },
      });
      const { data, upload } = json(recorded) as {
        data: Json;
        upload: { path: string; bucket: string; token: string };
      };
      const attach = (path: string) =>
        staff.inject({
          method: 'POST',
          url: `/api/payments/${data.payment_id}/proof`,
          payload: { path },
        });

      const notYet = await attach(upload.path);
      expect(notYet.statusCode).toBe(400);
      expect(json(notYet).message).toBe(
        'The payment proof has not been uploaded yet. Please upload it again.',
      );
      for (const path of [
        `${other.booking.booking_id}/1-x.png`,
        '../etc/passwd',
        `${booking.booking_id}/../x`,
      ]) {
        const wrong = await attach(path);
        expect(wrong.statusCode).toBe(400);
        expect(json(wrong).message).toBe('The payment proof does not belong to this booking.');
      }
      await t.app.inject({
        method: 'PUT',
        url: uploadUrl(upload),
        payload: PNG_1PX,
        headers: { 'content-type': 'image/png' },
      });
      expect((await attach(upload.path)).statusCode).toBe(200);
      expect((await attach(`payment-proofs/${upload.path}`)).statusCode).toBe(200); // idempotent

      // A retry upload is refused once a proof is attached.
      const retry = await staff.inject({
        method: 'POST',
        url: `/api/payments/${data.payment_id}/proof-upload`,
        payload: proofMeta,
      });
      expect(retry.statusCode).toBe(409);
    });
  });

  describe('GET /api/payments/:id/proof', () => {
    it('streams the private proof with safe headers to staff only', async () => {
      const { booking } = await newBooking();
      const { recorded } = await recordWithProof(staff, booking.booking_id, 2000);
      const response = await staff.inject({
        method: 'GET',
        url: `/api/payments/${recorded.payment_id}/proof`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toMatch(
        /^inline; filename="gcash-receipt\.png"/,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_1PX.subarray(0, 8));

      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/payments/${recorded.payment_id}/proof`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-type']).toContain('application/json');

      const none = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
      });
      const missing = await staff.inject({
        method: 'GET',
        url: `/api/payments/${none.payment_id}/proof`,
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('POST /api/payments/:id/verify', () => {
    it('is for managers; staff get SPEC §6’s message', async () => {
      const { booking } = await newBooking();
      const payment = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
      });
      const response = await staff.inject({
        method: 'POST',
        url: `/api/payments/${payment.payment_id}/verify`,
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe(PAYMENT_PERMISSION_MESSAGES.verify);
      const [row] = await t.database.query<{ payment_status: string }>(
        'SELECT payment_status FROM payments WHERE payment_id = $1',
        [payment.payment_id],
      );
      expect(row!.payment_status).toBe('Pending');
    });

    it('verifies, recomputes payment status and guest totals, confirms and e-mails the guest', async () => {
      const { booking, guest } = await newBooking({ booking_status: 'Pending' });
      const partial = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
        payment_amount: 3000,
      });
      const first = await manager.inject({
        method: 'POST',
        url: `/api/payments/${partial.payment_id}/verify`,
        payload: {},
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(dataOf(first)).toMatchObject({
        payment_status: 'Completed',
        verified_by_name: manager.user.name,
        booking: { payment_status: 'Deposit paid', booking_status: 'Pending' },
      });
      expect(json(first).confirmation_email_sent).toBeUndefined();
      expect(await guestTotals(guest.guest_id)).toEqual({ total_bookings: 1, total_spent: 3000 });

      const rest = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
        payment_amount: 7000,
      });
      const mailsBefore = outboxMessages(t).length;
      const second = await manager.inject({
        method: 'POST',
        url: `/api/payments/${rest.payment_id}/verify`,
        payload: { confirm_booking: true },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(dataOf(second)).toMatchObject({
        booking: { payment_status: 'Paid', booking_status: 'Confirmed' },
      });
      expect(json(second).confirmation_email_sent).toBe(true);
      expect(await guestTotals(guest.guest_id)).toMatchObject({ total_spent: 10000 });
      const mails = outboxMessages(t);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)).toContain(guest.email);
      expect(mails.at(-1)).toContain(`Booking confirmed: ${booking.booking_reference}`);

      const again = await manager.inject({
        method: 'POST',
        url: `/api/payments/${rest.payment_id}/verify`,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe(
        'Only a pending payment can be verified. This payment is Completed.',
      );
    });

    it('refuses to confirm a cancelled booking and leaves the payment Pending', async () => {
      const { booking } = await newBooking({ booking_status: 'Cancelled' });
      const payment = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
      });
      const response = await manager.inject({
        method: 'POST',
        url: `/api/payments/${payment.payment_id}/verify`,
        payload: { confirm_booking: true },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe('Cannot transition from Cancelled to Confirmed');
      const [row] = await t.database.query<{ payment_status: string }>(
        'SELECT payment_status FROM payments WHERE payment_id = $1',
        [payment.payment_id],
      );
      expect(row!.payment_status).toBe('Pending');
      const bad = await manager.inject({
        method: 'POST',
        url: `/api/payments/${payment.payment_id}/verify`,
        payload: { confirm_booking: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/payments/:id', () => {
    it('managers edit pending payments; verified ones are for administrators', async () => {
      const { booking } = await newBooking();
      const pending = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
        payment_amount: 2000,
      });
      const byStaff = await staff.inject({
        method: 'PATCH',
        url: `/api/payments/${pending.payment_id}`,
        payload: { notes: 'x' },
      });
      expect(byStaff.statusCode).toBe(403);
      expect(json(byStaff).message).toBe(PAYMENT_PERMISSION_MESSAGES.edit);

      const edited = await manager.inject({
        method: 'PATCH',
        url: `/api/payments/${pending.payment_id}`,
        payload: {
          payment_amount: 2500,
          notes: 'Corrected amount',
          transaction_date: '2027-05-30',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(dataOf(edited)).toMatchObject({ payment_amount: 2500, notes: 'Corrected amount' });
      expect(String(dataOf(edited).transaction_date)).toBe('2027-05-30T04:00:00.000Z');

      const verified = await createPayment(t.database, booking.booking_id, {
        payment_amount: 1000,
      });
      const byManager = await manager.inject({
        method: 'PATCH',
        url: `/api/payments/${verified.payment_id}`,
        payload: { notes: 'Changed' },
      });
      expect(byManager.statusCode).toBe(403);
      expect(json(byManager).message).toBe(
        'Verified payments can only be edited by administrators.',
      );
      const byAdmin = await admin.inject({
        method: 'PATCH',
        url: `/api/payments/${verified.payment_id}`,
        payload: { payment_amount: 1200 },
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      // The booking follows: 1,200 verified of 10,000 (the pending one does not count).
      expect((await bookingRow(booking.booking_id)).payment_status).toBe('Deposit paid');
    });

    it('marks a pending proof Failed, refuses other status changes and bad input', async () => {
      const { booking } = await newBooking();
      const pending = await createPayment(t.database, booking.booking_id, {
        payment_status: 'Pending',
      });
      const failed = await manager.inject({
        method: 'PATCH',
        url: `/api/payments/${pending.payment_id}`,
        payload: { payment_status: 'Failed' },
      });
      expect(dataOf(failed).payment_status).toBe('Failed');
      expect((await bookingRow(booking.booking_id)).payment_status).toBe('Unpaid');
      for (const [payload, path, message] of [
        [
          { payment_status: 'Completed' },
          'payment_status',
          'Use Verify to verify a payment and Refund to refund one.',
        ],
        [{ payment_amount: 50 }, 'payment_amount', 'Amount must be at least ₱100.00'],
        [{ notes: 'x'.repeat(301) }, 'notes', 'Must be 300 characters or less'],
        [{ payment_method: 'Bitcoin' }, 'payment_method', 'Please select a payment method'],
      ] as const) {
        const response = await manager.inject({
          method: 'PATCH',
          url: `/api/payments/${pending.payment_id}`,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(json(response).issues).toContainEqual({ path, message });
      }
      const empty = await manager.inject({
        method: 'PATCH',
        url: `/api/payments/${pending.payment_id}`,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('POST /api/payments/:id/refund', () => {
    it('records a Refunded payment and updates the booking and the guest', async () => {
      const { booking, guest } = await newBooking();
      const paid = await createPayment(t.database, booking.booking_id, { payment_amount: 10000 });
      const tooMuch = await manager.inject({
        method: 'POST',
        url: `/api/payments/${paid.payment_id}/refund`,
        payload: { amount: 10001 },
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(json(tooMuch).message).toBe('The refund cannot exceed ₱10,000.00.');

      const partial = await manager.inject({
        method: 'POST',
        url: `/api/payments/${paid.payment_id}/refund`,
        payload: { amount: 2500, reason: 'Goodwill for the broken aircon' },
      });
      expect(partial.statusCode, partial.body).toBe(201);
      expect(dataOf(partial)).toMatchObject({
        payment_status: 'Refunded',
        payment_amount: 2500,
        payment_method: 'GCash',
        notes: 'Goodwill for the broken aircon',
        booking: { payment_status: 'Deposit paid' },
      });
      expect(await guestTotals(guest.guest_id)).toMatchObject({ total_spent: 7500 });

      const rest = await manager.inject({
        method: 'POST',
        url: `/api/payments/${paid.payment_id}/refund`,
        payload: {},
      });
      expect(dataOf(rest)).toMatchObject({
        payment_amount: 7500,
        booking: { payment_status: 'Refunded' },
      });
      const none = await manager.inject({
        method: 'POST',
        url: `/api/payments/${paid.payment_id}/refund`,
        payload: {},
      });
      expect(none.statusCode).toBe(409);
      expect(json(none).message).toBe('Nothing is left to refund on this booking.');

      const byStaff = await staff.inject({
        method: 'POST',
        url: `/api/payments/${paid.payment_id}/refund`,
        payload: {},
      });
      expect(byStaff.statusCode).toBe(403);
    });
  });

  describe('GET /api/payments', () => {
    it('lists payments with their bookings, filtered and paged', async () => {
      const { booking } = await newBooking({
        guest_name: 'Filter Findme',
        email: 'filter.findme@example.ph',
      });
      for (let i = 0; i < 3; i += 1) {
        await createPayment(t.database, booking.booking_id, {
          payment_status: i === 0 ? 'Pending' : 'Completed',
          payment_method: i === 2 ? 'Cash' : 'Maya',
          payment_amount: 1000 + i,
        });
      }
      const get = async (query: string) =>
        json(await staff.inject({ method: 'GET', url: `/api/payments?${query}` }));
      const all = await get('search=findme');
      expect(all.total).toBe(3);
      expect((all.data as Json[])[0]!.booking).toMatchObject({
        booking_reference: booking.booking_reference,
        guest_name: 'Filter Findme',
      });
      expect((await get('search=findme&status=Pending')).total).toBe(1);
      expect((await get('search=findme&method=Cash')).total).toBe(1);
      expect((await get(`booking_id=${booking.booking_id}&page_size=2&page=2`)).data).toHaveLength(
        1,
      );
      expect((await get(`search=${booking.booking_reference}`)).total).toBe(3);
      const bad = await staff.inject({ method: 'GET', url: '/api/payments?status=Lost' });
      expect(bad.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    });

    it('answers a payment with its booking and guest, and 404 for an unknown one', async () => {
      const { booking, guest } = await newBooking();
      const payment = await createPayment(t.database, booking.booking_id);
      const response = await staff.inject({
        method: 'GET',
        url: `/api/payments/${payment.payment_id}`,
      });
      expect(dataOf(response)).toMatchObject({
        payment_id: payment.payment_id,
        booking: {
          booking_id: booking.booking_id,
          booking_units: [{ unit: { unit_name: 'Pay Cabin' } }],
        },
        guest: { guest_id: guest.guest_id },
      });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const missing = await staff.inject({ method: 'GET', url: `/api/payments/${id}` });
        expect(missing.statusCode).toBe(404);
        expect(json(missing).message).toBe('Payment not found.');
      }
    });
  });
});
