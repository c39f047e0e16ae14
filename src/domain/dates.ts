/**
 * Stay dates are calendar dates 'YYYY-MM-DD' in the resort's time zone (DESIGN §3). Everything
 * here works on the string through UTC arithmetic, so no result depends on the process's TZ.
 */

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function parts(date: IsoDate): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** True for a real calendar date such as 2028-02-29; false for 2027-02-29, 2027-13-01 or '27-1-1'. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const p = parts(value);
  if (!p || p.year < 1) return false;
  const utc = new Date(utcMs(p.year, p.month, p.day));
  return (
    utc.getUTCFullYear() === p.year &&
    utc.getUTCMonth() === p.month - 1 &&
    utc.getUTCDate() === p.day
  );
}

function utcMs(year: number, month: number, day: number): number {
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function toUtcMs(date: IsoDate): number {
  const p = parts(date);
  if (!p || !isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return utcMs(p.year, p.month, p.day);
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  const month = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The date `days` days after `date` (negative goes back). Throws on an invalid date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + Math.trunc(days) * MS_PER_DAY);
}

/** Whole days from `from` to `to` (like date-fns differenceInCalendarDays(to, from)). */
export function diffDays(to: IsoDate, from: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** DESIGN §3: a stay occupies the nights [check_in, check_out); the night's date is its evening. */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const count = diffDays(checkOut, checkIn);
  const nights: IsoDate[] = [];
  for (let i = 0; i < count; i += 1) nights.push(addDays(checkIn, i));
  return nights;
}

/** English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** English day names, indexed by dayOfWeek. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

/** The month and day 'MM-DD' of a date, as seasons are written (SPEC §9). */
export function monthDay(date: IsoDate): string {
  return date.slice(5, 10);
}

/** True when the string is an IANA zone this runtime knows (SPEC §1: a bad zone stops start-up). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US Intl.DateTimeFormat for `timeZone` with `options`, made once and kept: making one costs
 * far more than using one, and pages ask for today on every render (the guest form, the calendar).
 * Throws RangeError on an unknown zone, as the constructor does.
 */
export function dateTimeFormatInZone(
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    zoneFormats.set(key, format);
  }
  return format;
}

/** DESIGN §3: "today" is today in the resort's zone, whatever zone the process runs in. */
export function todayInZone(timeZone: string, now: Date = new Date()): IsoDate {
  const formatted = dateTimeFormatInZone(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes): string =>
    formatted.find((part) => part.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

/**
 * The calendar date of a 'YYYY-MM-DD' string or of an ISO date-time string (its written date
 * part, not converted to any zone), or null. Used where SPEC §3 lets clients send date-times.
 */
export function toIsoDate(value: string): IsoDate | null {
  const trimmed = value.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    trimmed,
  );
  const datePart = match?.[1];
  return datePart !== undefined && isIsoDate(datePart) ? datePart : null;
}
