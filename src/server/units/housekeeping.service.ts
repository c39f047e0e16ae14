import {
  HOUSEKEEPING_BASIC_STATUSES,
  type HousekeepingStatus,
  hasRoleAtLeast,
} from '../../domain/constants';
import { todayInZone } from '../../domain/dates';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import { isRecordId } from '../../domain/record-id';
import {
  HOUSEKEEPING_MESSAGES,
  type HousekeepingBoard,
  type HousekeepingCabin,
  type HousekeepingUpdate,
} from '../../domain/schemas/housekeeping.schema';
import {
  currentOutOfOrderBlocks,
  endOutOfOrderBlocks,
  insertOutOfOrderBlock,
  withBlockErrors,
} from '../blackouts/blackouts.service';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, notFound } from '../errors';
import type { ActorContext } from '../http/request-context';
import {
  findHousekeepingBoard,
  type HousekeepingBoardRow,
  updateHousekeepingStatus,
} from './housekeeping.repository';
import { lockUnit } from './units.repository';

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

const CABIN_NOT_FOUND = 'Cabin not found';

function today(deps: AppDeps): string {
  return todayInZone(deps.config.timezone, deps.clock.now());
}

function toCabin(
  row: HousekeepingBoardRow,
  blocks: Awaited<ReturnType<typeof currentOutOfOrderBlocks>>,
): HousekeepingCabin {
  const block = blocks.find((candidate) => candidate.unit_id === row.unit_id);
  return {
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    unit_code: row.unit_code,
    unit_type: row.unit_type,
    housekeeping_status: row.housekeeping_status as HousekeepingStatus,
    housekeeping_note: row.housekeeping_note,
    housekeeping_changed_at: row.housekeeping_changed_at?.toISOString() ?? null,
    housekeeping_changed_by_name: row.housekeeping_changed_by_name,
    arrival_today: Boolean(row.arrival_today),
    departure_today: Boolean(row.departure_today),
    in_house: Boolean(row.in_house),
    out_of_order: block
      ? {
          blackout_id: block.blackout_id,
          reason: block.reason,
          from: block.start_date,
          until: block.end_date,
        }
      : null,
  };
}

/** GET /api/housekeeping: every cabin on the resort's today, by name. */
export async function getHousekeepingBoard(deps: AppDeps): Promise<HousekeepingBoard> {
  const date = today(deps);
  const [rows, blocks] = await Promise.all([
    findHousekeepingBoard(deps.database.db, date),
    currentOutOfOrderBlocks(deps, date),
  ]);
  return { date, cabins: rows.map((row) => toCabin(row, blocks)) };
}

async function getCabin(deps: AppDeps, unitId: string): Promise<HousekeepingCabin> {
  const date = today(deps);
  const [rows, blocks] = await Promise.all([
    findHousekeepingBoard(deps.database.db, date, unitId),
    currentOutOfOrderBlocks(deps, date, unitId),
  ]);
  if (!rows[0]) throw notFound(CABIN_NOT_FOUND);
  return toCabin(rows[0], blocks);
}

function isBasic(status: HousekeepingStatus): boolean {
  return (HOUSEKEEPING_BASIC_STATUSES as readonly string[]).includes(status);
}

/**
 * PATCH /api/units/:id/housekeeping (DESIGN §8). Housekeeping and up mark Clean or Dirty;
 * managers and up mark Inspected or Out of order, and only they take a cabin out of Out of
 * order. Out of order blocks today..until like a blackout (refused over bookings, naming them;
 * a cabin already out of order gets the new reason and end); leaving it ends the block from
 * today on. One transaction, the cabin's row locked first.
 */
export async function changeHousekeepingStatus(
  deps: AppDeps,
  unitId: string,
  input: HousekeepingUpdate,
  context: ActorContext,
): Promise<HousekeepingCabin> {
  if (!isRecordId(unitId)) throw notFound(CABIN_NOT_FOUND);
  const manager = hasRoleAtLeast(context.actor.role, 'manager');
  if (!isBasic(input.status) && !manager) {
    throw forbidden(PERMISSION_MESSAGES.housekeepingManager);
  }
  const date = today(deps);
  if (input.status === 'Out of order' && input.until! < date) {
    throw badRequest(HOUSEKEEPING_MESSAGES.untilPast, [
      { path: 'until', message: HOUSEKEEPING_MESSAGES.untilPast },
    ]);
  }
  await withBlockErrors(() =>
    context.transaction(async (tx) => {
      const unit = await lockUnit(tx, unitId);
      if (!unit) throw notFound(CABIN_NOT_FOUND);
      const wasOutOfOrder = unit.housekeeping_status === 'Out of order';
      if (wasOutOfOrder && !manager) throw forbidden(PERMISSION_MESSAGES.housekeepingManager);
      if (wasOutOfOrder) await endOutOfOrderBlocks(tx, unitId, date);
      if (input.status === 'Out of order') {
        const reason = input.reason!;
        await insertOutOfOrderBlock(tx, {
          unit_id: unitId,
          start_date: date,
          end_date: input.until!,
          reason,
          created_by: context.actor.userId,
        });
        await updateHousekeepingStatus(tx, unitId, 'Out of order', reason);
      } else {
        await updateHousekeepingStatus(tx, unitId, input.status, null);
      }
    }),
  );
  return getCabin(deps, unitId);
}
