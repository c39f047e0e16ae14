import type { HousekeepingStatus } from '../../domain/constants';
import { isRecordId } from '../../domain/record-id';
import type { AppTx } from '../db/client';
import { updateHousekeepingStatus } from './housekeeping.repository';

/**
 * Issue 22: sets a cabin's housekeeping status inside the caller's transaction (a move or an
 * early departure leaves the cabin Dirty; check-out does it in the database, migration 0023).
 * A plain set: it neither checks who may set what nor starts or ends an out-of-order block —
 * PATCH /api/units/:id/housekeeping does those. False when there is no such cabin.
 */
export async function setHousekeepingStatus(
  tx: AppTx,
  unitId: string,
  status: HousekeepingStatus,
  note: string | null = null,
): Promise<boolean> {
  if (!isRecordId(unitId)) return false;
  return updateHousekeepingStatus(tx, unitId, status, note);
}
