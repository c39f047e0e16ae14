import { todayInZone } from '../../domain/dates';
import { MESSAGES as FORM_MESSAGES } from '../../domain/messages';
import { isRecordId } from '../../domain/record-id';
import type {
  UnitBooking,
  UnitBulkStatus,
  UnitDetail,
  UnitDto,
  UnitForm,
  UnitListQuery,
  UnitStats,
  UnitUpcomingBookings,
  UnitUpdate,
} from '../../domain/schemas/unit.schema';
import type { AppDb, AppTx, Database } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError, badRequest, type Issue, MESSAGES, notFound, sqlState } from '../errors';
import type { ActorContext } from '../http/request-context';
import { findPhotosOfUnits } from './unit-photos.repository';
import { photosByUnit, removeUnitPhotoFiles } from './unit-photos.service';
import {
  type CalendarUnitRow,
  countUnitBookings,
  deleteUnitRow,
  findCalendarUnits,
  findUnit,
  findUnitBookingReferences,
  findUnitBookings,
  findUnitsByIds,
  findUnitStats,
  findUpcomingUnitBookings,
  insertUnit,
  listUnits,
  lockUnit,
  setUnitsStatus,
  type UnitRow,
  updateUnitRow,
} from './units.repository';

export const UNIT_MESSAGES = {
  notFound: 'Cabin not found',
  codeTaken: 'A cabin with this code already exists',
  someNotFound: 'One or more of the selected cabins no longer exist. Refresh and try again.',
} as const;

/** How many of a unit's bookings its detail page lists (newest first). */
export const UNIT_DETAIL_BOOKINGS_LIMIT = 100;

/** How many booking references a refused delete names before "and N more". */
export const UNIT_DELETE_NAMED_BOOKINGS = 5;

/**
 * SPEC §8 says only "related records"; the owner is told which bookings keep the cabin, so they
 * can look them up (and what to do instead).
 */
export function unitHasBookingsMessage(count: number, references: readonly string[]): string {
  const more = count - references.length;
  const list = more > 0 ? `${references.join(', ')} and ${more} more` : references.join(', ');
  return `This cabin cannot be deleted: it has ${count} ${count === 1 ? 'booking' : 'bookings'} (${list}). Set it to Maintenance instead.`;
}

export function toUnitDto(row: UnitRow): UnitDto {
  return {
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    unit_code: row.unit_code,
    unit_type: row.unit_type,
    description: row.description,
    base_occupancy: row.base_occupancy,
    max_occupancy: row.max_occupancy,
    base_rate: Number(row.base_rate),
    weekend_rate: Number(row.weekend_rate),
    extra_person_rate: Number(row.extra_person_rate),
    unit_status: row.unit_status as UnitDto['unit_status'],
    housekeeping_status: row.housekeeping_status as UnitDto['housekeeping_status'],
    amenities: row.amenities,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listUnitsPage(deps: AppDeps, query: UnitListQuery) {
  const { rows, total } = await listUnits(deps.database.db, query);
  const photos = await photosByUnit(
    deps.database.db,
    rows.map((row) => row.unit_id),
  );
  const data = rows.map((row) => ({ ...toUnitDto(row), photos: photos.get(row.unit_id) ?? [] }));
  return { data, total, page: query.page, page_size: query.page_size };
}

export async function getUnitDetail(
  deps: AppDeps,
  unitId: string,
  options: { hideRevenue?: boolean } = {},
): Promise<UnitDetail> {
  if (!isRecordId(unitId)) throw notFound(UNIT_MESSAGES.notFound);
  const db = deps.database.db;
  const unit = await findUnit(db, unitId);
  if (!unit) throw notFound(UNIT_MESSAGES.notFound);
  const [statsRow, bookingRows, bookingCount, photos] = await Promise.all([
    findUnitStats(db, unitId),
    findUnitBookings(db, unitId, UNIT_DETAIL_BOOKINGS_LIMIT),
    countUnitBookings(db, unitId),
    photosByUnit(db, [unitId]),
  ]);
  const stats: UnitStats = options.hideRevenue
    ? { total_bookings: statsRow.total_bookings }
    : {
        total_bookings: statsRow.total_bookings,
        total_revenue: statsRow.total_revenue,
        average_revenue:
          statsRow.total_bookings > 0
            ? Math.round((statsRow.total_revenue / statsRow.total_bookings) * 100) / 100
            : 0,
      };
  const bookings = bookingRows.map((row): UnitBooking => ({
    ...row,
    booking_status: row.booking_status as UnitBooking['booking_status'],
    payment_status: row.payment_status as UnitBooking['payment_status'],
    total_amount: Number(row.total_amount),
    num_guests: Number(row.num_guests),
  }));
  return {
    ...toUnitDto(unit),
    photos: photos.get(unitId) ?? [],
    stats,
    bookings,
    booking_count: bookingCount,
  };
}

/** A duplicate unit code names the field, so the form can show it there. */
function mapUnitWriteError(error: unknown): never {
  if (sqlState(error) === '23505') {
    throw new AppError(409, MESSAGES.duplicate, [
      { path: 'unit_code', message: UNIT_MESSAGES.codeTaken },
    ]);
  }
  throw error;
}

export async function createUnit(input: UnitForm, context: ActorContext): Promise<UnitDto> {
  try {
    const row = await context.transaction((tx) =>
      insertUnit(tx, {
        unit_name: input.unit_name,
        unit_code: input.unit_code,
        unit_type: input.unit_type,
        base_occupancy: input.base_occupancy,
        max_occupancy: input.max_occupancy,
        base_rate: input.base_rate,
        weekend_rate: input.weekend_rate,
        extra_person_rate: input.extra_person_rate,
        unit_status: input.unit_status,
        amenities: input.amenities,
        description: input.description ?? null,
      }),
    );
    return toUnitDto(row);
  } catch (error) {
    mapUnitWriteError(error);
  }
}

/** SPEC §5's cross-field rules, checked against the unit as it will be after the change. */
function crossFieldIssues(merged: UnitRow): Issue[] {
  const issues: Issue[] = [];
  if (Number(merged.weekend_rate) < Number(merged.base_rate)) {
    issues.push({ path: 'weekend_rate', message: FORM_MESSAGES.weekendRateBelowBase });
  }
  if (merged.base_occupancy > merged.max_occupancy) {
    issues.push({ path: 'base_occupancy', message: FORM_MESSAGES.baseOccupancyAboveMax });
  }
  return issues;
}

export async function updateUnit(
  unitId: string,
  input: UnitUpdate,
  context: ActorContext,
): Promise<UnitDto> {
  if (!isRecordId(unitId)) throw notFound(UNIT_MESSAGES.notFound);
  const changes: Partial<UnitRow> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  try {
    const row = await context.transaction(async (tx: AppTx) => {
      const current = await lockUnit(tx, unitId);
      if (!current) throw notFound(UNIT_MESSAGES.notFound);
      const issues = crossFieldIssues({ ...current, ...changes });
      if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
      if (Object.keys(changes).length === 0) return current;
      return updateUnitRow(tx, unitId, changes);
    });
    if (!row) throw notFound(UNIT_MESSAGES.notFound);
    return toUnitDto(row);
  } catch (error) {
    mapUnitWriteError(error);
  }
}

/**
 * A unit with booking lines (even cancelled ones) stays: booking_units restricts the delete. The
 * refusal names the bookings; the foreign key stays the guard against a booking made meanwhile.
 */
export async function deleteUnit(
  deps: AppDeps,
  unitId: string,
  context: ActorContext,
): Promise<void> {
  if (!isRecordId(unitId)) throw notFound(UNIT_MESSAGES.notFound);
  const photos = await context.transaction(async (tx) => {
    if (!(await lockUnit(tx, unitId))) return null;
    const count = await countUnitBookings(tx, unitId);
    if (count > 0) {
      const references = await findUnitBookingReferences(tx, unitId, UNIT_DELETE_NAMED_BOOKINGS);
      throw new AppError(409, unitHasBookingsMessage(count, references));
    }
    // The photo rows go with the cabin (ON DELETE CASCADE); their files once that is committed.
    const rows = await findPhotosOfUnits(tx, [unitId]);
    return (await deleteUnitRow(tx, unitId)) ? rows : null;
  });
  if (!photos) throw notFound(UNIT_MESSAGES.notFound);
  await removeUnitPhotoFiles(deps.storage.driver, photos);
}

/**
 * Before a bulk status change: each selected unit's bookings still to come or under way (not
 * cancelled, not checked out, leaving after the resort's today), so the change is confirmed
 * knowing whom it touches.
 */
export async function getUpcomingUnitBookings(
  deps: AppDeps,
  unitIds: readonly string[],
): Promise<UnitUpcomingBookings> {
  const ids = [...new Set(unitIds.map((id) => id.toLowerCase()))];
  const db = deps.database.db;
  const today = todayInZone(deps.config.timezone, deps.clock.now());
  const [rows, bookings] = await Promise.all([
    findUnitsByIds(db, ids),
    findUpcomingUnitBookings(db, ids, today),
  ]);
  if (rows.length !== ids.length) throw notFound(UNIT_MESSAGES.someNotFound);
  return rows.map((unit) => ({
    unit_id: unit.unit_id,
    unit_name: unit.unit_name,
    unit_status: unit.unit_status as UnitDto['unit_status'],
    bookings: bookings
      .filter((booking) => booking.unit_id === unit.unit_id)
      .map(({ unit_id: _unit, ...booking }) => ({
        ...booking,
        booking_status:
          booking.booking_status as UnitUpcomingBookings[number]['bookings'][number]['booking_status'],
      })),
  }));
}

/** SPEC §7 bulk status change: every unit or none, in one transaction. */
export async function bulkSetUnitStatus(
  input: UnitBulkStatus,
  context: ActorContext,
): Promise<UnitDto[]> {
  const ids = [...new Set(input.unit_ids.map((id) => id.toLowerCase()))];
  const rows = await context.transaction(async (tx) => {
    const updated = await setUnitsStatus(tx, ids, input.unit_status);
    if (updated.length !== ids.length) throw notFound(UNIT_MESSAGES.someNotFound);
    return updated;
  });
  return rows.map(toUnitDto).sort((a, b) => a.unit_name.localeCompare(b.unit_name));
}

/**
 * Locks a cabin's row for the rest of the transaction (as the database's booking and blackout
 * triggers do, so concurrent writes about the cabin wait); false when there is no such cabin.
 * Other features (blackouts) lock a cabin through this.
 */
export async function lockCabin(tx: AppTx, unitId: string): Promise<boolean> {
  return (await lockUnit(tx, unitId)) !== null;
}

export type { CalendarUnitRow, UnitRow };

/**
 * The units with these ids, read on `db` (a booking's transaction when booking): what the
 * booking writer checks a stay's cabins against (bookings/booking-creation.service.ts).
 */
export async function getUnitsByIds(
  db: AppDb | AppTx,
  unitIds: readonly string[],
): Promise<UnitRow[]> {
  return findUnitsByIds(db, unitIds);
}

/** The units a calendar shows (availability's tape chart and overview, the public calendar). */
export async function getCalendarUnits(
  database: Database,
  filter: { unitId?: string | undefined; availableOnly?: boolean } = {},
): Promise<CalendarUnitRow[]> {
  return findCalendarUnits(database, filter);
}
