import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pinClock } from './guest-helpers';

let t: TestApp;
let a: { unit_id: string };
let b: { unit_id: string };
let c: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  // DESIGN §4's worked examples' cabins.
  a = await createUnit(t.database, {
    unit_name: 'Cabin A',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
  b = await createUnit(t.database, {
    unit_name: 'Cabin B',
    base_rate: 4500,
    weekend_rate: 5500,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 750,
  });
  c = await createUnit(t.database, {
    unit_name: 'Cabin C',
    base_rate: 2500,
    weekend_rate: 2500,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 400,
  });
});
afterAll(() => t.close());

async function quote(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/quote', payload: payload as object });
}

describe(`POST /api/quote (${process.env.TEST_DB})`, () => {
  it('prices DESIGN §4 case 1: A × 3 guests, 2027-06-10 to 06-13, booked 2027-06-01', async () => {
    pinClock(t, '2027-06-01T02:00:00Z');
    const response = await quote({
      units: [{ unit_id: a.unit_id, num_guests: 3 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      nights: 3,
      units: [
        {
          unit_id: a.unit_id,
          base_total: 7200,
          weekend_surcharge: 1440,
          extra_person_fee: 1500,
          unit_total: 10140,
        },
      ],
      base_amount: 7200,
      total_surcharges: 2940,
      subtotal: 10140,
      discount: null,
      discount_amount: 0,
      // Issue 21: no promo code asked for, the flexible rate.
      promo: null,
      rate_plan: 'flexible',
      rate_plan_saving: 0,
      vat: 1217,
      local_tax: 101,
      tax_amount: 1318,
      total_amount: 11458,
      // Issue 17: no extras asked for, none priced, the total as DESIGN §4 has it.
      extras: [],
      extras_total: 0,
      // Issue 17: the default deposit rule, 50% now and the balance at check-in.
      deposit: { deposit_amount: 5729, balance_amount: 5729, balance_due_date: '2027-06-10' },
    });
  });

  it('prices DESIGN §4 case 2: Early Bird capped at 5,000 across the new year', async () => {
    pinClock(t, '2027-10-01T02:00:00Z');
    const response = await quote({
      units: [{ unit_id: b.unit_id, num_guests: 2 }],
      check_in: '2027-12-30',
      check_out: '2028-01-04',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      nights: 5,
      base_amount: 40500,
      subtotal: 44500,
      discount: { name: 'Early Bird', rate: 0.15, amount: 5000 },
      discount_amount: 5000,
      vat: 4740,
      local_tax: 395,
      total_amount: 44635,
    });
    expect(body.units[0]).toMatchObject({ base_total: 40500, weekend_surcharge: 4000 });
  });

  it('prices DESIGN §4 case 3: three cabins in Holy Week get the Bulk discount', async () => {
    pinClock(t, '2027-03-10T02:00:00Z');
    const response = await quote({
      units: [
        { unit_id: a.unit_id, num_guests: 2 },
        { unit_id: b.unit_id, num_guests: 4 },
        { unit_id: c.unit_id, num_guests: 3 },
      ],
      check_in: '2027-03-26',
      check_out: '2027-03-29',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      nights: 3,
      subtotal: 69240,
      discount: { name: 'Bulk', rate: 0.1, amount: 6924 },
      vat: 7478,
      local_tax: 623,
      total_amount: 70417,
    });
  });

  it('takes "today" in the resort zone: 2027-06-01 16:30 UTC is already June 2 in Manila', async () => {
    // 8 days ahead from Manila's June 2 vs 9 from UTC's June 1: either way no discount, but a
    // stay starting June 4 is Last Minute (≤ 2 days) only from Manila's today.
    pinClock(t, '2027-06-01T16:30:00Z');
    const response = await quote({
      units: [{ unit_id: a.unit_id, num_guests: 2 }],
      check_in: '2027-06-04',
      check_out: '2027-06-05',
    });
    expect(response.json().discount).toMatchObject({ name: 'Last Minute' });
  });

  it('is in the OpenAPI document with the other public endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/quote',
        '/api/public/calendar',
        '/api/captcha/challenge',
        '/api/captcha/config',
        '/api/guest-booking',
        '/api/guest-booking/confirm',
        '/api/guest-booking/status',
        '/api/storage/upload/{bucket}/{*}',
      ]),
    );
  });

  it('answers 404 for an unknown cabin and 400 for one that is not Available', async () => {
    pinClock(t, '2027-01-01T02:00:00Z');
    const unknown = await quote({
      units: [{ unit_id: '00000000-0000-4000-8000-000000000000', num_guests: 2 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The selected cabin does not exist.');

    const closed = await createUnit(t.database, {
      unit_name: 'Closed Cabin',
      unit_status: 'Maintenance',
    });
    const maintenance = await quote({
      units: [{ unit_id: closed.unit_id, num_guests: 2 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
    });
    expect(maintenance.statusCode).toBe(400);
    expect(maintenance.json().message).toBe(
      'Closed Cabin is not available for booking. Please choose another cabin.',
    );
  });

  it('answers 400 for more guests than the cabin holds, and for bad input', async () => {
    pinClock(t, '2027-01-01T02:00:00Z');
    const tooMany = await quote({
      units: [{ unit_id: a.unit_id, num_guests: 5 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: 'Cabin A allows at most 4 guests.',
      issues: [{ path: 'units.0.num_guests', message: 'Cabin A allows at most 4 guests.' }],
    });

    const backwards = await quote({
      units: [{ unit_id: a.unit_id, num_guests: 2 }],
      check_in: '2027-06-13',
      check_out: '2027-06-10',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Check-out must be after check-in');

    const noUnits = await quote({ units: [], check_in: '2027-06-10', check_out: '2027-06-13' });
    expect(noUnits.statusCode).toBe(400);
    expect(noUnits.json().message).toBe('Please select at least one cabin');

    const garbage = await quote({ units: 'all', check_in: 'soon' });
    expect(garbage.statusCode).toBe(400);
  });
});
