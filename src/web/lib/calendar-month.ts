import { MONTH_NAMES, addDays, dayOfWeek, isIsoDate } from '../../domain/dates';

/** A calendar month 'YYYY-MM'. */
export type MonthKey = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && MONTH.test(value);
}

export function monthOf(date: string): MonthKey {
  return date.slice(0, 7);
}

/** The month `count` months after `month` (negative goes back). */
export function addMonths(month: MonthKey, count: number): MonthKey {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

/** Months from `from` to `to` (0 when equal). */
export function monthsBetween(from: MonthKey, to: MonthKey): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** "June 2027". */
export function monthLabel(month: MonthKey): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[mon - 1] ?? ''} ${year}`;
}

/** Every date of the month, first to last. */
export function daysOfMonth(month: MonthKey): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; monthOf(day) === month && isIsoDate(day); day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/**
 * The month as weeks of seven cells, Sunday first; cells outside the month are null.
 */
export function monthWeeks(month: MonthKey): (string | null)[][] {
  const days = daysOfMonth(month);
  const first = days[0];
  const cells: (string | null)[] = first ? Array(dayOfWeek(first)).fill(null) : [];
  cells.push(...days);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
