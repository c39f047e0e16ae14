import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { setNow } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 17 point 4 and 8: POST /api/bookings/:id/charges — staff add an extra from the catalogue
 * to a booking's folio, priced for its nights and guests by the one extras pricing module; bad
 * input and a charge on a cancelled booking are refused with the reason and write nothing.
 */

type Json = Record<string, unknown>;
type Folio = {
  entries: {
    kind: string;
    description: string;
    quantity: number;
    amount: number;
    reason: string | null;
  }[];
  charges_total: number;
  balance: number;
};

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let unitId: string;
let breakfastId: string;
let transferId: string;
let inactiveId: string;

async function newExtra(body: Json): Promise<string> {
  const response = await manager.inject({ method: 'POST', url: '/api/extras', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { extra_id: string }).extra_id;
}

let day = 0;
/** A staff booking of 3 nights for 2 guests; each call takes later nights. */
async function book(): Promise<string> {
  day += 5;
  const from = new Date(Date.UTC(2028, 2, 1 + day)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(2028, 2, 4 + day)).toISOString().slice(0, 10);
  const response = await staff.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: unitId,
      guest_name: 'Ana Reyes',
      contact_number: '0917 555 0101',
      email: `ana.${day}@example.ph`,
      num_guests: 2,
      check_in: from,
      check_out: to,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { booking_id: string }).booking_id;
}

async function folioOf(bookingId: string): Promise<Folio> {
  const response = await staff.inject({ method: 'GET', url: `/api/bookings/${bookingId}/folio` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Folio;
}

async function entryCount(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM folio_entries',
  );
  return Number(row!.n);
}

function charge(bookingId: string, payload: Json) {
  return staff.inject({ method: 'POST', url: `/api/bookings/${bookingId}/charges`, payload });
}

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'manager')]);
  unitId = (
    await createUnit(t.database, {
      unit_name: 'Charges Cabin',
      base_rate: 3000,
      weekend_rate: 3000,
      base_occupancy: 2,
      max_occupancy: 4,
      extra_person_rate: 500,
    })
  ).unit_id;
  breakfastId = await newExtra({
    name: 'Test breakfast',
    price: 350,
    charge_per: 'person_night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  });
  transferId = await newExtra({
    name: 'Test boat transfer',
    price: 600,
    charge_per: 'person',
    tax_treatment: 'exempt',
    guest_bookable: true,
  });
  inactiveId = await newExtra({
    name: 'Old tour',
    price: 1000,
    charge_per: 'stay',
    tax_treatment: 'vatable',
    guest_bookable: false,
  });
  const off = await manager.inject({
    method: 'PATCH',
    url: `/api/extras/${inactiveId}`,
    payload: { active: false },
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => setNow(t, '2027-06-01'));

describe(`folio charges (${process.env.TEST_DB})`, () => {
  it('breakfast for 2 guests × 3 nights: 350 × 6 = 2,100 net, with 12% VAT and 1% local tax', async () => {
    const bookingId = await book();
    const before = await folioOf(bookingId);
    const response = await charge(bookingId, {
      extra_id: breakfastId,
      quantity: 1,
      note: 'Room 1',
    });
    expect(response.statusCode, response.body).toBe(201);
    const folio = response.json().data as Folio;
    const added = folio.entries.at(-1)!;
    // 2,100 + VAT 252 + local tax 21 (DESIGN §4 taxes, exclusive mode).
    expect(added).toMatchObject({ kind: 'extra', quantity: 6, amount: 2373, reason: 'Room 1' });
    expect(folio.charges_total).toBe(before.charges_total + 2373);
    expect(folio.balance).toBe(before.balance + 2373);
    // The booking's total follows its folio.
    const detail = await staff.inject({ method: 'GET', url: `/api/bookings/${bookingId}` });
    expect(detail.json().data.total_amount).toBe(folio.charges_total);
  });

  it('a VAT-exempt boat transfer carries no tax: 600 × 2 guests × quantity 2 = 2,400', async () => {
    const bookingId = await book();
    const response = await charge(bookingId, { extra_id: transferId, quantity: 2 });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as Folio).entries.at(-1)).toMatchObject({
      kind: 'extra',
      amount: 2400,
    });
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const bookingId = await book();
    const before = await entryCount();
    for (const payload of [
      { extra_id: breakfastId, quantity: -1 },
      { extra_id: breakfastId, quantity: 1.5 },
      { extra_id: breakfastId, quantity: 0 },
      { extra_id: breakfastId, quantity: 51 },
      { extra_id: 'not-an-id', quantity: 1 },
      { quantity: 1 },
    ]) {
      const response = await charge(bookingId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    for (const extraId of ['00000000-0000-4000-8000-000000000000', inactiveId]) {
      const response = await charge(bookingId, { extra_id: extraId, quantity: 1 });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues[0].path).toBe('extra_id');
    }
    expect(await entryCount()).toBe(before);
  });

  it('a cancelled booking takes no charge (409) and an unknown booking is 404', async () => {
    const bookingId = await book();
    const cancel = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: { reason: 'Guest changed plans' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = await entryCount();
    const refused = await charge(bookingId, { extra_id: breakfastId, quantity: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('A cancelled booking takes no new charges.');
    const missing = await charge('00000000-0000-4000-8000-000000000000', {
      extra_id: breakfastId,
      quantity: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
  });
});
