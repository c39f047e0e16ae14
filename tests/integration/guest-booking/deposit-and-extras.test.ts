import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_SETTINGS, type DepositSettings } from '../../../src/domain/deposit';
import { EXTRA_PRICING_MESSAGES } from '../../../src/domain/extras-pricing';
import { EXTRA_MESSAGES } from '../../../src/domain/schemas/extra.schema';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createGuestBooking, guestBookingBody, pinClock, setDepositRule } from './guest-helpers';

/**
 * Issue 17 on the guest's side of the server: POST /api/quote answers the deposit plan of the
 * resort's rule over the stay and its extras; POST /api/guest-booking posts the extras picked on
 * the new booking's folio in its transaction and stores the very deposit the quote answered; a
 * refused extra writes nothing. The guest's e-mails: guest-mails.test.ts.
 */

let t: TestApp;
let owner: SignedIn;
let manager: SignedIn;
/** DESIGN §4 case 1's cabin: 3 guests, 2027-06-10 to 06-13 booked 2027-06-01 is ₱11,458. */
let cabin: { unit_id: string };
const extras: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [owner, manager] = await Promise.all([signInAs(t, 'owner'), signInAs(t, 'manager')]);
  cabin = await createUnit(t.database, {
    unit_name: 'Deposit Cabin',
    unit_type: 'Deluxe',
    base_rate: 3000,
    weekend_rate: 3000,
    base_occupancy: 2,
    max_occupancy: 4,
    extra_person_rate: 500,
  });
  const make = async (key: string, body: Record<string, unknown>) => {
    const response = await manager.inject({ method: 'POST', url: '/api/extras', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    extras[key] = (response.json() as { data: { extra_id: string } }).data.extra_id;
  };
  // 350 × guests × nights and 600 × guests, VATable (12% VAT and 1% local tax added).
  await make('breakfast', {
    name: 'Breakfast',
    price: 350,
    charge_per: 'person_night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  });
  await make('boat', {
    name: 'Boat transfer',
    price: 600,
    charge_per: 'person',
    tax_treatment: 'vatable',
    guest_bookable: true,
  });
  await make('staffOnly', {
    name: 'Day-tour guest',
    price: 500,
    charge_per: 'person',
    tax_treatment: 'vatable',
  });
  await make('retired', {
    name: 'Old island tour',
    price: 900,
    charge_per: 'person',
    tax_treatment: 'vatable',
    guest_bookable: true,
    active: false,
  });
});
afterAll(() => t.close());
afterEach(() => setDepositRule(owner, DEFAULT_DEPOSIT_SETTINGS));

const setDeposit = (deposit: DepositSettings) => setDepositRule(owner, deposit);

type Plan = { deposit_amount: number; balance_amount: number; balance_due_date: string };
type QuoteAnswer = {
  total_amount: number;
  extras_total: number;
  extras: { extra_id: string; amount: number }[];
  deposit: Plan;
};

async function quote(payload: {
  num_guests: number;
  check_in: string;
  check_out: string;
  extras?: { extra_id: string; quantity: number }[];
}): Promise<QuoteAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: {
      units: [{ unit_id: cabin.unit_id, num_guests: payload.num_guests }],
      check_in: payload.check_in,
      check_out: payload.check_out,
      extras: payload.extras,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QuoteAnswer;
}

const caseOne = { num_guests: 3, check_in: '2027-06-10', check_out: '2027-06-13' };
const breakfastAndBoat = () => [
  { extra_id: extras.breakfast!, quantity: 1 },
  { extra_id: extras.boat!, quantity: 1 },
];

describe(`the quote's deposit plan (${process.env.TEST_DB})`, () => {
  it.each([
    [
      '50% (the default), the balance at check-in',
      DEFAULT_DEPOSIT_SETTINGS,
      { deposit_amount: 5729, balance_amount: 5729, balance_due_date: '2027-06-10' },
    ],
    [
      '30%, rounded up to the peso, the balance 7 days before arrival',
      { mode: 'percent', percent: 30, balance_due_days_before_arrival: 7 },
      // 11,458 × 30% = 3,437.40 → 3,438.
      { deposit_amount: 3438, balance_amount: 8020, balance_due_date: '2027-06-03' },
    ],
    [
      'the first night, its share of the discount and taxes',
      { mode: 'first_night', percent: 50, balance_due_days_before_arrival: 0 },
      // The Thursday night's subtotal 2,900 of 10,140: 11,458 × 2,900 / 10,140 = 3,276.94 → 3,277.
      { deposit_amount: 3277, balance_amount: 8181, balance_due_date: '2027-06-10' },
    ],
    [
      'the full amount',
      { mode: 'full', percent: 50, balance_due_days_before_arrival: 0 },
      { deposit_amount: 11458, balance_amount: 0, balance_due_date: '2027-06-10' },
    ],
    [
      'all now when the balance would be due before today (14 days before a stay 9 days away)',
      { mode: 'percent', percent: 50, balance_due_days_before_arrival: 14 },
      { deposit_amount: 11458, balance_amount: 0, balance_due_date: '2027-06-01' },
    ],
    [
      'all now when the balance would be due today',
      { mode: 'percent', percent: 50, balance_due_days_before_arrival: 9 },
      { deposit_amount: 11458, balance_amount: 0, balance_due_date: '2027-06-01' },
    ],
  ] as const)('%s', async (_case, settings, plan) => {
    pinClock(t, '2027-06-01T02:00:00Z');
    await setDeposit(settings as DepositSettings);
    const answer = await quote(caseOne);
    expect(answer.total_amount).toBe(11458);
    expect(answer.deposit).toEqual(plan);
  });

  it("takes the resort's today: 16:30 UTC on May 27 is May 28 in Manila, and the balance is then due now", async () => {
    await setDeposit({ mode: 'percent', percent: 50, balance_due_days_before_arrival: 13 });
    // Due 2027-05-28: still ahead on UTC's May 27, today in Manila.
    pinClock(t, '2027-05-27T15:00:00Z');
    expect((await quote(caseOne)).deposit).toMatchObject({ balance_due_date: '2027-05-28' });
    pinClock(t, '2027-05-27T16:30:00Z');
    expect((await quote(caseOne)).deposit).toMatchObject({
      balance_amount: 0,
      balance_due_date: '2027-05-28',
    });
  });

  it('is worked out over the stay and its extras; a first-night deposit stays the first night', async () => {
    pinClock(t, '2027-06-01T02:00:00Z');
    const answer = await quote({ ...caseOne, extras: breakfastAndBoat() });
    // Breakfast 350 × 3 × 3 = 3,150 + 378 + 32; boat 600 × 3 = 1,800 + 216 + 18.
    expect(answer.extras.map((line) => line.amount)).toEqual([3560, 2034]);
    expect(answer.extras_total).toBe(5594);
    expect(answer.total_amount).toBe(11458 + 5594);
    // 50% of 17,052.
    expect(answer.deposit).toEqual({
      deposit_amount: 8526,
      balance_amount: 8526,
      balance_due_date: '2027-06-10',
    });

    await setDeposit({ mode: 'first_night', percent: 50, balance_due_days_before_arrival: 0 });
    expect((await quote({ ...caseOne, extras: breakfastAndBoat() })).deposit).toEqual({
      deposit_amount: 3277,
      balance_amount: 17052 - 3277,
      balance_due_date: '2027-06-10',
    });
  });
});

async function folioOf(bookingId: string) {
  const response = await manager.inject({ method: 'GET', url: `/api/bookings/${bookingId}/folio` });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      data: {
        entries: { kind: string; description: string; amount: number; quantity: number }[];
        charges_total: number;
        balance: number;
        deposit_amount: number;
        balance_due_date: string | null;
      };
    }
  ).data;
}

describe(`a guest booking with extras (${process.env.TEST_DB})`, () => {
  it.each([
    ['50% at check-in', DEFAULT_DEPOSIT_SETTINGS, '2027-02-10', '2027-02-13'],
    [
      '30% with the balance 7 days before',
      { mode: 'percent', percent: 30, balance_due_days_before_arrival: 7 },
      '2027-02-15',
      '2027-02-18',
    ],
    [
      'the first night',
      { mode: 'first_night', percent: 50, balance_due_days_before_arrival: 0 },
      '2027-02-20',
      '2027-02-23',
    ],
    [
      'the full amount',
      { mode: 'full', percent: 50, balance_due_days_before_arrival: 0 },
      '2027-02-25',
      '2027-02-28',
    ],
  ] as const)(
    'posts the extras on its folio with the stay and stores the deposit the quote answered (%s)',
    async (_case, settings, check_in, check_out) => {
      pinClock(t, '2027-01-04T02:00:00Z');
      await setDeposit(settings as DepositSettings);
      const stay = { num_guests: 2, check_in, check_out };
      const quoted = await quote({ ...stay, extras: breakfastAndBoat() });
      const stayOnly = await quote(stay);
      // Breakfast 350 × 2 × 3 = 2,100 + 252 + 21; boat 600 × 2 = 1,200 + 144 + 12.
      expect(quoted.extras_total).toBe(2373 + 1356);
      expect(quoted.total_amount).toBe(stayOnly.total_amount + 3729);

      const created = await createGuestBooking(
        t,
        guestBookingBody(cabin.unit_id, { ...stay, extras: breakfastAndBoat() }),
      );
      expect(created.booking).toEqual({
        booking_id: created.booking.booking_id,
        booking_reference: created.booking.booking_reference,
        total_amount: quoted.total_amount,
        ...quoted.deposit,
      });

      const [row] = await t.database.query<{
        total_amount: number;
        deposit_amount: number;
        balance_due_date: string;
        payment_status: string;
      }>(
        `SELECT total_amount, deposit_amount, balance_due_date, payment_status FROM bookings
          WHERE booking_id = $1`,
        [created.booking.booking_id],
      );
      expect(row).toEqual({
        total_amount: quoted.total_amount,
        deposit_amount: quoted.deposit.deposit_amount,
        balance_due_date: quoted.deposit.balance_due_date,
        payment_status: 'Unpaid',
      });

      const folio = await folioOf(created.booking.booking_id);
      expect(folio.charges_total).toBe(quoted.total_amount);
      expect(folio.balance).toBe(quoted.total_amount);
      expect(folio.deposit_amount).toBe(quoted.deposit.deposit_amount);
      const extraEntries = folio.entries.filter((entry) => entry.kind === 'extra');
      expect(extraEntries).toEqual([
        expect.objectContaining({
          description: 'Breakfast (2 guests × 3 nights)',
          quantity: 6,
          amount: 2373,
        }),
        expect.objectContaining({
          description: 'Boat transfer (2 guests)',
          quantity: 2,
          amount: 1356,
        }),
      ]);
      // Each extra entry names the catalogue's extra it was priced from.
      const linked = await t.database.query<{ extra_id: string }>(
        `SELECT extra_id FROM folio_entries WHERE booking_id = $1 AND kind = 'extra' ORDER BY seq`,
        [created.booking.booking_id],
      );
      expect(linked.map((entry) => entry.extra_id)).toEqual([extras.breakfast, extras.boat]);
    },
  );

  it('answers the stay alone when no extra is picked, with the same deposit as the quote', async () => {
    pinClock(t, '2027-01-04T02:00:00Z');
    const stay = { num_guests: 2, check_in: '2027-03-10', check_out: '2027-03-12' };
    const quoted = await quote(stay);
    const created = await createGuestBooking(t, guestBookingBody(cabin.unit_id, stay));
    expect(created.booking).toMatchObject({ total_amount: quoted.total_amount, ...quoted.deposit });
    const folio = await folioOf(created.booking.booking_id);
    expect(folio.entries.some((entry) => entry.kind === 'extra')).toBe(false);
  });

  it.each([
    [
      'a staff-only extra',
      () => extras.staffOnly!,
      'extras.1.extra_id',
      EXTRA_PRICING_MESSAGES.notBookable,
    ],
    [
      'an inactive extra',
      () => extras.retired!,
      'extras.1.extra_id',
      EXTRA_PRICING_MESSAGES.notInCatalogue,
    ],
    [
      'an unknown extra',
      () => randomUUID(),
      'extras.1.extra_id',
      EXTRA_PRICING_MESSAGES.notInCatalogue,
    ],
  ])(
    'refuses %s with a 400 naming the line and writes nothing',
    async (_case, id, path, message) => {
      pinClock(t, '2027-01-04T02:00:00Z');
      const tables = ['bookings', 'booking_units', 'folio_entries', 'guests', 'payments'];
      const before = await Promise.all(tables.map((table) => countRows(t.database, table)));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: guestBookingBody(cabin.unit_id, {
          check_in: '2027-04-01',
          check_out: '2027-04-03',
          extras: [
            { extra_id: extras.breakfast, quantity: 1 },
            { extra_id: id(), quantity: 1 },
          ],
        }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message, issues: [{ path, message }] });
      expect(await Promise.all(tables.map((table) => countRows(t.database, table)))).toEqual(
        before,
      );
    },
  );

  it('refuses a bad quantity with the schema message and writes nothing', async () => {
    pinClock(t, '2027-01-04T02:00:00Z');
    const before = await countRows(t.database, 'folio_entries');
    const bookings = await countRows(t.database, 'bookings');
    for (const [quantity, text] of [
      [0, EXTRA_MESSAGES.quantityMin],
      [1.5, EXTRA_MESSAGES.quantityWhole],
      [51, EXTRA_MESSAGES.quantityMax],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: guestBookingBody(cabin.unit_id, {
          check_in: '2027-04-05',
          check_out: '2027-04-07',
          extras: [{ extra_id: extras.boat, quantity }],
        }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { issues: unknown[] }).issues).toContainEqual({
        path: 'extras.0.quantity',
        message: text,
      });
    }
    expect(await countRows(t.database, 'folio_entries')).toBe(before);
    expect(await countRows(t.database, 'bookings')).toBe(bookings);
  });
});
