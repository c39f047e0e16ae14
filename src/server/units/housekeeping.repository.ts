import { eq, sql } from 'drizzle-orm';
import type { HousekeepingStatus } from '../../domain/constants';
import type { AppTx } from '../db/client';
import { units } from '../db/schema';

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
