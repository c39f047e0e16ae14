import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { guestBookingBody, pinClock } from '../guest-booking/guest-helpers';

/**
 * Issue 21 point 1: the stay rules in the one booking path (guest form, staff dialog, multi-unit
 * wizard, edit) and the quote. The strictest covering rule applies, the 400 names it, a manager
 * books past it with an audited reason, staff may not, guests never.
 */

type Json = Record<string, unknown>;

const MIN_3 = 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights';
const NO_SUNDAY = 'No arrivals on Sundays between Dec 20 and Jan 2';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let cabin: { unit_id: string };
let other: { unit_id: string };
let free: { unit_id: string };

beforeAll(async () => {
  t = await createTestApp();
  pinClock(t, '2027-06-01T02:00:00Z');
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
  cabin = await createUnit(t.database, { unit_name: 'Peak cabin', max_occupancy: 6 });
  other = await createUnit(t.database, { unit_name: 'Peak cabin two', max_occupancy: 6 });
  free = await createUnit(t.database, { unit_name: 'Unruled cabin', max_occupancy: 6 });
  // Two rules cover the peak for the ruled cabins: the stricter minimum (3) applies.
  for (const body of [
    {
      unit_ids: [cabin.unit_id, other.unit_id],
      from: '2027-12-20',
      to: '2028-01-02',
      min_nights: 3,
      closed_to_arrival: [0],
    },
    { unit_ids: [cabin.unit_id], from: '2027-12-01', to: '2027-12-31', min_nights: 2 },
  ]) {
    const response = await owner.inject({ method: 'POST', url: '/api/stay-rules', payload: body });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => t.close());

const bookings = () => countRows(t.database, 'bookings');

function expectRefused(
  response: { statusCode: number; body: string },
  message: string,
  path: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as { message: string; issues: Json[] };
  expect(body.message).toBe(message);
  expect(body.issues).toContainEqual({ path, message });
}

const quote = (unitId: string, check_in: string, check_out: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: { units: [{ unit_id: unitId, num_guests: 2 }], check_in, check_out },
  });

const staffBody = (overrides: Json = {}) => ({
  unit_id: cabin.unit_id,
  guest_name: 'Juan Dela Cruz',
  contact_number: '0917 123 4567',
  email: `juan.${randomUUID()}@example.ph`,
  num_guests: 2,
  check_in: '2027-12-27',
  check_out: '2027-12-29',
  payment_method: 'GCash',
  ...overrides,
});

describe(`stay rules enforced (${process.env.TEST_DB})`, () => {
  it('the quote: the strictest minimum, a closed arrival day, each at its field; other cabins free', async () => {
    expectRefused(await quote(cabin.unit_id, '2027-12-27', '2027-12-29'), MIN_3, 'check_out');
    const sunday = await quote(cabin.unit_id, '2027-12-26', '2027-12-27');
    expectRefused(sunday, NO_SUNDAY, 'check_in');
    expect(JSON.parse(sunday.body).issues).toEqual([
      { path: 'check_in', message: NO_SUNDAY },
      { path: 'check_out', message: MIN_3 },
    ]);
    expect((await quote(cabin.unit_id, '2027-12-27', '2027-12-30')).statusCode).toBe(200);
    expect((await quote(free.unit_id, '2027-12-27', '2027-12-29')).statusCode).toBe(200);
    // Outside the peak rule the December rule's 2 nights applies, and 2 nights pass.
    expect((await quote(cabin.unit_id, '2027-12-05', '2027-12-07')).statusCode).toBe(200);
    expectRefused(
      await quote(cabin.unit_id, '2027-12-05', '2027-12-06'),
      'Stays arriving between Dec 1 and Dec 31 are at least 2 nights',
      'check_out',
    );
  });

  it('a guest booking past a rule: 400 and nothing booked (a guest cannot override)', async () => {
    const before = await bookings();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      payload: guestBookingBody(cabin.unit_id, {
        check_in: '2027-12-27',
        check_out: '2027-12-29',
        override_reason: 'Guest says so',
      }),
    });
    expect(response.statusCode).toBe(400);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      payload: guestBookingBody(cabin.unit_id, { check_in: '2027-12-27', check_out: '2027-12-29' }),
    });
    expectRefused(plain, MIN_3, 'check_out');
    expect(await bookings()).toBe(before);
  });

  it('staff: 400 without a reason, 403 with one; nothing booked', async () => {
    const before = await bookings();
    expectRefused(
      await staff.inject({ method: 'POST', url: '/api/bookings', payload: staffBody() }),
      MIN_3,
      'check_out',
    );
    const withReason = await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({ override_reason: 'Regular guest' }),
    });
    expect(withReason.statusCode).toBe(403);
    expect(withReason.json().message).toBe(PERMISSION_MESSAGES.ruleOverride);
    expect(await bookings()).toBe(before);
  });

  it('a manager books 2 nights with a reason: stored on the booking and audited with the rules', async () => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({ override_reason: 'Owner approved a 2-night stay' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json().data as Json;
    expect(booking).toMatchObject({
      rule_override_reason: 'Owner approved a 2-night stay',
      rate_plan: 'flexible',
      promo_code: null,
    });
    const audit = await t.database.query<{
      user_email: string;
      metadata: Json;
      description: string;
    }>(
      `SELECT user_email, metadata, description FROM audit_logs
        WHERE table_name = 'bookings' AND record_id = $1 AND event_type = 'stay_rule_override'`,
      [booking.booking_id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_email).toBe(manager.user.email);
    expect(audit[0]!.metadata).toMatchObject({
      reason: 'Owner approved a 2-night stay',
      rules: [expect.objectContaining({ kind: 'min_nights', message: MIN_3 })],
    });
    expect(audit[0]!.description).toContain(MIN_3);
  });

  it('a manager booking that breaks no rule stores no reason', async () => {
    const response = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({
        unit_id: free.unit_id,
        check_in: '2027-12-10',
        check_out: '2027-12-12',
        override_reason: 'Not needed',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.rule_override_reason).toBeNull();
  });

  it('the multi-unit wizard enforces the rules of every cabin; a manager may override', async () => {
    const body = (overrides: Json = {}) => ({
      primary_guest: {
        guest_name: 'Ana Santos',
        email: `ana.${randomUUID()}@example.ph`,
        contact_number: '+63 917 555 0101',
      },
      check_in: '2028-01-01',
      check_out: '2028-01-03',
      units: [
        { unit_id: free.unit_id, num_guests: 2 },
        { unit_id: other.unit_id, num_guests: 2 },
      ],
      payment: { method: 'GCash' },
      source: 'web',
      ...overrides,
    });
    const before = await bookings();
    const post = (as: SignedIn, payload: Json) =>
      as.inject({
        method: 'POST',
        url: '/api/bookings/multi-unit',
        payload,
        headers: { 'idempotency-key': randomUUID() },
      });
    expectRefused(await post(staff, body()), MIN_3, 'check_out');
    expect((await post(staff, body({ override_reason: 'Family reunion' }))).statusCode).toBe(403);
    expect(await bookings()).toBe(before);
    const made = await post(manager, body({ override_reason: 'Family reunion' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.rule_override_reason).toBe('Family reunion');
  });

  it('an edit into a rule is refused; with a manager reason it is made and audited', async () => {
    const created = await manager.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: staffBody({ check_in: '2027-12-21', check_out: '2027-12-25' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.booking_id as string;
    expectRefused(
      await manager.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        payload: { check_out: '2027-12-22' },
      }),
      MIN_3,
      'check_out',
    );
    // A change of guests alone leaves the stay and its rules alone.
    const guests = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { num_guests: 3 },
    });
    expect(guests.statusCode, guests.body).toBe(200);
    const moved = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { check_out: '2027-12-22', override_reason: 'Guest leaves early' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      check_out: '2027-12-22',
      rule_override_reason: 'Guest leaves early',
    });
    const audit = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE record_id = $1 AND event_type = 'stay_rule_override'`,
      [id],
    );
    expect(audit[0]!.n).toBe(1);
  });
});
