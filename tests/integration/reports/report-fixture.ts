import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../../src/domain/pricing';
import { signInAs, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import type { TestApp } from '../../support/test-app';

/** What the report tests build their small resorts with, through the real API. */

export type Json = Record<string, unknown>;

/** The answer's JSON once its status is the one expected. */
export async function ok(
  response: { statusCode: number; body: string },
  status = 200,
): Promise<Json> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as Json;
}

/** No seasons, weekends or automatic discounts; VAT and local tax added on top. */
export async function plainPricing(owner: SignedIn): Promise<void> {
  const off = { enabled: false };
  const d = DEFAULT_PRICING_SETTINGS.discounts;
  await ok(
    await owner.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: {
        pricing: {
          seasons: [],
          weekend_nights: [],
          discounts: {
            early_bird: { ...d.early_bird, ...off },
            extended_stay: { ...d.extended_stay, ...off },
            last_minute: { ...d.last_minute, ...off },
            bulk: { ...d.bulk, ...off },
          },
          tax_mode: 'exclusive',
        },
      },
    }),
  );
}

/** A staff booking of one cabin; its id. */
export async function bookCabin(
  staff: SignedIn,
  unit: string,
  stay: { check_in: string; check_out: string },
  extra: Json = {},
): Promise<string> {
  const body = await ok(
    await staff.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        unit_id: unit,
        guest_name: 'Report Guest',
        contact_number: '0917 555 0100',
        email: 'report.guest@example.ph',
        num_guests: 2,
        ...stay,
        ...extra,
      },
    }),
    201,
  );
  return (body.data as Json).booking_id as string;
}

/** A booking of several cabins for the same nights (the multi-cabin wizard); its id. */
export async function bookCabins(
  staff: SignedIn,
  units: readonly string[],
  stay: { check_in: string; check_out: string },
): Promise<string> {
  const multi = await ok(
    await staff.inject({
      method: 'POST',
      url: '/api/bookings/multi-unit',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        primary_guest: {
          guest_name: 'Report Group',
          email: 'report.group@example.ph',
          contact_number: '0917 555 0101',
        },
        ...stay,
        units: units.map((unit_id) => ({ unit_id, num_guests: 2 })),
      },
    }),
    201,
  );
  return ((multi.data as Json).booking_id ?? (multi.data as Json[])[0]?.booking_id) as string;
}

/**
 * An owner, a manager and a staff member signed in, plain pricing, and a cabin per rate (its
 * base and weekend rate, named `<name> <key> <suffix>`); the cabins' ids by key.
 */
export async function openResort<K extends string>(
  t: TestApp,
  rates: Record<K, number>,
  cabinName: { name: string; suffix: string },
): Promise<{ owner: SignedIn; manager: SignedIn; staff: SignedIn; cabin: Record<K, string> }> {
  const [owner, manager, staff] = await Promise.all([
    signInAs(t, 'owner'),
    signInAs(t, 'manager'),
    signInAs(t, 'staff'),
  ]);
  await plainPricing(owner);
  const cabin = {} as Record<K, string>;
  for (const key of Object.keys(rates) as K[]) {
    const unit = await createUnit(t.database, {
      unit_name: `${cabinName.name} ${key} ${cabinName.suffix}`,
      base_rate: rates[key],
      weekend_rate: rates[key],
      extra_person_rate: 0,
      base_occupancy: 2,
    });
    cabin[key] = unit.unit_id;
  }
  return { owner, manager, staff, cabin };
}

/** A booking's status changed as the desk does it: a manager confirms, staff do the rest. */
export async function setStatus(
  who: { manager: SignedIn; staff: SignedIn },
  id: string,
  status: string,
): Promise<void> {
  const session = status === 'Confirmed' ? who.manager : who.staff;
  const payload =
    status === 'Confirmed' ? { status, override_reason: 'Pays at the desk' } : { status };
  await ok(await session.inject({ method: 'POST', url: `/api/bookings/${id}/status`, payload }));
}
