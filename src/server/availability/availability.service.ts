import { BLACKOUT_KINDS } from '../../domain/constants';
import { addDays, diffDays, todayInZone } from '../../domain/dates';
import { MESSAGES as FORM_MESSAGES } from '../../domain/messages';
import {
  CALENDAR_MAX_DAYS,
  type CalendarBlackout,
  type CalendarBooking,
  type CalendarHold,
  type CalendarQuery,
  type CalendarResponse,
  type MultiUnitAvailabilityResponse,
  type OverviewResponse,
} from '../../domain/schemas/availability.schema';
import type { MultiUnitAvailabilityQuery } from '../../domain/schemas/multi-unit.schema';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { type CalendarUnitRow, getCalendarUnits } from '../units/units.service';
import {
  type CalendarEntryRow,
  checkMultiUnitAvailability,
  findCalendarEntries,
} from './availability.repository';
import { unitDay } from './today-status';

export const AVAILABILITY_MESSAGES = {
  rangeTooLong: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time.`,
} as const;

function today(deps: AppDeps): string {
  return todayInZone(deps.config.timezone, deps.clock.now());
}

/** The first and last day of the month of `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 7)}-01`, -1) };
}

function toBooking(row: CalendarEntryRow): CalendarBooking {
  return {
    booking_id: row.id,
    booking_reference: row.booking_reference ?? '',
    guest_name: row.guest_name ?? '',
    booking_status: row.booking_status as CalendarBooking['booking_status'],
    payment_status: row.payment_status as CalendarBooking['payment_status'],
    check_in: row.start_date,
    check_out: row.end_date,
    num_guests: Number(row.num_guests ?? 0),
  };
}

function toBlackout(row: CalendarEntryRow): CalendarBlackout {
  return {
    blackout_id: row.id,
    start_date: row.start_date,
    end_date: row.end_date,
    reason: row.reason,
    // Issue 22: the repository hands a blackout's kind in feed_name.
    kind: BLACKOUT_KINDS.find((kind) => kind === row.feed_name) ?? 'blackout',
  };
}

function toHold(row: CalendarEntryRow): CalendarHold {
  return {
    hold_id: row.id,
    channel: row.reason ?? '',
    feed_name: row.feed_name ?? '',
    start_date: row.start_date,
    end_date: row.end_date,
    conflict: row.conflict === true,
  };
}

function group(units: CalendarUnitRow[], entries: CalendarEntryRow[]) {
  const byUnit = new Map(
    units.map((unit) => [
      unit.unit_id,
      {
        bookings: [] as CalendarBooking[],
        blackouts: [] as CalendarBlackout[],
        holds: [] as CalendarHold[],
      },
    ]),
  );
  for (const entry of entries) {
    const slot = byUnit.get(entry.unit_id);
    if (!slot) continue;
    if (entry.kind === 'booking') slot.bookings.push(toBooking(entry));
    else if (entry.kind === 'hold') slot.holds.push(toHold(entry));
    else slot.blackouts.push(toBlackout(entry));
  }
  return units.map((unit) => ({
    unit_id: unit.unit_id,
    unit_name: unit.unit_name,
    unit_code: unit.unit_code,
    unit_type: unit.unit_type,
    unit_status: unit.unit_status as CalendarResponse['units'][number]['unit_status'],
    max_occupancy: Number(unit.max_occupancy),
    ...byUnit.get(unit.unit_id)!,
  }));
}

/**
 * The tape chart's data: the units (one, with `unit`) with their bookings and blackouts that
 * touch [from, to], in two queries. Without dates it is the current month.
 */
export async function getCalendar(deps: AppDeps, query: CalendarQuery): Promise<CalendarResponse> {
  const now = today(deps);
  const month = monthOf(query.from ?? now);
  const from = query.from ?? month.from;
  const to = query.to ?? (query.from ? addDays(from, 30) : month.to);
  if (to < from) {
    throw badRequest(FORM_MESSAGES.endBeforeStart, [
      { path: 'to', message: FORM_MESSAGES.endBeforeStart },
    ]);
  }
  if (diffDays(to, from) + 1 > CALENDAR_MAX_DAYS) {
    throw badRequest(AVAILABILITY_MESSAGES.rangeTooLong, [
      { path: 'to', message: AVAILABILITY_MESSAGES.rangeTooLong },
    ]);
  }
  const [units, entries] = await Promise.all([
    getCalendarUnits(deps.database, { unitId: query.unit }),
    findCalendarEntries(deps.database, { from, to, unitId: query.unit }),
  ]);
  return { from, to, today: now, units: group(units, entries) };
}

/** SPEC §2 "Units Overview": each unit's state on a day (today by default). */
export async function getOverview(
  deps: AppDeps,
  date: string | undefined,
): Promise<OverviewResponse> {
  const day = date ?? today(deps);
  const [units, entries] = await Promise.all([
    getCalendarUnits(deps.database),
    findCalendarEntries(deps.database, { from: day, to: day, includeDepartures: true }),
  ]);
  return {
    date: day,
    units: group(units, entries).map(({ bookings, blackouts, holds: _holds, ...unit }) => ({
      ...unit,
      ...unitDay(day, bookings, blackouts, unit.unit_status),
    })),
  };
}

/**
 * SPEC §7 GET /api/availability/multi-unit: for each unit (every unit when none is named) whether
 * the nights [check_in, check_out) are free, and what conflicts: bookings that are not cancelled,
 * blackouts, a unit status other than Available, or an unknown unit.
 */
export async function checkUnitsAvailability(
  deps: AppDeps,
  query: MultiUnitAvailabilityQuery,
): Promise<MultiUnitAvailabilityResponse> {
  const rows = await checkMultiUnitAvailability(deps.database, {
    check_in: query.check_in,
    check_out: query.check_out,
    unit_ids: query.unit_ids.length > 0 ? query.unit_ids : null,
  });
  return {
    check_in: query.check_in,
    check_out: query.check_out,
    results: rows.map((row) => ({
      unit_id: row.unit_id,
      is_available: row.is_available,
      conflicting_bookings:
        row.conflicting_bookings as MultiUnitAvailabilityResponse['results'][number]['conflicting_bookings'],
    })),
  };
}
