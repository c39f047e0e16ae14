import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { createUnitByApi, uniqueCode } from '../back-office/support';
import type { CreatedUnit } from '../back-office/support';
import { addDays, createStaffBooking, manilaToday, uniqueLetters } from '../bookings/support';
import type { StaffBooking } from '../bookings/support';
import { expect } from '../fixtures';
import { demoAccount } from '../support/accounts';
import { apiSend, signInViaApi } from '../support/auth';

/** A cabin of this spec's own, named to sort first ("A House …") in the pickers and the board. */
export function createHouseCabin(request: APIRequestContext): Promise<CreatedUnit> {
  return createUnitByApi(request, { unit_name: `A House ${uniqueCode('HK')}` });
}

/** A booking of `nights` from `offset` days after the resort's today, by a signed-in context. */
export function bookCabin(
  request: APIRequestContext,
  unitId: string,
  offset: number,
  nights = 1,
): Promise<StaffBooking> {
  const checkIn = addDays(manilaToday(), offset);
  const name = `House ${uniqueLetters()}`;
  return createStaffBooking(request, {
    unitId,
    guestName: name,
    email: `${name.replace(' ', '.').toLowerCase()}@example.ph`,
    stay: { check_in: checkIn, check_out: addDays(checkIn, nights) },
  });
}

/**
 * Moves a booking along through POST /api/bookings/:id/status as an administrator, who may
 * confirm without a verified payment and check out with a balance due (with a reason).
 */
export async function moveBooking(
  request: APIRequestContext,
  bookingId: string,
  statuses: readonly ('Confirmed' | 'CheckedIn' | 'CheckedOut')[],
): Promise<void> {
  for (const status of statuses) {
    const response = await apiSend(request, 'POST', `/api/bookings/${bookingId}/status`, {
      status,
      ...(status === 'CheckedIn' ? {} : { override_reason: 'Housekeeping E2E: paid at the desk' }),
    });
    expect(response.status(), `${status}: ${await response.text()}`).toBe(200);
  }
}

export interface HousekeepingAccount {
  email: string;
  password: string;
  name: string;
}

/** A housekeeping account, made by the demo administrator through POST /api/users. */
export async function createHousekeepingAccount(
  request: APIRequestContext,
): Promise<HousekeepingAccount> {
  await signInViaApi(request, demoAccount('admin'));
  const suffix = randomBytes(4).toString('hex');
  const account = {
    email: `housekeeping-${suffix}@example.test`,
    password: `Pw-${randomBytes(9).toString('base64url')}`,
    name: `Housekeeper ${suffix}`,
  };
  const response = await apiSend(request, 'POST', '/api/users', {
    ...account,
    role: 'housekeeping',
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}
