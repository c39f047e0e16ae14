import type { IsoDate } from '../../../domain/dates';
import type { Season } from '../../../domain/pricing';

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 'MM-DD' in `year` as a date; Feb 29 is Feb 28 in a common year. */
function dateIn(year: number, monthDay: string): IsoDate {
  const day = monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}

/**
 * Issue 21 point 1, "Fill from season": the season's next occurrence seen from `today` — the one
 * running now, else the next to start. A season whose start is after its end runs over the new
 * year (DESIGN §4), so its `to` falls in the following year.
 */
export function nextSeasonRange(
  season: Pick<Season, 'start' | 'end'>,
  today: IsoDate,
): { from: IsoDate; to: IsoDate } {
  const year = Number(today.slice(0, 4));
  const wraps = season.start > season.end;
  for (const startYear of [year - 1, year, year + 1]) {
    const from = dateIn(startYear, season.start);
    const to = dateIn(wraps ? startYear + 1 : startYear, season.end);
    if (to >= today) return { from, to };
  }
  return { from: dateIn(year + 1, season.start), to: dateIn(year + 1, season.end) };
}
