import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../support/auth';
import { createBooking, createGuest, createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let staff: SignedIn;
let manager: SignedIn;
let owner: SignedIn;
let unitId: string;
let guestId: string;
let bookingId: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t, 'staff');
  manager = await signInAs(t, 'manager');
  owner = await signInAs(t, 'owner');
  t.app.deps.clock.now = () => new Date('2036-05-15T04:00:00Z');
  const unit = await createUnit(t.database, { unit_name: 'Revenue Cabin' });
  unitId = unit.unit_id;
  const guest = await createGuest(t.database);
  guestId = guest.guest_id;
  const booking = await createBooking(
    t.database,
    unitId,
    { check_in: '2036-05-20', check_out: '2036-05-22' },
    { total_amount: 8000, booking_status: 'Confirmed', guest_id: guestId },
  );
  bookingId = booking.booking_id;
});
afterAll(() => t.close());

const setHidden = async (who: SignedIn, hidden: boolean) =>
  who.inject({
    method: 'PATCH',
    url: '/api/settings',
    payload: { access: { hide_revenue_from_staff: hidden } },
  });

/** Every guest money figure staff could read: the guests list and page, a booking's guest. */
async function guestFigures(who: SignedIn) {
  const list = await who.inject({ method: 'GET', url: '/api/guests' });
  expect(list.statusCode, list.body).toBe(200);
  const page = await who.inject({ method: 'GET', url: `/api/guests/${guestId}` });
  expect(page.statusCode, page.body).toBe(200);
  const booking = await who.inject({ method: 'GET', url: `/api/bookings/${bookingId}` });
  expect(booking.statusCode, booking.body).toBe(200);
  const bookings = await who.inject({ method: 'GET', url: '/api/bookings' });
  expect(bookings.statusCode, bookings.body).toBe(200);
  const listed = (list.json().data as { guest_id: string }[]).find((g) => g.guest_id === guestId);
  return {
    listed,
    page: page.json().data,
    bookingGuest: booking.json().data.guest,
    listedBookingGuest: bookings.json().data[0].guest,
  };
}

async function figures(who: SignedIn) {
  const dashboard = await who.inject({ method: 'GET', url: '/api/dashboard' });
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  const unit = await who.inject({ method: 'GET', url: `/api/units/${unitId}` });
  expect(unit.statusCode, unit.body).toBe(200);
  return {
    cards: dashboard.json().data.cards as Record<string, unknown>,
    stats: unit.json().data.stats as Record<string, unknown>,
  };
}

describe(`settings.access.hide_revenue_from_staff (${process.env.TEST_DB})`, () => {
  it('is off by default: staff see the revenue figures', async () => {
    const settings = await staff.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json().access).toEqual({ hide_revenue_from_staff: false });
    const { cards, stats } = await figures(staff);
    expect(cards.revenue).toMatchObject({ value: 8000, bookings: 1 });
    expect(stats).toEqual({ total_bookings: 1, total_revenue: 8000, average_revenue: 8000 });
  });

  it('only owners and administrators change it', async () => {
    expect((await setHidden(staff, true)).statusCode).toBe(403);
    expect((await setHidden(manager, true)).statusCode).toBe(403);
    const bad = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { access: { hide_revenue_from_staff: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { access: { hide_everything: true } },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('when on, the server leaves revenue out for staff and keeps it for managers', async () => {
    const on = await setHidden(owner, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().access).toEqual({ hide_revenue_from_staff: true });

    const hidden = await figures(staff);
    expect(hidden.cards).not.toHaveProperty('revenue');
    expect(hidden.cards).toHaveProperty('occupancy');
    expect(hidden.stats).toEqual({ total_bookings: 1 });
    const guests = await guestFigures(staff);
    expect(guests.listed).toBeDefined();
    expect(guests.listed).not.toHaveProperty('total_spent');
    expect(guests.page).not.toHaveProperty('total_spent');
    expect(guests.page.stats).toEqual({ total_bookings: expect.any(Number) });
    expect(guests.bookingGuest).not.toHaveProperty('total_spent');
    expect(guests.listedBookingGuest).not.toHaveProperty('total_spent');
    expect(guests.bookingGuest).toHaveProperty('total_bookings');
    const managerGuests = await guestFigures(manager);
    expect(managerGuests.listed).toHaveProperty('total_spent');
    expect(managerGuests.page.stats).toHaveProperty('average_spent');
    expect(managerGuests.bookingGuest).toHaveProperty('total_spent');
    // Nor can staff learn the order of what guests spent by sorting on it; managers can.
    const bySpend = '/api/guests?sort=total_spent&order=desc';
    const sorted = await staff.inject({ method: 'GET', url: bySpend });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().issues).toEqual([
      { path: 'sort', message: 'Sorting by amount paid is not available while revenue is hidden.' },
    ]);
    expect((await manager.inject({ method: 'GET', url: bySpend })).statusCode).toBe(200);
    // Booking totals stay: staff collect payments.
    const list = await staff.inject({ method: 'GET', url: '/api/bookings' });
    expect(list.json().data[0].total_amount).toBe(8000);

    const shown = await figures(manager);
    expect(shown.cards.revenue).toMatchObject({ value: 8000 });
    expect(shown.stats).toMatchObject({ total_revenue: 8000 });

    const off = await setHidden(owner, false);
    expect(off.statusCode).toBe(200);
    expect((await figures(staff)).cards.revenue).toMatchObject({ value: 8000 });
    expect((await guestFigures(staff)).page).toHaveProperty('total_spent');
  });

  it('is recorded in the audit trail', async () => {
    const rows = await t.database.query<{ description: string }>(
      `SELECT description FROM audit_logs WHERE table_name = 'settings' AND record_id = 'access'`,
    );
    const descriptions = rows.map((row) => row.description);
    expect(descriptions).toContain('Access settings changed: hide_revenue_from_staff');
  });
});
