import type { BlackoutKind } from '../../domain/constants';
import { formatDate } from '../../domain/format';
import { MESSAGES as FORM_MESSAGES } from '../../domain/messages';
import { isRecordId } from '../../domain/record-id';
import type {
  Blackout,
  BlackoutDto,
  BlackoutListQuery,
  BlackoutUpdate,
} from '../../domain/schemas/blackout.schema';
import type { AppTx } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError, badRequest, conflict, notFound, sqlState } from '../errors';
import type { ActorContext } from '../http/request-context';
import { lockCabin } from '../units/units.service';
import {
  type BlackoutRow,
  deleteBlackoutRow,
  findBlackout,
  findOverlappingBlackout,
  insertBlackout,
  listBlackouts,
  updateBlackoutRow,
} from './blackouts.repository';

export const BLACKOUT_MESSAGES = {
  notFound: 'Blackout not found',
  overBookings: (references: string) =>
    `These dates overlap existing bookings: ${references}. Move or cancel those bookings first, or choose other dates.`,
  overBlackout: (start: string, end: string) =>
    `These dates overlap another blackout of this cabin (${formatDate(start)} to ${formatDate(end)}). Edit that blackout instead.`,
} as const;

export function toBlackoutDto(row: BlackoutRow): BlackoutDto {
  return {
    blackout_id: row.blackout_id,
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    unit_code: row.unit_code,
    start_date: row.start_date,
    end_date: row.end_date,
    reason: row.reason,
    kind: row.kind as BlackoutKind,
    maintenance_issue_id: row.maintenance_issue_id,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listBlackoutsPage(deps: AppDeps, query: BlackoutListQuery) {
  const { rows, total } = await listBlackouts(deps.database.db, query);
  return { data: rows.map(toBlackoutDto), total, page: query.page, page_size: query.page_size };
}

export async function getBlackout(deps: AppDeps, blackoutId: string): Promise<BlackoutDto> {
  if (!isRecordId(blackoutId)) throw notFound(BLACKOUT_MESSAGES.notFound);
  const row = await findBlackout(deps.database.db, blackoutId);
  if (!row) throw notFound(BLACKOUT_MESSAGES.notFound);
  return toBlackoutDto(row);
}

/** The booking references the blackout trigger names (its DETAIL), or null for other errors. */
function overlappedBookings(error: unknown): string | null {
  if (sqlState(error) !== '23P01') return null;
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const pg = candidate as { constraint?: unknown; detail?: unknown; message?: unknown } | null;
    if (pg?.constraint !== 'availability_blackouts_bookings') continue;
    if (typeof pg.detail === 'string' && pg.detail) return pg.detail;
    const match = typeof pg.message === 'string' ? /bookings: (.+)$/.exec(pg.message) : null;
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Checks that the unit exists (locking it, as the database's blackout triggers do, so a booking
 * made at the same moment waits) and that no other blackout of the unit covers these nights.
 */
async function checkRange(
  tx: AppTx,
  range: { unit_id: string; start_date: string; end_date: string },
  exceptId?: string,
): Promise<void> {
  if (!(await lockCabin(tx, range.unit_id))) {
    throw badRequest(FORM_MESSAGES.selectUnit, [
      { path: 'unit_id', message: FORM_MESSAGES.selectUnit },
    ]);
  }
  const other = await findOverlappingBlackout(tx, range, exceptId);
  if (other) throw conflict(BLACKOUT_MESSAGES.overBlackout(other.start_date, other.end_date));
}

/** Runs a blackout write; a blackout over bookings is refused with their references (SPEC §8). */
async function writeBlackout<T>(context: ActorContext, fn: (tx: AppTx) => Promise<T>): Promise<T> {
  try {
    return await context.transaction(fn);
  } catch (error) {
    const references = overlappedBookings(error);
    if (references) throw new AppError(409, BLACKOUT_MESSAGES.overBookings(references));
    throw error;
  }
}

export async function createBlackout(
  deps: AppDeps,
  input: Blackout,
  context: ActorContext,
): Promise<BlackoutDto> {
  const blackoutId = await writeBlackout(context, async (tx) => {
    await checkRange(tx, input);
    return insertBlackout(tx, {
      unit_id: input.unit_id,
      start_date: input.start_date,
      end_date: input.end_date,
      reason: input.reason,
      created_by: context.actor.userId,
    });
  });
  return getBlackout(deps, blackoutId);
}

export async function updateBlackout(
  deps: AppDeps,
  blackoutId: string,
  input: BlackoutUpdate,
  context: ActorContext,
): Promise<BlackoutDto> {
  if (!isRecordId(blackoutId)) throw notFound(BLACKOUT_MESSAGES.notFound);
  await writeBlackout(context, async (tx) => {
    const current = await findBlackout(tx, blackoutId);
    if (!current) throw notFound(BLACKOUT_MESSAGES.notFound);
    const next = {
      unit_id: input.unit_id ?? current.unit_id,
      start_date: input.start_date ?? current.start_date,
      end_date: input.end_date ?? current.end_date,
    };
    if (next.end_date < next.start_date) {
      throw badRequest(FORM_MESSAGES.endBeforeStart, [
        { path: 'end_date', message: FORM_MESSAGES.endBeforeStart },
      ]);
    }
    await checkRange(tx, next, blackoutId);
    await updateBlackoutRow(tx, blackoutId, {
      ...next,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    });
  });
  return getBlackout(deps, blackoutId);
}

export async function deleteBlackout(blackoutId: string, context: ActorContext): Promise<void> {
  if (!isRecordId(blackoutId)) throw notFound(BLACKOUT_MESSAGES.notFound);
  const deleted = await context.transaction((tx) => deleteBlackoutRow(tx, blackoutId));
  if (!deleted) throw notFound(BLACKOUT_MESSAGES.notFound);
}
