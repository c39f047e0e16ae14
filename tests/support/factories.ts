import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { bookings, bookingUnits, guests, units } from '../../src/server/db/schema';
import { backfillBookings } from '../../src/server/folio/folio-backfill';

type NewUnit = typeof units.$inferInsert;
type NewBooking = typeof bookings.$inferInsert;

let sequence = 0;
const next = () => `${++sequence}${randomBytes(2).toString('hex').toUpperCase()}`.slice(0, 8);

/** Factories build valid records with sensible defaults; tests override what they are about. */
export async function createUnit(database: Database, overrides: Partial<NewUnit> = {}) {
  const code = `U${next()}`.replace(/[^A-Z0-9]/g, '').slice(0, 10);
  const [row] = await database.db
    .insert(units)
    .values({
      unit_name: `Cabin ${code}`,
      unit_code: code,
      unit_type: 'Standard',
      base_occupancy: 2,
      max_occupancy: 4,
      base_rate: 3000,
      weekend_rate: 3000,
      extra_person_rate: 500,
      amenities: ['Wi-Fi'],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createGuest(
  database: Database,
  overrides: Partial<typeof guests.$inferInsert> = {},
) {
  const n = next().toLowerCase();
  const [row] = await database.db
    .insert(guests)
    .values({
      guest_name: `Guest ${n}`,
      email: `guest-${n}@example.ph`,
      phone_number: '+639171234567',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A booking with one line for `unitId` and its folio, in one transaction (as the app does). */
export async function createBooking(
  database: Database,
  unitId: string,
  stay: { check_in: string; check_out: string },
  overrides: Partial<NewBooking> = {},
) {
  return database.db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({
        booking_reference: sql`generate_booking_reference()`,
        guest_name: 'Test Guest',
        email: 'test.guest@example.ph',
        num_guests: 2,
        total_amount: 3000,
        ...stay,
        ...overrides,
      })
      .returning();
    await tx.insert(bookingUnits).values({
      booking_id: booking!.booking_id,
      unit_id: unitId,
      check_in: stay.check_in,
      check_out: stay.check_out,
      booking_status: booking!.booking_status,
      assigned_guests: booking!.num_guests,
    });
    // Issue 17: its folio, as the migration gives a booking written before the folio (its
    // total_amount as charges); the payment status is then read from the folio.
    await backfillBookings(tx, [booking!.booking_id]);
    const [settled] = await tx
      .select()
      .from(bookings)
      .where(sql`${bookings.booking_id} = ${booking!.booking_id}`);
    return settled!;
  });
}
