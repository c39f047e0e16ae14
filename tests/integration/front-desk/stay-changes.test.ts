import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { setNow } from '../../support/back-office';
import { createBooking, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 22: the three changes of a stay at the front desk — early departure (with and without
 * the released nights coming off the bill), extension (priced, 409 naming taken nights) and a
 * move to another cabin from a date (a split stay, each line's nights guarded by the database).
 */

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager] = await Promise.all([signInAs(t, 'staff'), signInAs(t, 'manager')]);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type Entry = { kind: string; amount: number; reverses_entry_id: string | null; entry_id: string };
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;
const cents = (pesos: number) => Math.round(pesos * 100);

/** A staff booking of `unitId` (priced by the server, its folio posted), checked in today. */
async function checkedInStay(unitId: string, stay: { check_in: string; check_out: string }) {
  const created = await staff.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: unitId,
      guest_name: 'Desk Guest',
      contact_number: '0917 555 0100',
      email: 'desk.guest@example.ph',
      num_guests: 2,
      ...stay,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = dataOf(created).booking_id as string;
  const confirmed = await manager.inject({
    method: 'POST',
    url: `/api/bookings/${id}/status`,
    payload: { status: 'Confirmed', override_reason: 'Pays at the desk' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const checkedIn = await staff.inject({
    method: 'POST',
    url: `/api/bookings/${id}/status`,
    payload: { status: 'CheckedIn' },
  });
  expect(checkedIn.statusCode, checkedIn.body).toBe(200);
  return id;
}

async function folioOf(bookingId: string) {
  const response = await staff.inject({ method: 'GET', url: `/api/bookings/${bookingId}/folio` });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response) as Json & { entries: Entry[]; charges_total: number; balance: number };
}

/** The stay entries in force (lodging and discounts not reversed). */
function stayInForce(entries: Entry[]): Entry[] {
  const reversed = new Set(entries.map((entry) => entry.reverses_entry_id).filter(Boolean));
  return entries.filter(
    (entry) =>
      (entry.kind === 'lodging' || entry.kind === 'discount') && !reversed.has(entry.entry_id),
  );
}

async function housekeepingOf(unitId: string): Promise<string> {
  const [row] = await t.database.query<{ housekeeping_status: string }>(
    'SELECT housekeeping_status FROM units WHERE unit_id = $1',
    [unitId],
  );
  return row!.housekeeping_status;
}

async function linesOf(bookingId: string) {
  return t.database.query<{ unit_id: string; check_in: string; check_out: string }>(
    `SELECT unit_id, to_char(check_in, 'YYYY-MM-DD') AS check_in,
            to_char(check_out, 'YYYY-MM-DD') AS check_out
       FROM booking_units WHERE booking_id = $1 ORDER BY check_in`,
    [bookingId],
  );
}

function staffBooking(unitId: string, stay: { check_in: string; check_out: string }) {
  return staff.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      unit_id: unitId,
      guest_name: 'Next Guest',
      contact_number: '0917 555 0111',
      num_guests: 1,
      ...stay,
    },
  });
}

describe(`stay changes (${process.env.TEST_DB})`, () => {
  it('early departure with a refund takes the released nights off the bill, exactly', async () => {
    setNow(t, '2027-06-01');
    const unit = await createUnit(t.database, { base_rate: 3333.33, weekend_rate: 3999.99 });
    const id = await checkedInStay(unit.unit_id, {
      check_in: '2027-06-01',
      check_out: '2027-06-05',
    });
    const before = await folioOf(id);
    const stay = stayInForce(before.entries);
    // Each entry keeps 2 of its 4 nights' share, rounded half up to the centavo.
    const keptCents = stay.map((entry) => Math.round((cents(entry.amount) * 2) / 4));
    const expectedRefund =
      (stay.reduce((sum, entry) => sum + cents(entry.amount), 0) -
        keptCents.reduce((a, b) => a + b, 0)) /
      100;

    const missing = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/early-departure`,
      payload: { check_out: '2027-06-03', refund: true },
    });
    expect(missing.statusCode).toBe(400);
    const tooLate = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/early-departure`,
      payload: { check_out: '2027-06-05', refund: true, reason: 'x' },
    });
    expect(tooLate.statusCode).toBe(400);

    const response = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/early-departure`,
      payload: { check_out: '2027-06-03', refund: true, reason: 'Family emergency' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body.released_nights).toEqual(['2027-06-03', '2027-06-04']);
    expect(body.refund_amount).toBe(expectedRefund);
    expect(expectedRefund).toBeGreaterThan(0);
    expect(body.data).toMatchObject({ check_out: '2027-06-03', nights: 2 });
    const after = await folioOf(id);
    expect(cents(after.charges_total)).toBe(cents(before.charges_total) - cents(expectedRefund));
    expect(cents(after.balance)).toBe(cents(before.balance) - cents(expectedRefund));
    expect(await linesOf(id)).toEqual([
      { unit_id: unit.unit_id, check_in: '2027-06-01', check_out: '2027-06-03' },
    ]);
    // The guest was checked in: the cabin they leave turns Dirty.
    expect(await housekeepingOf(unit.unit_id)).toBe('Dirty');
    // The released nights are free again.
    const next = await staffBooking(unit.unit_id, {
      check_in: '2027-06-03',
      check_out: '2027-06-05',
    });
    expect(next.statusCode, next.body).toBe(201);
    const events = await t.database.query<{ event_type: string }>(
      "SELECT event_type FROM audit_logs WHERE record_id = $1 AND event_type = 'early_departure'",
      [id],
    );
    expect(events).toHaveLength(1);
  });

  it('early departure without a refund keeps the charges', async () => {
    setNow(t, '2027-06-01');
    const unit = await createUnit(t.database);
    const id = await checkedInStay(unit.unit_id, {
      check_in: '2027-06-01',
      check_out: '2027-06-04',
    });
    const before = await folioOf(id);
    const response = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/early-departure`,
      payload: { check_out: '2027-06-02', refund: false, reason: 'Leaving early, pays in full' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({
      released_nights: ['2027-06-02', '2027-06-03'],
      refund_amount: 0,
    });
    const after = await folioOf(id);
    expect(after.charges_total).toBe(before.charges_total);
    expect(after.entries).toHaveLength(before.entries.length);
  });

  it('extends into free nights at the rate rules, and names the taken nights with 409', async () => {
    setNow(t, '2027-06-01');
    const unit = await createUnit(t.database, { base_rate: 2500, weekend_rate: 2500 });
    const id = await checkedInStay(unit.unit_id, {
      check_in: '2027-06-01',
      check_out: '2027-06-03',
    });
    await createBooking(
      t.database,
      unit.unit_id,
      { check_in: '2027-06-04', check_out: '2027-06-06' },
      { booking_status: 'Confirmed' },
    );
    const before = await folioOf(id);
    const taken = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/extend`,
      payload: { check_out: '2027-06-06' },
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe(`${unit.unit_name} is not free on 2027-06-04, 2027-06-05.`);
    expect((await folioOf(id)).charges_total).toBe(before.charges_total);

    const response = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/extend`,
      payload: { check_out: '2027-06-04' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body.added_nights).toEqual(['2027-06-03']);
    expect(body.data).toMatchObject({ check_out: '2027-06-04', nights: 3 });
    // Priced by the same rules as a new one-night stay of that cabin from that night.
    const quote = await staff.inject({
      method: 'POST',
      url: '/api/quote',
      payload: {
        units: [{ unit_id: unit.unit_id, num_guests: 2 }],
        check_in: '2027-06-03',
        check_out: '2027-06-04',
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(body.charge_amount).toBe(json(quote).total_amount);
    const after = await folioOf(id);
    expect(cents(after.charges_total)).toBe(
      cents(before.charges_total) + cents(body.charge_amount as number),
    );
    expect(await linesOf(id)).toEqual([
      { unit_id: unit.unit_id, check_in: '2027-06-01', check_out: '2027-06-04' },
    ]);
  });

  it('moves a guest from a date: split lines, both cabins guarded, a move back, edits refused', async () => {
    setNow(t, '2027-06-01');
    const [a, b, c] = await Promise.all([
      createUnit(t.database),
      createUnit(t.database),
      createUnit(t.database),
    ]);
    const id = await checkedInStay(a.unit_id, { check_in: '2027-06-01', check_out: '2027-06-04' });
    const before = await folioOf(id);
    await createBooking(
      t.database,
      c.unit_id,
      { check_in: '2027-06-03', check_out: '2027-06-04' },
      { booking_status: 'Confirmed' },
    );
    const move = (body: Json) =>
      staff.inject({ method: 'POST', url: `/api/bookings/${id}/move`, payload: body });

    const intoTaken = await move({
      from_unit_id: a.unit_id,
      to_unit_id: c.unit_id,
      from_date: '2027-06-02',
    });
    expect(intoTaken.statusCode).toBe(409);
    expect(json(intoTaken).message).toBe(`${c.unit_name} is not free on 2027-06-03.`);
    const wrongCabin = await move({
      from_unit_id: b.unit_id,
      to_unit_id: c.unit_id,
      from_date: '2027-06-02',
    });
    expect(wrongCabin.statusCode).toBe(400);

    const moved = await move({
      from_unit_id: a.unit_id,
      to_unit_id: b.unit_id,
      from_date: '2027-06-02',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).moved_nights).toEqual(['2027-06-02', '2027-06-03']);
    expect(await linesOf(id)).toEqual([
      { unit_id: a.unit_id, check_in: '2027-06-01', check_out: '2027-06-02' },
      { unit_id: b.unit_id, check_in: '2027-06-02', check_out: '2027-06-04' },
    ]);
    const lines = (json(moved).data as Json).booking_units as Json[];
    expect(lines.map((line) => [line.unit_id, line.check_in, line.check_out])).toEqual([
      [a.unit_id, '2027-06-01', '2027-06-02'],
      [b.unit_id, '2027-06-02', '2027-06-04'],
    ]);
    // The money stays as booked; the cabin left turns Dirty.
    expect((await folioOf(id)).charges_total).toBe(before.charges_total);
    expect(await housekeepingOf(a.unit_id)).toBe('Dirty');

    // The moved-to nights are the database's to guard: a booking into them fails.
    const intoB = await staffBooking(b.unit_id, {
      check_in: '2027-06-03',
      check_out: '2027-06-04',
    });
    expect(intoB.statusCode).toBe(409);
    // Directly in SQL too (the exclusion constraint on the line's own nights).
    await expect(
      createBooking(t.database, b.unit_id, { check_in: '2027-06-02', check_out: '2027-06-03' }),
    ).rejects.toThrow();

    // The front desk sees the line leaving cabin A on the 2nd as a departure.
    const desk = await staff.inject({ method: 'GET', url: '/api/front-desk?date=2027-06-02' });
    const departures = dataOf(desk).departures as Json[];
    expect(departures.map((stay) => stay.booking_id)).toContain(id);

    // Back to cabin A for the last night: a second line in A for the same booking.
    const back = await move({
      from_unit_id: b.unit_id,
      to_unit_id: a.unit_id,
      from_date: '2027-06-03',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await linesOf(id)).toEqual([
      { unit_id: a.unit_id, check_in: '2027-06-01', check_out: '2027-06-02' },
      { unit_id: b.unit_id, check_in: '2027-06-02', check_out: '2027-06-03' },
      { unit_id: a.unit_id, check_in: '2027-06-03', check_out: '2027-06-04' },
    ]);
    // B's last night is free again; A's night of the 2nd too.
    const freedB = await staffBooking(b.unit_id, {
      check_in: '2027-06-03',
      check_out: '2027-06-04',
    });
    expect(freedB.statusCode, freedB.body).toBe(201);
    const freedA = await staffBooking(a.unit_id, {
      check_in: '2027-06-02',
      check_out: '2027-06-03',
    });
    expect(freedA.statusCode, freedA.body).toBe(201);

    // An ordinary edit of a split stay's dates is refused, naming the front desk.
    const edit = await manager.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { check_out: '2027-06-05' },
    });
    expect(edit.statusCode).toBe(409);
    expect(json(edit).message).toContain("front desk's stay changes");
    // Early departure of a split stay drops the lines after the new check-out.
    const early = await staff.inject({
      method: 'POST',
      url: `/api/bookings/${id}/early-departure`,
      payload: { check_out: '2027-06-03', refund: false, reason: 'Leaves a day early' },
    });
    expect(early.statusCode, early.body).toBe(200);
    expect(await linesOf(id)).toEqual([
      { unit_id: a.unit_id, check_in: '2027-06-01', check_out: '2027-06-02' },
      { unit_id: b.unit_id, check_in: '2027-06-02', check_out: '2027-06-03' },
    ]);
  });
});
