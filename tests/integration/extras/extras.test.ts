import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_PRICING_MESSAGES } from '../../../src/domain/extras-pricing';
import { EXTRA_CATALOGUE_MESSAGES, EXTRA_MESSAGES } from '../../../src/domain/schemas/extra.schema';
import { extraChargeDrafts } from '../../../src/server/extras/extras.service';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { guestBookingBody, pinClock } from '../guest-booking/guest-helpers';

/**
 * Issue 17 point 4: the extras catalogue through the real app — managers and up change it, every
 * member of staff reads it, guests see the bookable, active ones — and extras priced by the
 * quote, the guest booking and the folio's charge drafts, exact to the peso.
 */

type Extra = {
  extra_id: string;
  name: string;
  price: number;
  charge_per: string;
  tax_treatment: string;
  guest_bookable: boolean;
  active: boolean;
};

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let cabinA: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
  // DESIGN §4 case 1's cabin: 3 guests, 2027-06-10 to 06-13 booked 2027-06-01 is ₱11,458.
  cabinA = await createUnit(t.database, {
    unit_name: 'Cabin A',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>, as: SignedIn = manager): Promise<Extra> {
  const response = await as.inject({ method: 'POST', url: '/api/extras', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Extra }).data;
}

const quote = (extras: unknown, guests = 3) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: {
      units: [{ unit_id: cabinA.unit_id, num_guests: guests }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      extras,
    },
  });

const extrasCount = () => countRows(t.database, 'extras');

describe(`extras catalogue (${process.env.TEST_DB})`, () => {
  it('a manager adds an extra: 201 with DESIGN §8 shape, staff-only and active by default', async () => {
    const extra = await create({
      name: '  Sunset <b>kayak</b> ',
      price: 450.5,
      charge_per: 'person',
      tax_treatment: 'vatable',
    });
    expect(extra).toEqual({
      extra_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sunset kayak',
      price: 450.5,
      charge_per: 'person',
      tax_treatment: 'vatable',
      guest_bookable: false,
      active: true,
    });
    const list = await staff.inject({ method: 'GET', url: '/api/extras' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: Extra[] }).data).toContainEqual(extra);

    // DESIGN §6: the catalogue is business data with an audit trail, naming who changed it.
    const audit = await t.database.query<{ action: string; user_email: string }>(
      `SELECT action, user_email FROM audit_logs WHERE table_name = 'extras' AND record_id = $1`,
      [extra.extra_id],
    );
    expect(audit).toEqual([{ action: 'INSERT', user_email: manager.user.email }]);
  });

  it('an owner edits an extra: price, bookability and the active toggle', async () => {
    const extra = await create({
      name: 'Massage',
      price: 900,
      charge_per: 'stay',
      tax_treatment: 'vatable',
    });
    const response = await owner.inject({
      method: 'PATCH',
      url: `/api/extras/${extra.extra_id.toUpperCase()}`,
      payload: { price: 950, guest_bookable: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ...extra, price: 950, guest_bookable: true } });

    const off = await manager.inject({
      method: 'PATCH',
      url: `/api/extras/${extra.extra_id}`,
      payload: { active: false },
    });
    expect((off.json() as { data: Extra }).data.active).toBe(false);
    const rows = await t.database.query<{ price: string; active: boolean }>(
      'SELECT price::text AS price, active FROM extras WHERE extra_id = $1',
      [extra.extra_id],
    );
    expect(rows).toEqual([{ price: '950.00', active: false }]);
  });

  it('staff read the catalogue but cannot change it; nobody anonymous reads it', async () => {
    const before = await extrasCount();
    const post = await staff.inject({
      method: 'POST',
      url: '/api/extras',
      payload: { name: 'Staff extra', price: 10, charge_per: 'stay', tax_treatment: 'vatable' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ message: EXTRA_CATALOGUE_MESSAGES.manageDenied });
    const [first] = (
      (await staff.inject({ method: 'GET', url: '/api/extras' })).json() as { data: Extra[] }
    ).data;
    const patch = await staff.inject({
      method: 'PATCH',
      url: `/api/extras/${first!.extra_id}`,
      payload: { price: 1 },
    });
    expect(patch.statusCode).toBe(403);
    expect(await extrasCount()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/extras' })).statusCode).toBe(401);
  });

  it.each([
    ['a negative price', { price: -1 }, 'price', EXTRA_MESSAGES.priceNegative],
    ['a fraction of a centavo', { price: 10.005 }, 'price', EXTRA_MESSAGES.priceInvalid],
    ['a price as text', { price: '350' }, 'price', EXTRA_MESSAGES.priceInvalid],
    ['a price above ₱100,000', { price: 100_000.01 }, 'price', EXTRA_MESSAGES.priceMax],
    ['no name', { name: '   ' }, 'name', 'This field is required'],
    ['an unknown charge', { charge_per: 'hour' }, 'charge_per', EXTRA_MESSAGES.chargePer],
    ['an unknown tax', { tax_treatment: 'vat' }, 'tax_treatment', EXTRA_MESSAGES.taxTreatment],
  ])('refuses %s with its message and writes nothing', async (_case, patch, path, message) => {
    const before = await extrasCount();
    const response = await manager.inject({
      method: 'POST',
      url: '/api/extras',
      payload: {
        name: 'Bad extra',
        price: 100,
        charge_per: 'stay',
        tax_treatment: 'vatable',
        ...patch,
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      message: string;
      issues: { path: string; message: string }[];
    };
    expect(body.issues).toContainEqual({ path, message });
    expect(await extrasCount()).toBe(before);
  });

  it('refuses a second extra of the same name (409) and a rename onto one', async () => {
    const first = await create({
      name: 'Kayak rental',
      price: 300,
      charge_per: 'stay',
      tax_treatment: 'vatable',
    });
    const before = await extrasCount();
    const again = await manager.inject({
      method: 'POST',
      url: '/api/extras',
      payload: { name: ' KAYAK RENTAL', price: 1, charge_per: 'night', tax_treatment: 'exempt' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: EXTRA_CATALOGUE_MESSAGES.duplicateName });
    expect(await extrasCount()).toBe(before);

    const other = await create({
      name: 'Snorkel set',
      price: 150,
      charge_per: 'stay',
      tax_treatment: 'vatable',
    });
    const rename = await manager.inject({
      method: 'PATCH',
      url: `/api/extras/${other.extra_id}`,
      payload: { name: first.name },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('PATCH: nothing to change is a 400, an unknown or malformed id a 404, bad values a 400', async () => {
    const extra = await create({
      name: 'Bonfire',
      price: 500,
      charge_per: 'stay',
      tax_treatment: 'vatable',
    });
    const empty = await manager.inject({
      method: 'PATCH',
      url: `/api/extras/${extra.extra_id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: EXTRA_CATALOGUE_MESSAGES.nothingToUpdate });
    for (const id of [randomUUID(), 'breakfast', "1' OR '1'='1"]) {
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/extras/${encodeURIComponent(id)}`,
        payload: { price: 1 },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: EXTRA_CATALOGUE_MESSAGES.notFound });
    }
    const negative = await manager.inject({
      method: 'PATCH',
      url: `/api/extras/${extra.extra_id}`,
      payload: { price: -0.01 },
    });
    expect(negative.statusCode).toBe(400);
    const rows = await t.database.query<{ price: string }>(
      'SELECT price::text AS price FROM extras WHERE extra_id = $1',
      [extra.extra_id],
    );
    expect(rows).toEqual([{ price: '500.00' }]);
  });

  it('GET /api/public/extras lists only guest-bookable, active extras, without their flags', async () => {
    const shown = await create({
      name: 'Welcome drink',
      price: 120,
      charge_per: 'person',
      tax_treatment: 'vatable',
      guest_bookable: true,
    });
    await create({
      name: 'Late check-out',
      price: 1000,
      charge_per: 'stay',
      tax_treatment: 'vatable',
    });
    await create({
      name: 'Retired tour',
      price: 2000,
      charge_per: 'person',
      tax_treatment: 'vatable',
      guest_bookable: true,
      active: false,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/public/extras' });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: Record<string, unknown>[] }).data;
    expect(data).toContainEqual({
      extra_id: shown.extra_id,
      name: 'Welcome drink',
      price: 120,
      charge_per: 'person',
      tax_treatment: 'vatable',
    });
    const names = data.map((extra) => extra.name);
    expect(names).not.toContain('Late check-out');
    expect(names).not.toContain('Retired tour');
    expect(data.every((extra) => !('guest_bookable' in extra) && !('active' in extra))).toBe(true);
  });
});

describe(`extras priced in the quote (${process.env.TEST_DB})`, () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const make = async (key: string, body: Record<string, unknown>) => {
      ids[key] = (await create({ guest_bookable: true, ...body })).extra_id;
    };
    await make('breakfast', {
      name: 'Q Breakfast',
      price: 350,
      charge_per: 'person_night',
      tax_treatment: 'vatable',
    });
    await make('boat', {
      name: 'Q Boat transfer',
      price: 600,
      charge_per: 'person',
      tax_treatment: 'vatable',
    });
    await make('bed', {
      name: 'Q Extra bed',
      price: 800,
      charge_per: 'night',
      tax_treatment: 'vatable',
    });
    await make('terminal', {
      name: 'Q Terminal fee',
      price: 50,
      charge_per: 'person',
      tax_treatment: 'exempt',
    });
    await make('pickup', {
      name: 'Q Export pickup',
      price: 1234.56,
      charge_per: 'stay',
      tax_treatment: 'zero_rated',
    });
    await make('snack', {
      name: 'Q Snack',
      price: 12.5,
      charge_per: 'person',
      tax_treatment: 'vatable',
    });
    await make('staffOnly', {
      name: 'Q Day-tour guest',
      price: 500,
      charge_per: 'person',
      tax_treatment: 'vatable',
      guest_bookable: false,
    });
    await make('inactive', {
      name: 'Q Old tour',
      price: 900,
      charge_per: 'person',
      tax_treatment: 'vatable',
      active: false,
    });
  });

  it('prices each charge_per kind and tax treatment exactly, on top of DESIGN §4 case 1', async () => {
    pinClock(t, '2027-06-01T02:00:00Z');
    const response = await quote([
      { extra_id: ids.breakfast, quantity: 1 },
      { extra_id: ids.boat, quantity: 1 },
      { extra_id: ids.bed, quantity: 2 },
      { extra_id: ids.terminal, quantity: 1 },
      { extra_id: ids.pickup, quantity: 2 },
      { extra_id: ids.snack, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The stay itself is DESIGN §4 case 1, unchanged.
    expect(body).toMatchObject({
      subtotal: 10140,
      discount: null,
      vat: 1217,
      local_tax: 101,
      tax_amount: 1318,
    });
    const line = (
      key: string,
      name: string,
      charge_per: string,
      quantity: number,
      units: number,
      unit_price: number,
      amount: number,
      vat: number,
      local_tax: number,
    ) => ({
      extra_id: ids[key],
      name,
      charge_per,
      quantity,
      units,
      unit_price,
      amount,
      vat,
      local_tax,
    });
    expect(body.extras).toEqual([
      // 350 × 3 guests × 3 nights = 3150; VAT 12% 378; local 1% 31.50 → 32 (half up).
      line('breakfast', 'Q Breakfast', 'person_night', 1, 9, 350, 3560, 378, 32),
      // 600 × 3 guests = 1800; VAT 216; local 18.
      line('boat', 'Q Boat transfer', 'person', 1, 3, 600, 2034, 216, 18),
      // 800 × 2 beds × 3 nights = 4800; VAT 576; local 48.
      line('bed', 'Q Extra bed', 'night', 2, 6, 800, 5424, 576, 48),
      // VAT-exempt: 50 × 3 guests, no VAT and no local tax.
      line('terminal', 'Q Terminal fee', 'person', 1, 3, 50, 150, 0, 0),
      // Zero-rated: 1234.56 × 2 = 2469.12 → 2469, no tax.
      line('pickup', 'Q Export pickup', 'stay', 2, 2, 1234.56, 2469, 0, 0),
      // 12.50 × 3 = 37.50 → 38; VAT 4.56 → 5; local 0.38 → 0.
      line('snack', 'Q Snack', 'person', 1, 3, 12.5, 43, 5, 0),
    ]);
    expect(body.extras_total).toBe(13680);
    expect(body.total_amount).toBe(11458 + 13680);
  });

  it('prices a VATable extra with the taxes inside under the inclusive tax mode', async () => {
    const set = (tax_mode: string) =>
      owner.inject({ method: 'PATCH', url: '/api/settings', payload: { pricing: { tax_mode } } });
    expect((await set('inclusive')).statusCode).toBe(200);
    try {
      const response = await quote([{ extra_id: ids.breakfast, quantity: 1 }]);
      expect(response.statusCode, response.body).toBe(200);
      // 3150 holds its taxes: VAT 3150 × 0.12 / 1.13 = 334.51 → 335; local 27.88 → 28.
      expect(response.json().extras[0]).toMatchObject({ amount: 3150, vat: 335, local_tax: 28 });
      expect(response.json().extras_total).toBe(3150);
    } finally {
      expect((await set('exclusive')).statusCode).toBe(200);
    }
  });

  it.each([
    [
      'an extra not in the catalogue',
      () => [{ extra_id: randomUUID(), quantity: 1 }],
      'extras.0.extra_id',
      EXTRA_PRICING_MESSAGES.notInCatalogue,
    ],
    [
      'an inactive extra',
      () => [{ extra_id: ids.inactive, quantity: 1 }],
      'extras.0.extra_id',
      EXTRA_PRICING_MESSAGES.notInCatalogue,
    ],
    [
      'a staff-only extra',
      () => [
        { extra_id: ids.boat, quantity: 1 },
        { extra_id: ids.staffOnly, quantity: 1 },
      ],
      'extras.1.extra_id',
      EXTRA_PRICING_MESSAGES.notBookable,
    ],
    [
      'a negative quantity',
      () => [{ extra_id: ids.boat, quantity: -1 }],
      'extras.0.quantity',
      EXTRA_MESSAGES.quantityMin,
    ],
    [
      'a zero quantity',
      () => [{ extra_id: ids.boat, quantity: 0 }],
      'extras.0.quantity',
      EXTRA_MESSAGES.quantityMin,
    ],
    [
      'a fractional quantity',
      () => [{ extra_id: ids.boat, quantity: 1.5 }],
      'extras.0.quantity',
      EXTRA_MESSAGES.quantityWhole,
    ],
    [
      'a quantity above 50',
      () => [{ extra_id: ids.boat, quantity: 51 }],
      'extras.0.quantity',
      EXTRA_MESSAGES.quantityMax,
    ],
    [
      'an id that is not an id',
      () => [{ extra_id: 'breakfast', quantity: 1 }],
      'extras.0.extra_id',
      EXTRA_MESSAGES.selectExtra,
    ],
    [
      'the same extra twice',
      () => [
        { extra_id: ids.boat, quantity: 1 },
        { extra_id: ids.boat!.toUpperCase(), quantity: 2 },
      ],
      'extras.1.extra_id',
      EXTRA_MESSAGES.extraTwice,
    ],
    [
      '21 extras',
      () => Array.from({ length: 21 }, () => ({ extra_id: randomUUID(), quantity: 1 })),
      'extras',
      EXTRA_MESSAGES.tooManyExtras,
    ],
  ])('refuses %s with a 400 naming the line', async (_case, extras, path, message) => {
    const response = await quote(extras());
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      message: string;
      issues: { path: string; message: string }[];
    };
    expect(body.issues).toContainEqual({ path, message });
  });
});

describe(`extras on a guest booking and as folio charges (${process.env.TEST_DB})`, () => {
  let breakfast: Extra;
  let ecoFee: Extra;

  beforeAll(async () => {
    pinClock(t, '2027-01-20T02:00:00Z');
    breakfast = await create({
      name: 'G Breakfast',
      price: 350,
      charge_per: 'person_night',
      tax_treatment: 'vatable',
      guest_bookable: true,
    });
    ecoFee = await create({
      name: 'G Environmental fee',
      price: 200,
      charge_per: 'person',
      tax_treatment: 'exempt',
    });
  });

  it('a guest booking with a bookable extra is made; a bad extra refuses it and writes nothing', async () => {
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      payload: guestBookingBody(cabinA.unit_id, {
        extras: [{ extra_id: breakfast.extra_id, quantity: 1 }],
      }),
    });
    expect(good.statusCode, good.body).toBe(201);

    const bookings = await countRows(t.database, 'bookings');
    const guests = await countRows(t.database, 'guests');
    for (const extras of [
      [{ extra_id: ecoFee.extra_id, quantity: 1 }],
      [{ extra_id: randomUUID(), quantity: 1 }],
      [{ extra_id: breakfast.extra_id, quantity: 2.5 }],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: guestBookingBody(cabinA.unit_id, {
          check_in: '2027-03-01',
          check_out: '2027-03-03',
          extras,
        }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { issues: { path: string }[] }).issues[0]!.path).toMatch(
        /^extras\.0\./,
      );
    }
    expect(await countRows(t.database, 'bookings')).toBe(bookings);
    expect(await countRows(t.database, 'guests')).toBe(guests);
  });

  it('extraChargeDrafts: priced folio entries for staff (staff-only extras too), refusing inactive ones', async () => {
    const drafts = await extraChargeDrafts(t.app.deps, {
      selection: [
        { extra_id: breakfast.extra_id, quantity: 1 },
        { extra_id: ecoFee.extra_id, quantity: 1 },
      ],
      stay: { nights: 3, persons: 2 },
      asGuest: false,
      note: 'Ordered at check-in',
    });
    expect(drafts).toEqual([
      {
        kind: 'extra',
        extra_id: breakfast.extra_id,
        description: 'G Breakfast (2 guests × 3 nights)',
        quantity: 6,
        unit_amount: 350,
        // 2100 + VAT 252 + local 21
        amount: 2373,
        tax_treatment: 'vatable',
        vat_amount: 252,
        local_tax_amount: 21,
        reverses_entry_id: null,
        reason: 'Ordered at check-in',
      },
      {
        kind: 'extra',
        extra_id: ecoFee.extra_id,
        description: 'G Environmental fee (2 guests)',
        quantity: 2,
        unit_amount: 200,
        amount: 400,
        tax_treatment: 'exempt',
        vat_amount: 0,
        local_tax_amount: 0,
        reverses_entry_id: null,
        reason: 'Ordered at check-in',
      },
    ]);

    await manager.inject({
      method: 'PATCH',
      url: `/api/extras/${ecoFee.extra_id}`,
      payload: { active: false },
    });
    await expect(
      extraChargeDrafts(t.app.deps, {
        selection: [{ extra_id: ecoFee.extra_id, quantity: 1 }],
        stay: { nights: 3, persons: 2 },
        asGuest: false,
        issuePath: () => 'extra_id',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: EXTRA_PRICING_MESSAGES.notInCatalogue,
      issues: [{ path: 'extra_id', message: EXTRA_PRICING_MESSAGES.notInCatalogue }],
    });
  });
});
