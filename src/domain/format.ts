import { MONTH_NAMES, WEEKDAY_NAMES, dateTimeFormatInZone, dayOfWeek, isIsoDate } from './dates';

/**
 * SPEC §1 and §9: pesos as the en-PH locale writes them ("₱11,458.00", "-₱1,234.50"). Written out
 * rather than asked of Intl.NumberFormat: the first Intl formatter of a page loads locale data
 * (about 35 ms on a desktop, four times that on the phone Lighthouse simulates) in one task, and
 * the public pages format prices while they first render their cabins (decision 0014). The
 * result is Intl's, digit for digit (format.test.ts compares the two): the amount is rounded half
 * away from zero on its shortest decimal form, as Intl does, not on its binary value as toFixed
 * does (1.005 → "1.01"). Amounts too large for that (no price comes near) go to Intl.
 */
const pesoFormats = new Map<number, Intl.NumberFormat>();

function intlPesos(value: number, fractionDigits: 0 | 2): string {
  let format = pesoFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-PH', {
      style: 'currency',
      currency: 'PHP',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    pesoFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

/** Below this, String(x) is plain decimal notation and every cent is exact in a double. */
const PLAIN_DECIMAL_LIMIT = 1e15;

/** `value` rounded half away from zero to `fractionDigits`, grouped in thousands, with "₱". */
function writePesos(value: number, fractionDigits: 0 | 2): string {
  const magnitude = Math.abs(value);
  if (magnitude >= PLAIN_DECIMAL_LIMIT) return intlPesos(value, fractionDigits);
  // Below 1e-6 String() switches to exponent notation; such an amount rounds to zero anyway.
  const [whole = '0', fraction = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  let digits = whole + fraction.padEnd(fractionDigits + 1, '0').slice(0, fractionDigits);
  if (Number(fraction[fractionDigits] ?? '0') >= 5) {
    // Add one in the last kept place, carrying through the digits as written.
    const carried = digits.split('');
    let i = carried.length - 1;
    while (i >= 0 && carried[i] === '9') carried[i--] = '0';
    if (i >= 0) carried[i] = String(Number(carried[i]) + 1);
    else carried.unshift('1');
    digits = carried.join('');
  }
  const integer = digits.slice(0, digits.length - fractionDigits);
  const cents = digits.slice(digits.length - fractionDigits);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Intl writes the sign of a negative amount, even one that rounds to zero, and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}₱${grouped}${fractionDigits ? `.${cents}` : ''}`;
}

/**
 * "₱11,458.00", or "₱11,458" with `wholePesos`. Accepts a numeric string (SQL numeric arrives as
 * text); anything that is not a number formats as zero (SPEC §8: related data falls back to zero).
 */
export function formatCurrency(
  amount: number | string | null | undefined,
  options: { wholePesos?: boolean } = {},
): string {
  const value = typeof amount === 'string' ? Number(amount.trim() || NaN) : (amount ?? NaN);
  const safe = Number.isFinite(value) ? value : 0;
  return writePesos(safe, options.wholePesos ? 0 : 2);
}

/** SPEC §9 date formats, in the pattern tokens formatDate understands. */
export const DATE_FORMATS = {
  short: 'MMM dd',
  long: 'MMM dd, yyyy',
  withTime: 'MMM dd, yyyy HH:mm',
} as const;

const INVALID_DATE = 'Invalid Date';

type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock parts of an instant in `timeZone` (throws RangeError on an unknown zone). */
function partsInZone(instant: Date, timeZone: string): DateParts {
  const zoneFormat = dateTimeFormatInZone(timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts = zoneFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The date-fns tokens the product uses (yyyy, MMMM, MMM, MM, dd, d, EEEE, EEE, HH, mm) and 'quoted
 * text'; written here so the web app carries no date library (issue 9). Other letters throw.
 */
function applyPattern(pattern: string, p: DateParts): string {
  const year = String(p.year).padStart(4, '0');
  const weekday = WEEKDAY_NAMES[dayOfWeek(`${year}-${two(p.month)}-${two(p.day)}`)]!;
  const month = MONTH_NAMES[p.month - 1]!;
  return pattern.replace(/yyyy|MMMM|MMM|MM|dd|d|EEEE|EEE|HH|mm|'[^']*'|[A-Za-z]/g, (token) => {
    switch (token) {
      case 'yyyy':
        return year;
      case 'MMMM':
        return month;
      case 'MMM':
        return month.slice(0, 3);
      case 'MM':
        return two(p.month);
      case 'dd':
        return two(p.day);
      case 'd':
        return String(p.day);
      case 'EEEE':
        return weekday;
      case 'EEE':
        return weekday.slice(0, 3);
      case 'HH':
        return two(p.hour);
      case 'mm':
        return two(p.minute);
      default:
        if (token.startsWith("'")) return token.slice(1, -1);
        throw new RangeError(`Unsupported date pattern token: ${token}`);
    }
  });
}

/**
 * SPEC §8 and §9: "Jan 05, 2025"; invalid input gives "Invalid Date".
 * - A calendar date 'YYYY-MM-DD' formats as that date whatever the process's zone (DESIGN §3).
 * - A timestamp (Date, epoch milliseconds or ISO date-time) formats in `timeZone` when given
 *   (the resort's zone on the server), else in the zone of the browser or process.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: string = DATE_FORMATS.long,
  options: { timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE;
  try {
    if (typeof value === 'string' && isIsoDate(value.trim())) {
      const [year, month, day] = value.trim().split('-').map(Number);
      return applyPattern(pattern, { year: year!, month: month!, day: day!, hour: 0, minute: 0 });
    }
    // Date parsing rolls 2027-02-31 over to March; a written date part must be a real date.
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
      if (!isIsoDate(value.trim().slice(0, 10))) return INVALID_DATE;
    }
    const instant = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(instant.getTime())) return INVALID_DATE;
    const parts = options.timeZone
      ? partsInZone(instant, options.timeZone)
      : {
          year: instant.getFullYear(),
          month: instant.getMonth() + 1,
          day: instant.getDate(),
          hour: instant.getHours(),
          minute: instant.getMinutes(),
        };
    return applyPattern(pattern, parts);
  } catch {
    // An unsupported pattern token, or an unknown zone.
    return INVALID_DATE;
  }
}

/** Policy text times: '14:00' → "2:00 PM", '00:30' → "12:30 AM", '12:00' → "12:00 PM". */
export function formatTime12(time: string): string {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time.trim());
  if (!match) return 'Invalid Time';
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${suffix}`;
}

/**
 * SPEC §5 phone input helper: strips non-digits, drops a leading 63, and turns 11 digits starting
 * 09 or 10 digits starting 9 into "+63 9XX XXX XXXX". Anything else (a number still being typed,
 * a landline) comes back as its digits.
 */
export function formatPhoneInput(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('63') && digits.length > 2) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('09')) digits = digits.slice(1);
  if (digits.length === 10 && digits.startsWith('9')) {
    return `+63 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  }
  return digits;
}

/**
 * The one way a phone number shows, on every page (issue 15): numbers are stored normalised to
 * +63 (SPEC §5), so a mobile number reads "+63 917 555 0142" whether it was typed "0917 555 0142",
 * "639175550142" or "+63 917-555-0142" (older bookings keep what was typed), and a landline
 * "+63 28123456". Anything else shows as given. This replaces SPEC §5's 4-3-4 grouping of 09
 * numbers, which made the same number read two ways.
 */
export function formatPhoneDisplay(raw: string | null | undefined): string {
  if (!raw) return '';
  const compact = raw.replace(/[\s().-]/g, '');
  const mobile = /^(?:\+63|63|0)?(9\d{9})$/.exec(compact);
  if (mobile) {
    const digits = mobile[1]!;
    return `+63 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  }
  const normalised = normalizePhilippinePhone(compact);
  if (normalised) return `+63 ${normalised.slice(3)}`;
  return raw.trim();
}

/**
 * SPEC §5: a Philippine number is +63 or 0 followed by a mobile number (9 and nine digits) or a
 * landline of eight digits starting 2 to 8; it is stored with the +63 prefix (a leading 0
 * replaced). Spaces, dashes, dots and parentheses are ignored. Null when it is not such a number.
 */
export function normalizePhilippinePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  const match = /^(?:\+63|0)(9\d{9}|[2-8]\d{7})$/.exec(compact);
  return match ? `+63${match[1]}` : null;
}

/**
 * SPEC §5 currency input: digits and one decimal point only, at most 2 decimals. Returns the text
 * to show in the input and its value (null while empty).
 */
export function parseCurrencyInput(raw: string): { text: string; value: number | null } {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  let text =
    point === -1
      ? cleaned
      : `${cleaned.slice(0, point)}.${cleaned
          .slice(point + 1)
          .replace(/\./g, '')
          .slice(0, 2)}`;
  if (text.startsWith('.')) text = `0${text}`;
  const value = text === '' ? null : Number(text);
  return { text, value: value !== null && Number.isFinite(value) ? value : null };
}
