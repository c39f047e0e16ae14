import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MESSAGES } from '../../../src/domain/promo-codes';
import { expireUnpaidGuestBookings } from '../../../src/server/jobs/expire-unpaid-guest-bookings';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createGuestBooking, guestBookingBody, pinClock } from '../guest-booking/guest-helpers';

/**
 * Issue 21 point 2: promo codes on the quote and every booking request. A code that cannot be
 * used is a 400 at promo_code and nothing is booked or counted; the larger of the code and the
 * automatic discount applies; a use is counted in the booking's transaction (100 bookings at
 * once with a limit of 10 make exactly 10) and given back when the booking is cancelled.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let manager: SignedIn;
let cabin: { unit_id: string };
let other: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-06-01T02:00:00Z');
  manager = await signInAs(t, 'manager');
  cabin = await createUnit(t.database, {
    unit_name: 'Promo cabin',
    base_rate: 3000,
    weekend_rate: 3000,
  });
  other = await createUnit(t.database, {
    unit_name: 'Other cabin',
    base_rate: 3000,
    weekend_rate: 3000,
  });
});
afterAll(() => t.close());

async function newCode(body: Json): Promise<{ promo_code_id: string; code: string }> {
  const code = `${String(body.code ?? 'P')}-${randomUUID().slice(0, 6)}`.toUpperCase();
  const response = await manager.inject({
    method: 'POST',
    url: '/api/promo-codes',
    payload: { kind: 'percent', value: 10, ...body, code },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const uses = async (id: string) =>
  (
    await t.database.query<{ uses: number }>(
      'SELECT uses FROM promo_codes WHERE promo_code_id = $1',
      [id],
    )
  )[0]!.uses;
const bookings = () => countRows(t.database, 'bookings');

const quote = (payload: Json) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: {
      units: [{ unit_id: cabin.unit_id, num_guests: 2 }],
      check_in: '2027-06-10',
      check_out: '2027-06-12',
      ...payload,
    },
  });

function expectPromoRefused(response: { statusCode: number; body: string }, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({
    message,
    issues: [{ path: 'promo_code', message }],
  });
}

describe(`promo codes in use (${process.env.TEST_DB})`, () => {
  it('the quote names the code, case-insensitively, and the discount it gives', async () => {
    const promo = await newCode({ code: 'rainy' });
    const plain = (await quote({})).json() as Json & { subtotal: number; total_amount: number };
    const response = await quote({ promo_code: promo.code.toLowerCase() });
    expect(response.statusCode, response.body).toBe(200);
    const priced = response.json() as Json & { subtotal: number; total_amount: number };
    const saving = Math.round(plain.subtotal * 0.1);
    expect(priced).toMatchObject({
      subtotal: plain.subtotal,
      discount: { name: promo.code, rate: 0.1, amount: saving, kind: 'promo', code: promo.code },
      discount_amount: saving,
      promo: { code: promo.code, applied: true, saving },
    });
    expect(priced.total_amount).toBeLessThan(plain.total_amount);
  });

  it('unknown, paused, expired, not yet, wrong cabin, too short a stay, worth more than the stay: 400 at promo_code', async () => {
    expectPromoRefused(await quote({ promo_code: 'NOSUCHCODE' }), PROMO_MESSAGES.notFound);
    const paused = await newCode({ active: false });
    expectPromoRefused(await quote({ promo_code: paused.code }), PROMO_MESSAGES.paused);
    const expired = await newCode({ book_from: '2027-01-01', book_to: '2027-05-31' });
    expectPromoRefused(
      await quote({ promo_code: expired.code }),
      PROMO_MESSAGES.expired('2027-05-31'),
    );
    const later = await newCode({ book_from: '2027-07-01' });
    expectPromoRefused(
      await quote({ promo_code: later.code }),
      PROMO_MESSAGES.notYet('2027-07-01'),
    );
    const elsewhere = await newCode({ unit_ids: [other.unit_id] });
    expectPromoRefused(await quote({ promo_code: elsewhere.code }), PROMO_MESSAGES.wrongCabin);
    const long = await newCode({ min_nights: 5 });
    expectPromoRefused(await quote({ promo_code: long.code }), PROMO_MESSAGES.minNights(5));
    const big = await newCode({ kind: 'amount', value: 900000 });
    const subtotal = ((await quote({})).json() as { subtotal: number }).subtotal;
    expectPromoRefused(
      await quote({ promo_code: big.code }),
      PROMO_MESSAGES.worthMore(900000, subtotal),
    );
    // A code with spaces or of 100 characters is refused by the request's own validation.
    for (const code of ['RAINY 10', 'A'.repeat(100)]) {
      const response = await quote({ promo_code: code });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe('promo_code');
    }
  });

  it('a guest booking with a code records it and counts one use with the discount given', async () => {
    const promo = await newCode({ code: 'guest' });
    const body = guestBookingBody(cabin.unit_id, {
      check_in: '2027-06-14',
      check_out: '2027-06-16',
      promo_code: promo.code,
    });
    const made = await createGuestBooking(t, body);
    const row = (
      await t.database.query<{
        promo_code: string;
        discount_name: string;
        discount_amount: string;
      }>('SELECT promo_code, discount_name, discount_amount FROM bookings WHERE booking_id = $1', [
        made.booking.booking_id,
      ])
    )[0]!;
    expect(row.promo_code).toBe(promo.code);
    expect(row.discount_name).toBe(promo.code);
    expect(await uses(promo.promo_code_id)).toBe(1);
    const used = await t.database.query<{
      discount_amount: string;
      email: string;
      released_at: Date | null;
    }>('SELECT discount_amount, email, released_at FROM promo_code_uses WHERE booking_id = $1', [
      made.booking.booking_id,
    ]);
    expect(used).toEqual([
      {
        discount_amount: expect.anything(),
        email: expect.stringMatching(/@example\.ph$/),
        released_at: null,
      },
    ]);
    expect(Number(used[0]!.discount_amount)).toBe(Number(row.discount_amount));
    expect(Number(row.discount_amount)).toBeGreaterThan(0);

    // The folio's stay discount entry reads "Promo code <CODE>".
    const folio = await manager.inject({
      method: 'GET',
      url: `/api/bookings/${made.booking.booking_id}/folio`,
    });
    expect(folio.statusCode).toBe(200);
    const descriptions = (folio.json().data.entries as { description: string }[]).map(
      (e) => e.description,
    );
    expect(descriptions).toContain(`Promo code ${promo.code}`);

    // The guest's status answer names the code and the plan.
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking/status',
      payload: { booking_reference: made.booking.booking_reference, email: body.email },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ promo_code: promo.code, rate_plan: 'flexible' });
  });

  it('the larger discount wins: an Early Bird stay keeps its 15% and the 10% code is not used or counted', async () => {
    const promo = await newCode({ code: 'small' });
    const response = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        check_in: '2027-08-02',
        check_out: '2027-08-06',
        promo_code: promo.code,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ discount_name: 'Early Bird', promo_code: null });
    expect(await uses(promo.promo_code_id)).toBe(0);
    const q = await quote({
      check_in: '2027-08-02',
      check_out: '2027-08-06',
      promo_code: promo.code,
    });
    expect(q.json()).toMatchObject({
      discount: { name: 'Early Bird', kind: 'automatic' },
      promo: { applied: false },
    });
  });

  it('a code past its limit, or past its limit per e-mail: 400 and nothing booked or counted', async () => {
    const once = await newCode({ code: 'once', max_uses: 1 });
    const first = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        check_in: '2027-06-20',
        check_out: '2027-06-22',
        promo_code: once.code,
      }),
    });
    expect(first.statusCode, first.body).toBe(201);
    const before = await bookings();
    expectPromoRefused(
      await manager.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: staffBody({
          check_in: '2027-06-24',
          check_out: '2027-06-26',
          promo_code: once.code,
        }),
      }),
      PROMO_MESSAGES.usedUp,
    );
    expectPromoRefused(await quote({ promo_code: once.code }), PROMO_MESSAGES.usedUp);
    expect(await bookings()).toBe(before);
    expect(await uses(once.promo_code_id)).toBe(1);

    const perEmail = await newCode({ code: 'mine', max_uses_per_email: 1 });
    const email = `repeat.${randomUUID()}@example.ph`;
    const mine = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        email,
        check_in: '2027-06-27',
        check_out: '2027-06-29',
        promo_code: perEmail.code,
      }),
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const again = await bookings();
    expectPromoRefused(
      await manager.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: staffBody({
          email: email.toUpperCase(),
          check_in: '2027-07-01',
          check_out: '2027-07-03',
          promo_code: perEmail.code,
        }),
      }),
      PROMO_MESSAGES.usedByEmail,
    );
    expect(await bookings()).toBe(again);
    expect(await uses(perEmail.promo_code_id)).toBe(1);
  });

  it('a cancelled booking gives its use back (staff cancel and the unpaid-booking expiry)', async () => {
    const promo = await newCode({ code: 'back', max_uses: 1 });
    const made = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        check_in: '2027-07-05',
        check_out: '2027-07-07',
        promo_code: promo.code,
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await uses(promo.promo_code_id)).toBe(1);
    const cancel = await manager.inject({
      method: 'POST',
      url: `/api/bookings/${made.json().data.booking_id}/cancel`,
      payload: { reason: 'Guest changed plans' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await uses(promo.promo_code_id)).toBe(0);
    const released = await t.database.query<{ released_at: Date | null }>(
      'SELECT released_at FROM promo_code_uses WHERE booking_id = $1',
      [made.json().data.booking_id],
    );
    expect(released[0]!.released_at).not.toBeNull();

    // The freed use serves a guest, whose unpaid booking then expires and frees it again.
    const guest = await createGuestBooking(
      t,
      guestBookingBody(cabin.unit_id, {
        check_in: '2027-07-08',
        check_out: '2027-07-10',
        promo_code: promo.code,
      }),
    );
    expect(await uses(promo.promo_code_id)).toBe(1);
    const expired = await expireUnpaidGuestBookings(t.database, new Date('2027-06-02T12:00:00Z'));
    expect(expired.map((b) => b.booking_id)).toContain(guest.booking.booking_id);
    expect(await uses(promo.promo_code_id)).toBe(0);

    const report = await manager.inject({
      method: 'GET',
      url: '/api/promo-codes/report?from=2027-06-01&to=2027-06-30',
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json().data as Json[]).find((row) => row.code === promo.code)).toMatchObject({
      uses: 0,
      released: 2,
      discount_total: 0,
      revenue_total: 0,
    });
  });

  it('an edit keeps the recorded code when it still covers the stay, and is refused when it does not', async () => {
    const promo = await newCode({
      code: 'edit',
      // 20%: more than the Early Bird's 15% the longer stay also earns.
      value: 20,
      stay_from: '2027-07-01',
      stay_to: '2027-07-31',
      max_uses: 1,
    });
    const made = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        check_in: '2027-07-12',
        check_out: '2027-07-14',
        promo_code: promo.code,
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.booking_id as string;
    // Used up (max 1, by this booking) but the edit re-prices with it: its use is counted already.
    const longer = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { check_out: '2027-07-15' },
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().data).toMatchObject({ promo_code: promo.code, discount_name: promo.code });
    const outside = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { check_in: '2027-07-30', check_out: '2027-08-02' },
    });
    expectPromoRefused(outside, 'This promo code covers stays from Jul 1, 2027 to Jul 31, 2027');
    expect(await uses(promo.promo_code_id)).toBe(1);
  });

  it('100 bookings at once with a code limited to 10 uses: exactly 10 discounted, 90 refused', async () => {
    const promo = await newCode({ code: 'ten', max_uses: 10 });
    const cabins = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createUnit(t.database, { unit_name: `Rush cabin ${i} ${randomUUID().slice(0, 4)}` }),
      ),
    );
    const before = await bookings();
    const requests = Array.from({ length: 100 }, (_, i) => {
      const unit = cabins[i % 10]!;
      const start = 1 + Math.floor(i / 10) * 3;
      const day = (n: number) => `2027-09-${String(n).padStart(2, '0')}`;
      return manager.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: staffBody({
          unit_id: unit.unit_id,
          email: `rush.${i}.${randomUUID()}@example.ph`,
          check_in: day(start),
          check_out: day(start + 2),
          promo_code: promo.code,
        }),
      });
    });
    const answers = await Promise.all(requests);
    const made = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(made).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const answer of refused) expect(answer.json().message).toBe(PROMO_MESSAGES.usedUp);
    for (const answer of made) expect(answer.json().data.promo_code).toBe(promo.code);
    expect(await bookings()).toBe(before + 10);
    expect(await uses(promo.promo_code_id)).toBe(10);
    const counted = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM promo_code_uses WHERE promo_code_id = $1 AND released_at IS NULL',
      [promo.promo_code_id],
    );
    expect(counted[0]!.n).toBe(10);
  });
});

function staffBody(overrides: Json = {}) {
  return {
    unit_id: cabin.unit_id,
    guest_name: 'Juan Dela Cruz',
    contact_number: '0917 123 4567',
    email: `juan.${randomUUID()}@example.ph`,
    num_guests: 2,
    payment_method: 'GCash',
    ...overrides,
  };
}
