import path from 'node:path';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  confirmProof,
  count,
  createGuestBooking,
  filesUnder,
  guestBookingBody,
  makePdf,
  makePng,
  pinClock,
  putFile,
  readOutbox,
} from './guest-helpers';

let t: TestApp;
let cabin: { unit_id: string; unit_name: string };

beforeAll(async () => {
  t = await createTestApp();
  cabin = await createUnit(t.database, {
    unit_name: 'Sunset Beachfront Cabin',
    unit_type: 'Deluxe',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
});
afterAll(() => t.close());
beforeEach(() => pinClock(t, '2027-01-04T02:00:00Z'));

async function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

describe(`guest booking flow (${process.env.TEST_DB})`, () => {
  it('books, uploads a PNG, confirms, e-mails guest and resort, and reads back as Pending', async () => {
    const body = guestBookingBody(cabin.unit_id, {
      check_in: '2027-01-05T00:00:00.000Z',
      check_out: '2027-01-08T00:00:00.000Z',
    });
    const created = await createGuestBooking(t, body);
    expect(created.success).toBe(true);
    expect(created.booking.booking_reference).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
    expect(created.upload.bucket).toBe('payment-proofs');
    expect(created.upload.path).toMatch(
      new RegExp(`^${created.booking.booking_id}/\\d+-gcash-receipt\\.png$`),
    );
    // 15 minutes (DESIGN §2).
    expect(new Date(created.upload.expires_at).getTime()).toBe(
      new Date('2027-01-04T02:15:00Z').getTime(),
    );
    // Server-side price: 3 nights Jan 5-8 2027 (Tue, Wed, Thu), 2 guests, Last Minute 25%.
    expect(created.booking.total_amount).toBe(7628);

    const [row] = await t.database.query<Record<string, unknown>>(
      `SELECT b.*, g.total_bookings, g.total_spent, g.email AS guest_email
         FROM bookings b JOIN guests g USING (guest_id) WHERE booking_id = $1`,
      [created.booking.booking_id],
    );
    expect(row).toMatchObject({
      booking_status: 'Pending',
      payment_status: 'Unpaid',
      source: 'website',
      created_via: 'guest',
      check_in: '2027-01-05',
      check_out: '2027-01-08',
      contact_number: '+639171234567',
      guest_name: 'María Dela Cruz',
      email: String(body.email).toLowerCase(),
      guest_email: String(body.email).toLowerCase(),
      total_bookings: 1,
      total_spent: 0,
      discount_name: 'Last Minute',
      total_amount: 7628,
    });
    // DESIGN §3: the proof must arrive within 2 hours.
    expect((row!.proof_deadline as Date).toISOString()).toBe('2027-01-04T04:00:00.000Z');
    const [line] = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM booking_units WHERE booking_id = $1',
      [created.booking.booking_id],
    );
    expect(line).toMatchObject({
      unit_id: cabin.unit_id,
      unit_price: 9000,
      weekend_surcharge: 0,
      extra_person_charge: 0,
      subtotal: 9000,
      assigned_guests: 2,
      check_in: '2027-01-05',
      check_out: '2027-01-08',
    });

    const png = await makePng();
    const uploaded = await putFile(t, created.upload, png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      bucket: 'payment-proofs',
      path: created.upload.path,
      content_type: 'image/png',
    });
    const stored = readFileSync(
      path.join(t.dataDir, 'storage', 'payment-proofs', created.upload.path),
    );
    expect((await sharp(stored).metadata()).format).toBe('png');

    const confirmed = await confirmProof(t, created, png.length);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      success: true,
      booking: {
        booking_id: created.booking.booking_id,
        booking_reference: created.booking.booking_reference,
        booking_status: 'Pending',
        payment_status: 'Pending verification',
      },
    });

    const payments = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM payments WHERE booking_id = $1',
      [created.booking.booking_id],
    );
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      payment_method: 'Other',
      payment_status: 'Pending',
      // Issue 17: the guest's proof is for the deposit (50% of 7,628).
      payment_amount: 3814,
      payment_proof: `payment-proofs/${created.upload.path}`,
      payment_proof_url: null,
    });
    const [after] = await t.database.query<Record<string, unknown>>(
      'SELECT payment_status, payment_method, proof_deadline FROM bookings WHERE booking_id = $1',
      [created.booking.booking_id],
    );
    expect(after).toEqual({
      payment_status: 'Pending verification',
      payment_method: 'Other',
      proof_deadline: null,
    });

    // The guest's and the resort's e-mails are in the outbox.
    const mails = readOutbox(t).filter(({ text }) =>
      text.includes(created.booking.booking_reference),
    );
    expect(mails).toHaveLength(2);
    for (const { file } of mails) expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const guestMail = mails.find(({ text }) => /^To: .*maria/im.test(text))!;
    expect(guestMail.text).toContain(
      `Subject: Booking received: ${created.booking.booking_reference}`,
    );
    const decoded = decodeMail(guestMail.text);
    expect(decoded).toContain('Sunset Beachfront Cabin');
    expect(decoded).toContain('Jan 05, 2027');
    expect(decoded).toContain('Jan 08, 2027');
    expect(decoded).toContain('3 nights');
    expect(decoded).toContain('₱7,628.00');
    expect(decoded).toContain('within 24 hours on business days');
    expect(decoded).toContain('8:00 AM to 8:00 PM Philippine time every day');
    const resortMail = mails.find(({ text }) => /^To: reservations@playaserena\.ph/im.test(text));
    expect(resortMail).toBeDefined();

    // SPEC §7 status, with the e-mail in another case.
    const status = await post('/api/guest-booking/status', {
      booking_reference: created.booking.booking_reference.toLowerCase(),
      email: String(body.email).toUpperCase(),
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      booking_id: created.booking.booking_id,
      booking_reference: created.booking.booking_reference,
      booking_status: 'Pending',
      payment_status: 'Pending verification',
      check_in: '2027-01-05',
      check_out: '2027-01-08',
      total_amount: 7628,
      // Issue 17: nothing verified yet; the balance is due at check-in.
      paid_total: 0,
      balance: 7628,
      balance_due_date: '2027-01-05',
      // The deposit's proof (50%), sent and not yet verified.
      pending_total: 3814,
      unit: { unit_name: 'Sunset Beachfront Cabin', unit_type: 'Deluxe' },
      // Issue 21: the flexible rate, no promo code.
      rate_plan: 'flexible',
      promo_code: null,
      // Issue 20: no receipt issued yet.
      documents: [],
    });

    // Confirm is idempotent: no second payment, no second pair of e-mails.
    const again = await confirmProof(t, created, png.length);
    expect(again.statusCode).toBe(200);
    expect(await count(t, 'payments WHERE booking_id = $1', [created.booking.booking_id])).toBe(1);
    expect(
      readOutbox(t).filter(({ text }) => text.includes(created.booking.booking_reference)),
    ).toHaveLength(2);
  });

  it('accepts a PDF proof and stores it byte for byte', async () => {
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, {
        check_in: '2027-03-01',
        check_out: '2027-03-03',
        file_name: 'BPI transfer.pdf',
        file_type: 'application/pdf',
      }),
    );
    expect(created.upload.path).toMatch(/-bpi-transfer\.pdf$/);
    const pdf = makePdf();
    const uploaded = await putFile(t, created.upload, pdf, 'application/pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(
      readFileSync(path.join(t.dataDir, 'storage', 'payment-proofs', created.upload.path)),
    ).toEqual(pdf);
    const confirmed = await confirmProof(t, created);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().booking.payment_status).toBe('Pending verification');
  });

  it('refuses to confirm before the upload, or with a file of another booking', async () => {
    const first = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-04-01', check_out: '2027-04-02' }),
    );
    const notYet = await confirmProof(t, first);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toBe(
      'The payment proof has not been uploaded yet. Please upload it again.',
    );

    const second = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-04-02', check_out: '2027-04-03' }),
    );
    expect((await putFile(t, second.upload, await makePng(), 'image/png')).statusCode).toBe(200);
    const foreign = await post('/api/guest-booking/confirm', {
      booking_id: first.booking.booking_id,
      file_path: second.upload.path,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The payment proof does not belong to this booking.');

    const traversal = await post('/api/guest-booking/confirm', {
      booking_id: first.booking.booking_id,
      file_path: `${first.booking.booking_id}/../${second.upload.path}`,
    });
    expect(traversal.statusCode).toBe(400);

    const unknown = await post('/api/guest-booking/confirm', {
      booking_id: '00000000-0000-4000-8000-000000000000',
      file_path: '00000000-0000-4000-8000-000000000000/1-x.png',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await count(t, 'payments WHERE booking_id = $1', [first.booking.booking_id])).toBe(0);
  });

  it('answers a wrong reference and a wrong e-mail with the same 404 body', async () => {
    const body = guestBookingBody(cabin.unit_id, {
      check_in: '2027-05-01',
      check_out: '2027-05-02',
    });
    const created = await createGuestBooking(t, body);
    const wrongReference = await post('/api/guest-booking/status', {
      booking_reference: 'BK-2027-ZZZZ',
      email: body.email,
    });
    const wrongEmail = await post('/api/guest-booking/status', {
      booking_reference: created.booking.booking_reference,
      email: 'someone.else@example.ph',
    });
    expect(wrongReference.statusCode).toBe(404);
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongReference.body).toBe(wrongEmail.body);
    expect(wrongEmail.json()).toEqual({ message: 'No booking found with the provided details.' });

    const invalid = await post('/api/guest-booking/status', { booking_reference: '', email: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'booking_reference', message: 'Booking reference is required' },
        { path: 'email', message: 'Valid email is required' },
      ]),
    );
  });

  it('refuses taken nights with 409 naming the cabin and the dates, and keeps nothing', async () => {
    await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-06-05', check_out: '2027-06-08' }),
    );
    const bookingsBefore = await count(t, 'bookings');
    const guestsBefore = await count(t, 'guests');
    const taken = await post(
      '/api/guest-booking',
      guestBookingBody(cabin.unit_id, { check_in: '2027-06-07', check_out: '2027-06-09' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message:
        'Sunset Beachfront Cabin is not available from Jun 07, 2027 to Jun 09, 2027. Please choose other dates.',
    });
    expect(await count(t, 'bookings')).toBe(bookingsBefore);
    // The new guest of the failed booking was rolled back with it.
    expect(await count(t, 'guests')).toBe(guestsBefore);

    // Back to back is fine: check-out day is the next check-in day (DESIGN §3).
    await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { check_in: '2027-06-08', check_out: '2027-06-10' }),
    );
  });

  it('refuses nights closed by a blackout with the same kind of message', async () => {
    await t.database.query(
      `INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason)
       VALUES ($1, '2027-07-10', '2027-07-12', 'Roof repair')`,
      [cabin.unit_id],
    );
    const blocked = await post(
      '/api/guest-booking',
      guestBookingBody(cabin.unit_id, { check_in: '2027-07-12', check_out: '2027-07-14' }),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Sunset Beachfront Cabin is not available from Jul 12, 2027 to Jul 14, 2027. Please choose other dates.',
    );
  });

  it('finds a returning guest by e-mail, whatever its case, and counts their bookings', async () => {
    const email = 'returning.guest@example.ph';
    await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { email, check_in: '2027-08-01', check_out: '2027-08-02' }),
    );
    await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, {
        email: 'Returning.Guest@EXAMPLE.ph',
        guest_name: 'Someone Else',
        check_in: '2027-08-03',
        check_out: '2027-08-04',
      }),
    );
    const guests = await t.database.query<Record<string, unknown>>(
      `SELECT guest_name, total_bookings FROM guests WHERE lower(email) = $1`,
      [email],
    );
    // One guest, who takes the newest name given (docs/decisions/0015); each booking keeps its own.
    expect(guests).toEqual([{ guest_name: 'Someone Else', total_bookings: 2 }]);
  });

  it('offers only Available cabins and holds guests to the cabin’s max occupancy', async () => {
    const closed = await createUnit(t.database, {
      unit_name: 'Garden Cabin',
      unit_status: 'Maintenance',
    });
    const maintenance = await post(
      '/api/guest-booking',
      guestBookingBody(closed.unit_id, { check_in: '2027-09-01', check_out: '2027-09-02' }),
    );
    expect(maintenance.statusCode).toBe(400);
    expect(maintenance.json().message).toBe(
      'Garden Cabin is not available for booking. Please choose another cabin.',
    );

    const crowded = await post(
      '/api/guest-booking',
      guestBookingBody(cabin.unit_id, {
        num_guests: 5,
        check_in: '2027-09-01',
        check_out: '2027-09-02',
      }),
    );
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json()).toEqual({
      message: 'Sunset Beachfront Cabin allows at most 4 guests.',
      issues: [{ path: 'num_guests', message: 'Sunset Beachfront Cabin allows at most 4 guests.' }],
    });

    const unknown = await post(
      '/api/guest-booking',
      guestBookingBody('00000000-0000-4000-8000-000000000000', {
        check_in: '2027-09-01',
        check_out: '2027-09-02',
      }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('answers each bad field with SPEC §5’s message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ guest_name: 'A' }, 'guest_name', 'Name must be at least 2 characters'],
      [{ guest_name: '' }, 'guest_name', 'Name is required'],
      [{ guest_name: 'x'.repeat(101) }, 'guest_name', 'Name too long'],
      [
        { guest_name: 'Robert <script>' },
        'guest_name',
        'Name can only contain letters, spaces, hyphens, and apostrophes',
      ],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [
        { phone_number: '12345' },
        'phone_number',
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ],
      [{ unit_id: 'cabin-1' }, 'unit_id', 'Please select a cabin'],
      [
        { check_in: '2027-01-04', check_out: '2027-01-06' },
        'check_in',
        'The earliest check-in is tomorrow, Jan 05, 2027',
      ],
      [
        { check_in: '2027-02-10', check_out: '2027-02-10' },
        'check_out',
        'Check-out must be after check-in',
      ],
      [{ check_in: 'next week' }, 'check_in', 'Please select a valid date'],
      [{ check_out: '2027-02-30' }, 'check_out', 'Please select a valid date'],
      [{ num_guests: 0 }, 'num_guests', 'At least 1 guest required'],
      [{ num_guests: 21 }, 'num_guests', 'Maximum 20 guests'],
      [{ special_requests: 'x'.repeat(501) }, 'special_requests', 'Maximum 500 characters'],
      [{ file_name: '' }, 'file_name', 'Payment proof is required'],
      [
        { file_type: 'image/gif' },
        'file_type',
        'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
      ],
      [{ file_size: 3 * 1024 * 1024 }, 'file_size', 'File must be less than 2MB'],
    ];
    const bookingsBefore = await count(t, 'bookings');
    const guestsBefore = await count(t, 'guests');
    for (const [override, field, message] of cases) {
      const response = await post('/api/guest-booking', guestBookingBody(cabin.unit_id, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().issues, JSON.stringify(override)).toContainEqual({
        path: field,
        message,
      });
    }
    const missingCaptcha = await post(
      '/api/guest-booking',
      guestBookingBody(cabin.unit_id, { turnstile_token: '' }),
    );
    expect(missingCaptcha.statusCode).toBe(400);
    expect(missingCaptcha.json()).toEqual({ message: 'Please complete the CAPTCHA verification.' });
    const empty = await post('/api/guest-booking', {});
    expect(empty.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      headers: { 'content-type': 'application/json' },
      payload: '{"guest_name":',
    });
    expect(notJson.statusCode).toBe(400);

    expect(await count(t, 'bookings')).toBe(bookingsBefore);
    expect(await count(t, 'guests')).toBe(guestsBefore);
    expect(filesUnder(t, 'storage')).not.toContainEqual(expect.stringContaining('undefined'));
  });

  it('keeps staff bookings out of the public confirm', async () => {
    const staff = await createBooking(t.database, cabin.unit_id, {
      check_in: '2027-10-01',
      check_out: '2027-10-02',
    });
    const response = await post('/api/guest-booking/confirm', {
      booking_id: staff.booking_id,
      file_path: `${staff.booking_id}/1-proof.png`,
    });
    // No file there either; with or without one, the public learns nothing about staff bookings.
    expect([400, 404]).toContain(response.statusCode);
    expect(await count(t, 'payments WHERE booking_id = $1', [staff.booking_id])).toBe(0);
  });
});

/** The decoded text of an .eml (quoted-printable or base64 parts), for content assertions. */
function decodeMail(eml: string): string {
  const parts: string[] = [eml];
  const unfolded = eml.replace(/=\r?\n/g, '');
  parts.push(
    unfolded.replace(/(?:=[0-9A-F]{2})+/g, (match) =>
      Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'),
    ),
  );
  for (const block of eml.split(/\r?\n\r?\n/)) {
    const compact = block.replace(/\s+/g, '');
    if (/^[A-Za-z0-9+/=]{40,}$/.test(compact)) {
      parts.push(Buffer.from(compact, 'base64').toString('utf8'));
    }
  }
  return parts.join('\n');
}
