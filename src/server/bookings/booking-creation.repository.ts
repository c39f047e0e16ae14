import { inArray, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { bookings, bookingUnits, units } from '../db/schema';

export type UnitRow = typeof units.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingLineRow = typeof bookingUnits.$inferSelect;
export type NewBooking = Omit<typeof bookings.$inferInsert, 'booking_reference'>;
export type NewBookingLine = Omit<
  typeof bookingUnits.$inferInsert,
  'check_in' | 'check_out' | 'booking_status'
>;

export async function findUnitsByIds(db: AppDb | AppTx, unitIds: string[]): Promise<UnitRow[]> {
  if (unitIds.length === 0) return [];
  return db.select().from(units).where(inArray(units.unit_id, unitIds));
}

/**
 * Inserts a booking with a reference from generate_booking_reference() (DESIGN §3), in the
 * resort's zone so the year is the resort's year.
 */
export async function insertBooking(
  tx: AppTx,
  values: NewBooking,
  timezone: string,
): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, booking_reference: sql`generate_booking_reference(${timezone})` })
    .returning();
  return row!;
}

/**
 * Inserts one booking line. Its dates and status are copied from the booking by a trigger; the
 * exclusion constraint (23P01) and the blackout trigger (23P01, booking_units_blackout) refuse
 * nights that are taken.
 */
export async function insertBookingLine(
  tx: AppTx,
  values: NewBookingLine,
  stay: { check_in: string; check_out: string; booking_status: string },
): Promise<BookingLineRow> {
  const [row] = await tx
    .insert(bookingUnits)
    .values({ ...values, ...stay })
    .returning();
  return row!;
}
