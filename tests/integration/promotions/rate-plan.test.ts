import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, createPayment } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pinClock, readOutbox } from '../guest-booking/guest-helpers';

/**
 * Issue 21 point 3: the non-refundable rate. Refused while the resort does not offer it; once the
 * owner turns it on, N% off, stored on the booking, named in the e-mail, and a cancellation
 * refunds 0% of the stay (an overpayment is still returned).
 */

type Json = Record<string, unknown>;

let t: TestApp;
let manager: SignedIn;
let owner: SignedIn;
let cabin: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-06-01T02:00:00Z');
  [manager, owner] = await Promise.all([signInAs(t, 'manager'), signInAs(t, 'owner')]);
  cabin = await createUnit(t.database, {
    unit_name: 'Rate cabin',
    base_rate: 3000,
    weekend_rate: 3000,
  });
});
afterAll(() => t.close());

const quote = (payload: Json = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: {
      units: [{ unit_id: cabin.unit_id, num_guests: 2 }],
      check_in: '2027-07-10',
      check_out: '2027-07-12',
      ...payload,
    },
  });

const book = (payload: Json = {}) =>
  manager.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: cabin.unit_id,
      guest_name: 'Rosa Lim',
      contact_number: '0917 123 4567',
      email: `rosa.${randomUUID()}@example.ph`,
      num_guests: 2,
      check_in: '2027-07-10',
      check_out: '2027-07-12',
      payment_method: 'GCash',
      ...payload,
    },
  });

const decoded = (text: string) => text.replace(/=\r?\n/g, '');

describe(`non-refundable rate (${process.env.TEST_DB})`, () => {
  it('is refused while the resort does not offer it: 400 at rate_plan, nothing booked', async () => {
    const message = 'The non-refundable rate is not offered';
    const refused = await quote({ rate_plan: 'non_refundable' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message, issues: [{ path: 'rate_plan', message }] });
    const before = await countRows(t.database, 'bookings');
    expect((await book({ rate_plan: 'non_refundable' })).statusCode).toBe(400);
    expect(await countRows(t.database, 'bookings')).toBe(before);
  });

  it('once on: 10% cheaper, stored, told in the e-mail; a cancellation refunds 0% but an overpayment', async () => {
    const on = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { pricing: { non_refundable: { enabled: true, percent: 10 } } },
    });
    expect(on.statusCode, on.body).toBe(200);

    const flexible = (await quote()).json() as { subtotal: number };
    const priced = await quote({ rate_plan: 'non_refundable' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      rate_plan: 'non_refundable',
      subtotal: Math.round(flexible.subtotal * 0.9),
      rate_plan_saving: flexible.subtotal - Math.round(flexible.subtotal * 0.9),
    });

    const made = await book({ rate_plan: 'non_refundable' });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().data as Json & {
      booking_id: string;
      booking_reference: string;
      total_amount: number;
    };
    expect(booking.rate_plan).toBe('non_refundable');
    expect(booking.total_amount).toBe((priced.json() as { total_amount: number }).total_amount);
    // Issue 24: the booking's mail leaves after its answer.
    await t.app.deps.jobs.settled();
    const mail = readOutbox(t).find(({ text }) => text.includes(booking.booking_reference));
    expect(mail).toBeDefined();
    expect(decoded(mail!.text)).toContain('Non-refundable rate: no refund on cancellation.');

    // Paid ₱500 more than the stay: that overpayment alone comes back.
    await createPayment(t.database, booking.booking_id, {
      payment_amount: booking.total_amount + 500,
    });
    const preview = await manager.inject({
      method: 'GET',
      url: `/api/bookings/${booking.booking_id}/refund-preview`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ percent: 0, amount: 500 });
    const cancelled = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${booking.booking_id}/cancel`,
      payload: { reason: 'Change of plans' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({ percent: 0, amount: 500 });

    // A flexible booking of the same stay, 39 days ahead, still gets SPEC §9's 90%.
    const flex = await book();
    const flexBooking = flex.json().data as {
      booking_id: string;
      total_amount: number;
      rate_plan: string;
    };
    expect(flexBooking.rate_plan).toBe('flexible');
    await createPayment(t.database, flexBooking.booking_id, {
      payment_amount: flexBooking.total_amount,
    });
    const flexCancel = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${flexBooking.booking_id}/cancel`,
      payload: { reason: 'Change of plans' },
    });
    expect(flexCancel.json().refund).toMatchObject({ percent: 90 });
  });

  it('the e-mail names an applied promo code', async () => {
    const code = `MAIL-${randomUUID().slice(0, 6)}`.toUpperCase();
    const created = await manager.inject({
      method: 'POST',
      url: '/api/promo-codes',
      payload: { code, kind: 'percent', value: 20 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = await book({ check_in: '2027-06-20', check_out: '2027-06-22', promo_code: code });
    expect(made.statusCode, made.body).toBe(201);
    const reference = made.json().data.booking_reference as string;
    // Issue 24: the booking's mail leaves after its answer.
    await t.app.deps.jobs.settled();
    const mail = readOutbox(t).find(({ text }) => text.includes(reference));
    expect(decoded(mail!.text)).toContain(`Promo code ${code} applied: you save`);
  });
});
