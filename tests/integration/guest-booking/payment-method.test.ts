import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createGuestBooking,
  guestBookingBody,
  makePng,
  pinClock,
  putFile,
  type CreatedGuestBooking,
} from './guest-helpers';

/*
 * Issue 15, point 21: the guest says how they paid (GCash, Maya, bank transfer, other) and the
 * receipt's transaction reference; both land on the proof's payment, where staff verify it, and
 * the audit trail keeps the reference redacted (SPEC §3). Point 22: the public settings carry
 * the tax mode and rates the public pages word their prices with.
 */

let t: TestApp;
let manager: SignedIn;
let owner: SignedIn;
let cabin: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  manager = await signInAs(t, 'manager');
  owner = await signInAs(t, 'owner');
  cabin = await createUnit(t.database, { base_rate: 3000, weekend_rate: 3000 });
});
afterAll(() => t.close());
beforeEach(() => pinClock(t, '2027-01-04T02:00:00Z'));

let nextCheckIn = 20;
/** Each booking its own nights, so none conflicts with another. */
function stayDates() {
  nextCheckIn += 3;
  const day = (n: number) => `2027-03-${String(n).padStart(2, '0')}`;
  return { check_in: day(nextCheckIn - 20), check_out: day(nextCheckIn - 18) };
}

async function uploadAndConfirm(created: CreatedGuestBooking, extra: Record<string, unknown>) {
  const png = await makePng();
  const uploaded = await putFile(t, created.upload, png, 'image/png');
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/guest-booking/confirm',
    payload: {
      booking_id: created.booking.booking_id,
      file_path: created.upload.path,
      file_size: png.length,
      ...extra,
    },
  });
}

describe('the guest says how they paid (issue 15)', () => {
  it('records the method and reference on the proof’s payment, which staff read', async () => {
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, {
        ...stayDates(),
        payment_method: 'GCash',
        payment_reference: '  Ref 1012  345 678901 ',
      }),
    );
    const [booking] = await t.database.query<{ payment_method: string }>(
      'SELECT payment_method FROM bookings WHERE booking_id = $1',
      [created.booking.booking_id],
    );
    expect(booking!.payment_method).toBe('GCash');

    const confirmed = await uploadAndConfirm(created, {
      payment_method: 'GCash',
      payment_reference: '  Ref 1012  345 678901 ',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const list = await manager.inject({
      method: 'GET',
      url: `/api/payments?booking_id=${created.booking.booking_id}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        payment_method: 'GCash',
        transaction_reference: 'Ref 1012 345 678901',
        payment_status: 'Pending',
        has_proof: true,
      }),
    ]);
    const paymentId = list.json().data[0].payment_id as string;
    const detail = await manager.inject({ method: 'GET', url: `/api/payments/${paymentId}` });
    expect(detail.json().data ?? detail.json()).toMatchObject({
      payment_method: 'GCash',
      transaction_reference: 'Ref 1012 345 678901',
    });
    const bookingDetail = await manager.inject({
      method: 'GET',
      url: `/api/bookings/${created.booking.booking_id}`,
    });
    const bookingBody = bookingDetail.json().data ?? bookingDetail.json();
    expect(bookingBody.payment_method).toBe('GCash');
    expect(bookingBody.payments).toEqual([
      expect.objectContaining({ transaction_reference: 'Ref 1012 345 678901' }),
    ]);

    // SPEC §3: the transaction reference is redacted in the audit trail.
    const audit = await t.database.query<{ new_data: Record<string, unknown> }>(
      `SELECT new_data FROM audit_logs WHERE table_name = 'payments' AND record_id = $1`,
      [paymentId],
    );
    expect(audit.length).toBeGreaterThan(0);
    for (const row of audit) {
      expect(row.new_data.transaction_reference).toBe('[REDACTED]');
      expect(JSON.stringify(row.new_data)).not.toContain('678901');
    }
  });

  it('takes the booking’s method when the confirm does not repeat it', async () => {
    const created = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, { ...stayDates(), payment_method: 'BankTransfer' }),
    );
    const confirmed = await uploadAndConfirm(created, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [payment] = await t.database.query<{
      payment_method: string;
      transaction_reference: string | null;
    }>('SELECT payment_method, transaction_reference FROM payments WHERE booking_id = $1', [
      created.booking.booking_id,
    ]);
    expect(payment).toEqual({ payment_method: 'BankTransfer', transaction_reference: null });
  });

  it('keeps older clients working: without the fields the method is Other', async () => {
    const created = await createGuestBooking(t, guestBookingBody(cabin.unit_id, stayDates()));
    const confirmed = await uploadAndConfirm(created, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const rows = await t.database.query<{ booking_method: string; payment_method: string }>(
      `SELECT b.payment_method AS booking_method, p.payment_method
         FROM bookings b JOIN payments p USING (booking_id) WHERE b.booking_id = $1`,
      [created.booking.booking_id],
    );
    expect(rows).toEqual([{ booking_method: 'Other', payment_method: 'Other' }]);
  });

  it('refuses an unknown method and a bad reference with the field’s message, booking nothing', async () => {
    const [{ n: before }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bookings',
    )) as [{ n: number }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payment_method: 'Cash' }, 'payment_method', 'Please select a payment method'],
      [{ payment_method: '' }, 'payment_method', 'Please select a payment method'],
      [
        { payment_reference: 'x'.repeat(65) },
        'payment_reference',
        'The reference must be 64 characters or less',
      ],
      [
        { payment_reference: 'Ref <script>' },
        'payment_reference',
        'The reference can only contain letters, digits, spaces and - / # . _',
      ],
      [
        { payment_reference: 'line\nbreak' },
        'payment_reference',
        'The reference can only contain letters, digits, spaces and - / # . _',
      ],
    ];
    for (const [override, field, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: guestBookingBody(cabin.unit_id, { ...stayDates(), ...override }),
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().issues).toContainEqual({ path: field, message });
    }
    const [{ n: after }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bookings',
    )) as [{ n: number }];
    expect(after).toBe(before);

    // The confirm checks the same fields.
    const created = await createGuestBooking(t, guestBookingBody(cabin.unit_id, stayDates()));
    const refused = await uploadAndConfirm(created, { payment_reference: 'x'.repeat(65) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual({
      path: 'payment_reference',
      message: 'The reference must be 64 characters or less',
    });
  });
});

describe('public prices and taxes (issue 15)', () => {
  it('the public settings carry the tax mode and rates, and follow the pricing settings', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(before.json().data).toMatchObject({
      tax_mode: 'exclusive',
      vat_rate: 0.12,
      local_tax_rate: 0.01,
    });

    const patched = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { pricing: { tax_mode: 'inclusive' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(after.json().data).toMatchObject({ tax_mode: 'inclusive', vat_rate: 0.12 });

    const restored = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { pricing: { tax_mode: 'exclusive' } },
    });
    expect(restored.statusCode).toBe(200);
  });
});
