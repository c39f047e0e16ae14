import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures';
import { createUnitByApi, uniqueCode } from '../back-office/support';
import type { CreatedUnit } from '../back-office/support';
import { addDays, manilaToday, uniqueLetters } from '../bookings/support';
import { apiSend } from '../support/auth';

/*
 * Issue 22's front-desk specs make their own cabins ("A Desk …", sorted first so the cabin
 * pickers list them) and bookings through the API, so specs running beside them never share a
 * night with them.
 */

export { addDays, manilaToday };

/** A cabin of this spec's own, named to sort first. */
export function createDeskCabin(request: APIRequestContext, label: string): Promise<CreatedUnit> {
  const code = uniqueCode('DSK');
  return createUnitByApi(request, { unit_name: `A Desk ${label} ${code}`, unit_code: code });
}

export interface DeskBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
}

/** A guest name of letters only (SPEC §5), different on every run. */
export function deskGuestName(first: string): string {
  const last = uniqueLetters(7);
  return `${first} ${last.charAt(0).toUpperCase()}${last.slice(1)}`;
}

/** POST /api/bookings as the signed-in context (a phone booking with an e-mail by default). */
export async function createDeskBooking(
  request: APIRequestContext,
  input: {
    unitId: string;
    guestName: string;
    check_in: string;
    check_out: string;
    email?: string | null;
    source?: string;
    special_requests?: string;
  },
): Promise<DeskBooking> {
  const email =
    input.email === undefined
      ? `${input.guestName.replace(/\s+/g, '.').toLowerCase()}@example.ph`
      : input.email;
  const response = await apiSend(request, 'POST', '/api/bookings', {
    unit_id: input.unitId,
    guest_name: input.guestName,
    ...(email ? { email } : {}),
    contact_number: '09171234567',
    num_guests: 2,
    check_in: input.check_in,
    check_out: input.check_out,
    ...(input.source ? { source: input.source } : {}),
    ...(input.special_requests ? { special_requests: input.special_requests } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: DeskBooking }).data;
}

/** Moves a booking's status as a manager would (confirming without payment needs a reason). */
export async function setStatusByApi(
  request: APIRequestContext,
  bookingId: string,
  status: 'Confirmed' | 'CheckedIn',
): Promise<void> {
  const response = await apiSend(request, 'POST', `/api/bookings/${bookingId}/status`, {
    status,
    ...(status === 'Confirmed' ? { override_reason: 'Paying at the desk' } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A confirmed stay arriving today in a cabin of its own, `nights` long. */
export async function deskArrivalToday(
  request: APIRequestContext,
  label: string,
  nights = 3,
): Promise<{ cabin: CreatedUnit; booking: DeskBooking; today: string }> {
  const today = manilaToday();
  const cabin = await createDeskCabin(request, label);
  const booking = await createDeskBooking(request, {
    unitId: cabin.unit_id,
    guestName: deskGuestName('Desk'),
    check_in: today,
    check_out: addDays(today, nights),
  });
  await setStatusByApi(request, booking.booking_id, 'Confirmed');
  return { cabin, booking, today };
}
