import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { countRows, createPayment } from '../../support/back-office';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { GUEST_PERMISSION_MESSAGES } from '../../../src/server/guests/guests.routes';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let unit: Awaited<ReturnType<typeof createUnit>>;

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;
const dataOf = (response: { body: string }) => json(response).data as Json;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, owner] = await Promise.all([
    signInAs(t, 'staff'),
    signInAs(t, 'manager'),
    signInAs(t, 'owner'),
  ]);
  unit = await createUnit(t.database, { unit_name: 'Guest Cabin', unit_code: 'GST1' });
});
afterAll(() => t.close());

let day = 0;
function nextStay() {
  day += 3;
  const checkIn = new Date(Date.UTC(2028, 0, 1 + day)).toISOString().slice(0, 10);
  const checkOut = new Date(Date.UTC(2028, 0, 3 + day)).toISOString().slice(0, 10);
  return { check_in: checkIn, check_out: checkOut };
}

async function guestWithBookings() {
  const guest = await createGuest(t.database, {
    guest_name: 'Rosa Mendoza',
    phone_number: '+639175551234',
    notes: 'Prefers the garden side',
  });
  const values = { guest_id: guest.guest_id, guest_name: guest.guest_name, email: guest.email };
  const first = await createBooking(t.database, unit.unit_id, nextStay(), {
    ...values,
    total_amount: 6000,
    contact_number: '+639175551234',
    special_requests: 'Extra pillows',
  });
  const second = await createBooking(t.database, unit.unit_id, nextStay(), {
    ...values,
    total_amount: 4000,
  });
  const cancelled = await createBooking(t.database, unit.unit_id, nextStay(), {
    ...values,
    total_amount: 9000,
    booking_status: 'Cancelled',
  });
  await createPayment(t.database, first.booking_id, { payment_amount: 6000 });
  return { guest, first, second, cancelled };
}

describe(`guests API (${process.env.TEST_DB})`, () => {
  it('lists and searches guests by name, e-mail and phone, 10 a page', async () => {
    const { guest } = await guestWithBookings();
    const get = async (query: string) =>
      json(await staff.inject({ method: 'GET', url: `/api/guests?${query}` }));
    expect((await get('search=rosa%20mendoza')).total).toBeGreaterThanOrEqual(1);
    expect(((await get(`search=${guest.email!.toUpperCase()}`)).data as Json[])[0]).toMatchObject({
      guest_id: guest.guest_id,
    });
    expect((await get('search=0917%20555%201234')).total).toBeGreaterThanOrEqual(1);
    const page = await get('page_size=1');
    expect(page).toMatchObject({ page: 1, page_size: 1 });
    expect((await get('')).page_size).toBe(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/guests' })).statusCode).toBe(401);
  });

  it('answers a guest with bookings (unit name and code), newest check-in first, and stats', async () => {
    const { guest, first, second, cancelled } = await guestWithBookings();
    const response = await staff.inject({ method: 'GET', url: `/api/guests/${guest.guest_id}` });
    expect(response.statusCode).toBe(200);
    const data = dataOf(response);
    expect((data.bookings as Json[]).map((b) => b.booking_id)).toEqual([
      cancelled.booking_id,
      second.booking_id,
      first.booking_id,
    ]);
    expect((data.bookings as Json[])[0]!.units).toEqual([
      { unit_id: unit.unit_id, unit_name: 'Guest Cabin', unit_code: 'GST1' },
    ]);
    // SPEC §7: from non-cancelled bookings only.
    expect(data.stats).toEqual({ total_bookings: 2, total_spent: 10000, average_spent: 5000 });
    const missing = await staff.inject({ method: 'GET', url: '/api/guests/not-an-id' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Guest not found.');
  });

  describe('PATCH /api/guests/:id', () => {
    it('is for managers (staff get SPEC §6’s message)', async () => {
      const guest = await createGuest(t.database);
      const response = await staff.inject({
        method: 'PATCH',
        url: `/api/guests/${guest.guest_id}`,
        payload: { notes: 'VIP' },
      });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe(GUEST_PERMISSION_MESSAGES.edit);
    });

    it('edits name, e-mail, phone and notes with SPEC §5’s rules', async () => {
      const guest = await createGuest(t.database);
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${guest.guest_id}`,
        payload: {
          guest_name: 'José Rizal',
          email: 'Jose.Rizal@Example.PH',
          phone_number: '0917 888 1234',
          notes: 'Returning guest',
          is_corporate: true,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({
        guest_name: 'José Rizal',
        email: 'jose.rizal@example.ph',
        phone_number: '+639178881234',
        notes: 'Returning guest',
        is_corporate: true,
      });
      const cleared = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${guest.guest_id}`,
        payload: { phone_number: '', notes: null },
      });
      expect(dataOf(cleared)).toMatchObject({ phone_number: null, notes: null });
    });

    it.each([
      ['guest_name', { guest_name: 'X' }, 'Name must be at least 2 characters'],
      [
        'guest_name',
        { guest_name: 'R2D2' },
        'Name can only contain letters, spaces, hyphens, and apostrophes',
      ],
      ['email', { email: 'nope' }, 'Invalid email address'],
      [
        'phone_number',
        { phone_number: '12345' },
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ],
      ['notes', { notes: 'x'.repeat(1001) }, 'Must be 1000 characters or less'],
    ] as const)(
      'refuses a bad %s (%j) with 400 and changes nothing',
      async (field, payload, message) => {
        const guest = await createGuest(t.database);
        const response = await manager.inject({
          method: 'PATCH',
          url: `/api/guests/${guest.guest_id}`,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(json(response).issues).toContainEqual({ path: field, message });
        const [row] = await t.database.query<{ guest_name: string; email: string }>(
          'SELECT guest_name, email FROM guests WHERE guest_id = $1',
          [guest.guest_id],
        );
        expect(row).toEqual({ guest_name: guest.guest_name, email: guest.email });
      },
    );

    it('refuses an e-mail another guest has, whatever its case (409)', async () => {
      const taken = await createGuest(t.database, { email: 'taken.address@example.ph' });
      const guest = await createGuest(t.database);
      const response = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${guest.guest_id}`,
        payload: { email: 'TAKEN.Address@example.ph' },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(
        `Another guest, ${taken.guest_name}, already uses this e-mail.`,
      );
      expect(taken.guest_id).not.toBe(guest.guest_id);
    });
  });

  describe('export and anonymisation (Data Privacy Act requests)', () => {
    it('exports everything held about a guest as a JSON download, for managers', async () => {
      const { guest, first } = await guestWithBookings();
      const byStaff = await staff.inject({
        method: 'GET',
        url: `/api/guests/${guest.guest_id}/export`,
      });
      expect(byStaff.statusCode).toBe(403);
      expect(json(byStaff).message).toBe(GUEST_PERMISSION_MESSAGES.export);

      const response = await manager.inject({
        method: 'GET',
        url: `/api/guests/${guest.guest_id}/export`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="guest-${guest.guest_id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = json(response);
      expect(body.guest).toMatchObject({
        guest_id: guest.guest_id,
        notes: 'Prefers the garden side',
      });
      expect(body.bookings as Json[]).toHaveLength(3);
      expect((body.payments as Json[]).map((p) => p.booking_id)).toEqual([first.booking_id]);
      expect(response.body).not.toContain('payment-proofs/');
    });

    it('anonymises a guest and their bookings for owners, keeping the bookings and money', async () => {
      const { guest, first } = await guestWithBookings();
      const bookingsBefore = await countRows(t.database, 'bookings');
      const byManager = await manager.inject({
        method: 'POST',
        url: `/api/guests/${guest.guest_id}/anonymize`,
        payload: { confirm_name: 'Rosa Mendoza' },
      });
      expect(byManager.statusCode).toBe(403);
      expect(json(byManager).message).toBe(GUEST_PERMISSION_MESSAGES.anonymize);

      const wrongName = await owner.inject({
        method: 'POST',
        url: `/api/guests/${guest.guest_id}/anonymize`,
        payload: { confirm_name: 'Rosa' },
      });
      expect(wrongName.statusCode).toBe(400);
      expect(json(wrongName).issues).toContainEqual({
        path: 'confirm_name',
        message: "Type the guest's name exactly to confirm.",
      });

      const response = await owner.inject({
        method: 'POST',
        url: `/api/guests/${guest.guest_id}/anonymize`,
        payload: { confirm_name: 'rosa mendoza' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({
        guest_name: 'Anonymized guest',
        email: `anonymized-${guest.guest_id}@invalid.local`,
        phone_number: null,
        notes: null,
        anonymized_at: expect.any(String),
        stats: { total_bookings: 2, total_spent: 10000 },
      });
      const rows = await t.database.query<{
        guest_name: string;
        email: string;
        contact_number: string | null;
        special_requests: string | null;
        total_amount: number;
      }>(
        'SELECT guest_name, email, contact_number, special_requests, total_amount FROM bookings WHERE guest_id = $1',
        [guest.guest_id],
      );
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatchObject({
          guest_name: 'Anonymized guest',
          email: `anonymized-${guest.guest_id}@invalid.local`,
          contact_number: null,
          special_requests: null,
        });
      }
      expect(await countRows(t.database, 'bookings')).toBe(bookingsBefore);
      const [payment] = await t.database.query<{ payment_amount: number }>(
        'SELECT payment_amount FROM payments WHERE booking_id = $1',
        [first.booking_id],
      );
      expect(payment!.payment_amount).toBe(6000);

      const again = await owner.inject({
        method: 'POST',
        url: `/api/guests/${guest.guest_id}/anonymize`,
        payload: { confirm_name: 'Anonymized guest' },
      });
      expect(again.statusCode).toBe(409);
      const edit = await manager.inject({
        method: 'PATCH',
        url: `/api/guests/${guest.guest_id}`,
        payload: { notes: 'x' },
      });
      expect(edit.statusCode).toBe(409);
      expect(json(edit).message).toBe(
        'This guest has been anonymised and can no longer be edited.',
      );
    });
  });
});
