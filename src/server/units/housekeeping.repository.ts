import { asc, eq, sql } from 'drizzle-orm';
import type { HousekeepingStatus } from '../../domain/constants';
import type { AppDb, AppTx } from '../db/client';
import { bookingUnits, units, users } from '../db/schema';

/**
 * Sets a cabin's housekeeping status, with its note (the out-of-order reason, else null) and
 * who changed it: the acting user of the transaction (db/actor-settings.ts), when that is a user.
 * False when there is no such cabin.
 */
export async function updateHousekeepingStatus(
  tx: AppTx,
  unitId: string,
  status: HousekeepingStatus,
  note: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(units)
    .set({
      housekeeping_status: status,
      housekeeping_note: note,
      housekeeping_changed_at: sql`now()`,
      housekeeping_changed_by: sql`(SELECT id FROM users WHERE id = current_setting('app.user_id', true))`,
    })
    .where(eq(units.unit_id, unitId))
    .returning({ unit_id: units.unit_id });
  return rows.length > 0;
}

export type HousekeepingBoardRow = {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: string;
  housekeeping_status: string;
  housekeeping_note: string | null;
  housekeeping_changed_at: Date | null;
  housekeeping_changed_by_name: string | null;
  arrival_today: boolean;
  departure_today: boolean;
  in_house: boolean;
};

/**
 * Every cabin (or one) with its housekeeping status and what its booking lines do on `today`:
 * an arrival (a line starting today, Pending, Confirmed or CheckedIn), a departure (a line ending
 * today, CheckedIn or CheckedOut), a guest in house tonight (CheckedIn, check_in ≤ today <
 * check_out). By name.
 */
export async function findHousekeepingBoard(
  db: AppDb | AppTx,
  today: string,
  unitId?: string,
): Promise<HousekeepingBoardRow[]> {
  const line = (condition: ReturnType<typeof sql>) =>
    sql<boolean>`exists (select 1 from ${bookingUnits} bu
      where bu.unit_id = ${units.unit_id} and ${condition})`;
  return db
    .select({
      unit_id: units.unit_id,
      unit_name: units.unit_name,
      unit_code: units.unit_code,
      unit_type: units.unit_type,
      housekeeping_status: units.housekeeping_status,
      housekeeping_note: units.housekeeping_note,
      housekeeping_changed_at: units.housekeeping_changed_at,
      housekeeping_changed_by_name: users.name,
      arrival_today: line(
        sql`bu.check_in = ${today}::date and bu.booking_status in ('Pending', 'Confirmed', 'CheckedIn')`,
      ),
      departure_today: line(
        sql`bu.check_out = ${today}::date and bu.booking_status in ('CheckedIn', 'CheckedOut')`,
      ),
      in_house: line(
        sql`bu.booking_status = 'CheckedIn' and bu.check_in <= ${today}::date and bu.check_out > ${today}::date`,
      ),
    })
    .from(units)
    .leftJoin(users, eq(users.id, units.housekeeping_changed_by))
    .where(unitId ? eq(units.unit_id, unitId) : undefined)
    .orderBy(asc(units.unit_name), asc(units.unit_code));
}
