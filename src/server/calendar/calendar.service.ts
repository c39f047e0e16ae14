import { addDays, diffDays, isIsoDate } from '../../domain/dates';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import { getCalendarUnits } from '../units/units.service';
import { findNightRuns, type NightRunRow } from './calendar.repository';

/** The public calendar shows at most about three months at a time. */
export const CALENDAR_MAX_DAYS = 93;

export const CALENDAR_MESSAGES = {
  invalidDate: 'Please provide valid from and to dates (YYYY-MM-DD).',
  toBeforeFrom: 'The end date must be on or after the start date.',
  tooLong: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time.`,
} as const;

export type PublicCalendar = {
  from: string;
  to: string;
  units: {
    unit_id: string;
    unit_name: string;
    unit_type: string;
    max_occupancy: number;
    base_rate: number;
    /** Nights ('YYYY-MM-DD', the night's evening) held by a booking. */
    taken: string[];
    /** Nights closed by an availability blackout. */
    blocked: string[];
  }[];
};

/**
 * SPEC §2 /calendar: every Available unit's taken and blocked nights from `from` to `to`
 * (inclusive), with no guest data at all.
 */
export async function getPublicCalendar(
  database: Database,
  range: { from: string; to: string },
): Promise<PublicCalendar> {
  const { from, to } = range;
  if (!isIsoDate(from) || !isIsoDate(to)) throw badRequest(CALENDAR_MESSAGES.invalidDate);
  if (to < from) throw badRequest(CALENDAR_MESSAGES.toBeforeFrom);
  if (diffDays(to, from) + 1 > CALENDAR_MAX_DAYS) throw badRequest(CALENDAR_MESSAGES.tooLong);

  const [units, runs] = await Promise.all([
    getCalendarUnits(database, { availableOnly: true }),
    findNightRuns(database, from, to),
  ]);
  // The range's nights once; each unit marks the ones taken or blocked by their index, so the
  // lists come out in date order with no duplicates and no date arithmetic per night.
  const dates = Array.from({ length: diffDays(to, from) + 1 }, (_, index) => addDays(from, index));
  const marks = new Map<string, Record<NightRunRow['kind'], Uint8Array>>();
  for (const unit of units) {
    marks.set(unit.unit_id, {
      taken: new Uint8Array(dates.length),
      blocked: new Uint8Array(dates.length),
    });
  }
  for (const run of runs) {
    const nights = marks.get(run.unit_id)?.[run.kind];
    if (!nights) continue;
    // Runs are clipped to the range, and counted in nights from `from`, by the query.
    nights.fill(1, run.first, run.last + 1);
  }
  const marked = (nights: Uint8Array) => dates.filter((_, index) => nights[index] === 1);
  return {
    from,
    to,
    units: units.map((unit) => {
      const nights = marks.get(unit.unit_id)!;
      return {
        unit_id: unit.unit_id,
        unit_name: unit.unit_name,
        unit_type: unit.unit_type,
        max_occupancy: unit.max_occupancy,
        base_rate: unit.base_rate,
        taken: marked(nights.taken),
        blocked: marked(nights.blocked),
      };
    }),
  };
}
