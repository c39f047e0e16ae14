import { addDays, diffDays, isIsoDate } from '../../domain/dates';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import { findCalendarUnits, findNightRuns } from './calendar.repository';

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
    findCalendarUnits(database),
    findNightRuns(database, from, to),
  ]);
  const nights = new Map<string, { taken: Set<string>; blocked: Set<string> }>();
  for (const unit of units) nights.set(unit.unit_id, { taken: new Set(), blocked: new Set() });
  for (const run of runs) {
    const sets = nights.get(run.unit_id);
    if (!sets) continue;
    // Runs are clipped to the range, so this loop is bounded by CALENDAR_MAX_DAYS.
    for (let night = run.first; night <= run.last; night = addDays(night, 1)) {
      sets[run.kind].add(night);
    }
  }
  return {
    from,
    to,
    units: units.map((unit) => {
      const sets = nights.get(unit.unit_id)!;
      return {
        unit_id: unit.unit_id,
        unit_name: unit.unit_name,
        unit_type: unit.unit_type,
        max_occupancy: unit.max_occupancy,
        base_rate: unit.base_rate,
        taken: [...sets.taken].sort(),
        blocked: [...sets.blocked].sort(),
      };
    }),
  };
}
