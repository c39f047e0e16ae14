/**
 * Stay dates are calendar dates 'YYYY-MM-DD' in the resort's time zone (DESIGN §3). Everything
 * here works on the string through UTC arithmetic, so no result depends on the process's TZ.
 */

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The parts of a real calendar date (year 1 or later), or null. One parse, no Date objects. */
function parts(date: unknown): { year: number; month: number; day: number } | null {
  if (typeof date !== 'string') return null;
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const monthDays = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= monthDays ? { year, month, day } : null;
}

/** True for a real calendar date such as 2028-02-29; false for 2027-02-29, 2027-13-01 or '27-1-1'. */
export function isIsoDate(value: unknown): value is IsoDate {
  return parts(value) !== null;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar, by arithmetic alone (the
 * days-from-civil method: years counted from March, in 400-year eras of 146,097 days). The
 * calendar and price code call this thousands of times per request, so it makes no Date objects.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function toUtcMs(date: IsoDate): number {
  const p = parts(date);
  if (!p) throw new RangeError(`Not a calendar date: ${date}`);
  return daysFromCivil(p.year, p.month, p.day) * MS_PER_DAY;
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

/** Milliseconds `timeZone` is ahead of UTC at the instant `epochMs`. */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = dateTimeFormatInZone(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The part of the Temporal API todayInZone uses (not in TypeScript's lib for ES2023). */
interface TemporalApi {
  Instant: {
    fromEpochMilliseconds(ms: number): {
      toZonedDateTimeISO(timeZone: string): { toPlainDate(): { toString(): string } };
    };
  };
}

/**
 * DESIGN §3: "today" is today in the resort's zone, whatever zone the process runs in.
 *
 * Where the runtime has Temporal (current Chrome and Firefox), the date comes from it: the first
 * Intl.DateTimeFormat of a page loads the locale's date patterns, 30–90 ms of one uninterrupted
 * task on a phone, and the guest form and the calendar ask for today while they first render
 * (decision 0014, third round). Both read the same IANA zone data; elsewhere (Node 20, Safari),
 * Intl does it.
 */
export function todayInZone(timeZone: string, now: Date = new Date()): IsoDate {
  const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;
  if (temporal?.Instant?.fromEpochMilliseconds) {
    const date = temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO(timeZone)
      .toPlainDate()
      .toString();
    if (isIsoDate(date)) return date;
  }
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
