import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { messageOutcomes, outboxMessages, setNow } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 22 points 3 and 6 on the multi-unit wizard's booking (POST /api/bookings/multi-unit), as
 * on the single staff booking: the source staff chose is stored with who made it, a walk-in
 * gives a phone number and no e-mail (no mail leaves, its messages are recorded as skipped), and
 * neither e-mail nor phone is a 400 at the guest's e-mail.
 */

let t: TestApp;
let staff: SignedIn & { account: { name: string } };

const TODAY = '2027-07-01';

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;

/** A group in two new cabins, 10 to 12 July unless `more` says otherwise. */
async function bookGroup(primary_guest: Json, more: Json = {}) {
  setNow(t, TODAY);
  const [first, second] = [await createUnit(t.database), await createUnit(t.database)];
  return staff.inject({
    method: 'POST',
    url: '/api/bookings/multi-unit',
    payload: {
      primary_guest,
      check_in: '2027-07-10',
      check_out: '2027-07-12',
      units: [
        { unit_id: first.unit_id, num_guests: 2 },
        { unit_id: second.unit_id, num_guests: 1 },
      ],
      ...more,
    },
    headers: { 'idempotency-key': randomUUID() },
  });
}

describe(`multi-unit walk-ins and source (${process.env.TEST_DB})`, () => {
  it('stores the source staff chose and who booked; the default is phone', async () => {
    const guest = { guest_name: 'Messenger Group', email: 'group@example.ph' };
    const chosen = await bookGroup(
      { ...guest, contact_number: '0917 555 0110' },
      { source: 'messenger' },
    );
    expect(chosen.statusCode, chosen.body).toBe(201);
    const booking = json(chosen).data as Json;
    expect(booking).toMatchObject({
      source: 'messenger',
      created_by_name: staff.account.name,
      is_multi_unit: true,
    });
    const [row] = await t.database.query<{ source: string; created_via: string }>(
      'SELECT source, created_via FROM bookings WHERE booking_id = $1',
      [booking.booking_id],
    );
    expect(row).toEqual({ source: 'messenger', created_via: 'web' });

    const unsaid = await bookGroup(guest);
    expect(unsaid.statusCode, unsaid.body).toBe(201);
    expect((json(unsaid).data as Json).source).toBe('phone');
    // SPEC §3's "web" (what the wizard sent before issue 22) is the default too.
    const web = await bookGroup(guest, { source: 'web' });
    expect((json(web).data as Json).source).toBe('phone');

    const unknown = await bookGroup(guest, { source: 'fax' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).issues).toEqual([
      { path: 'source', message: 'Please choose where the booking came from' },
    ]);
  });

  it('books a walk-in group with a phone and no e-mail: no mail is sent, messages are skipped', async () => {
    // The earlier tests' bookings' mails (sent after their answers) are all out before counting.
    await t.app.deps.jobs.settled();
    const before = outboxMessages(t).length;
    const created = await bookGroup(
      { guest_name: 'Walk In Family', email: '', contact_number: '0917 555 0123' },
      { check_in: TODAY, check_out: '2027-07-03', source: 'walk_in' },
    );
    expect(created.statusCode, created.body).toBe(201);
    // Issue 24: the booking's mails leave after its answer.
    await t.app.deps.jobs.settled();
    const booking = json(created).data as Json;
    expect(booking).toMatchObject({
      email: null,
      contact_number: '0917 555 0123',
      source: 'walk_in',
      created_by_name: staff.account.name,
      unit_count: 2,
    });
    expect((booking.guest as Json).email).toBeNull();
    expect(outboxMessages(t).length).toBe(before);
    const outcomes = await messageOutcomes(t, booking.booking_id as string);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(new Set(outcomes)).toEqual(new Set(['skipped: No e-mail address']));

    const walkIns = await staff.inject({
      method: 'GET',
      url: '/api/bookings?source=walk_in&page_size=100',
    });
    expect((json(walkIns).data as Json[]).map((row) => row.booking_id)).toContain(
      booking.booking_id,
    );
  });

  it('sends the guest mail when the group gives an e-mail address', async () => {
    const before = outboxMessages(t).length;
    const created = await bookGroup({ guest_name: 'Mailed Group', email: 'mailed@example.ph' });
    expect(created.statusCode, created.body).toBe(201);
    // Issue 24: the booking's mails leave after its answer.
    await t.app.deps.jobs.settled();
    const sent = outboxMessages(t).slice(before);
    expect(sent.some((mail) => mail.includes('mailed@example.ph'))).toBe(true);
  });

  it('refuses neither e-mail nor phone with a field message at the e-mail', async () => {
    const neither = await bookGroup(
      { guest_name: 'Nobody Known', email: '', contact_number: '' },
      { source: 'walk_in' },
    );
    expect(neither.statusCode).toBe(400);
    expect(json(neither).issues).toEqual([
      { path: 'primary_guest.email', message: 'Enter an e-mail address or a phone number' },
    ]);
  });
});
