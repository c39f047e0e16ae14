import ICAL from 'ical.js';
import {
  addDays,
  dateTimeFormatInZone,
  isValidTimeZone,
  zoneOffsetMs,
  type IsoDate,
} from '../../domain/dates';

/**
 * Reading and writing RFC 5545 calendars with ical.js (docs/decisions/0020-ical-library.md); no
 * hand-written parser. Stay nights are plain dates: a VALUE=DATE stays the date it says, a
 * DATE-TIME becomes the date of that moment in the resort's zone.
 */

export type FeedEvent = {
  uid: string;
  summary: string | null;
  /** First night held. */
  start_date: IsoDate;
  /** The checkout day: nights [start_date, end_date). */
  end_date: IsoDate;
};

export type ParsedFeed = { events: FeedEvent[]; warnings: string[] };

export class InvalidFeed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFeed';
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date of an instant in a zone. */
function dateInZone(epochMs: number, timeZone: string): IsoDate {
  const parts = dateTimeFormatInZone(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The resort-zone date of an ical.js time (see the module comment). */
function nightDate(time: ICAL.Time, resortZone: string): IsoDate {
  const wall = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return wall;
  const zone = time.zone;
  const isUtc = zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC';
  const fromVtimezone = Boolean(zone && (zone as { component?: unknown }).component);
  if (isUtc || fromVtimezone) return dateInZone(time.toUnixTime() * 1000, resortZone);
  // A TZID with no VTIMEZONE in the file: an IANA name is still read as that zone's wall time.
  const tzid = (time as { timezone?: string }).timezone;
  if (tzid && isValidTimeZone(tzid)) {
    const wallMs = Date.UTC(
      time.year,
      time.month - 1,
      time.day,
      time.hour,
      time.minute,
      time.second,
    );
    const instant = wallMs - zoneOffsetMs(wallMs, tzid);
    return dateInZone(instant, resortZone);
  }
  // Floating time: the resort's own wall clock.
  return wall;
}

function textOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, 300);
}

/**
 * The events of a feed as nights. A body that is not an iCalendar file throws InvalidFeed; an
 * event that cannot be read (no UID, no start, an end before its start) is skipped with a warning.
 * Cancelled events hold nothing; events that end before `ignoreBefore` are left out.
 */
export function parseFeed(
  body: string,
  options: { timeZone: string; ignoreBefore: IsoDate },
): ParsedFeed {
  let root: ICAL.Component;
  try {
    const data: unknown = ICAL.parse(body);
    const first = Array.isArray(data) && Array.isArray(data[0]) ? data[0] : data;
    root = new ICAL.Component(first as unknown[]);
  } catch {
    throw new InvalidFeed('The feed is not an iCalendar file.');
  }
  if (root.name !== 'vcalendar') throw new InvalidFeed('The feed is not an iCalendar file.');
  const events: FeedEvent[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  root.getAllSubcomponents('vevent').forEach((vevent, index) => {
    const label = `Event ${index + 1}`;
    try {
      const uid = textOf(vevent.getFirstPropertyValue('uid'));
      if (!uid) {
        warnings.push(`${label} has no UID; skipped.`);
        return;
      }
      if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') {
        return;
      }
      const start = vevent.getFirstPropertyValue('dtstart');
      if (!(start instanceof ICAL.Time)) {
        warnings.push(`${label} (${uid}) has no valid start date; skipped.`);
        return;
      }
      const endValue = vevent.getFirstPropertyValue('dtend');
      const duration = vevent.getFirstPropertyValue('duration');
      let end: ICAL.Time | null = null;
      if (endValue instanceof ICAL.Time) end = endValue;
      else if (duration instanceof ICAL.Duration) {
        end = start.clone();
        end.addDuration(duration);
      }
      const startDate = nightDate(start, options.timeZone);
      let endDate = end ? nightDate(end, options.timeZone) : addDays(startDate, 1);
      if (endDate < startDate) {
        warnings.push(`${label} (${uid}) ends before it starts; skipped.`);
        return;
      }
      // A same-day event (a DATE-TIME afternoon, or DTEND equal to DTSTART) holds its night.
      if (endDate === startDate) endDate = addDays(startDate, 1);
      if (endDate < options.ignoreBefore) return;
      if (seen.has(uid)) {
        warnings.push(`${label} repeats the UID ${uid}; skipped.`);
        return;
      }
      seen.add(uid);
      events.push({
        uid,
        summary: textOf(vevent.getFirstPropertyValue('summary')),
        start_date: startDate,
        end_date: endDate,
      });
    } catch {
      warnings.push(`${label} could not be read; skipped.`);
    }
  });
  return { events, warnings };
}

export type ExportEvent = {
  uid: string;
  summary: string;
  start_date: IsoDate;
  /** The checkout day (exclusive). */
  end_date: IsoDate;
  stamp: Date;
};

/** An event in the calendar's own forms: dates 'YYYYMMDD', the stamp 'YYYYMMDDTHHMMSSZ' (UTC). */
export type CalendarEvent = {
  uid: string;
  summary: string;
  start: string;
  end: string;
  stamp: string;
};

export const EXPORT_PRODID = '-//Resort Booking//Channel Sync 1.0//EN';

/** The content-line length ical.js folds at for the export (see writeCalendar). */
const FOLD_LENGTH = 74;

/**
 * ical.js's foldline (helpers.js), step for step: a line is cut before the character that takes
 * its UTF-8 length past FOLD_LENGTH, and each continuation starts with a space (which the count
 * of the next piece does not include). Kept exact, quirks included, so the export is byte for
 * byte what ical.js wrote before issue 24 (ical-format.test.ts compares the two).
 */
export function foldLine(text: string): string {
  // Nothing to cut: every UTF-16 unit is at most 3 UTF-8 octets.
  if (text.length * 3 <= FOLD_LENGTH) return text;
  let result = '';
  let line = text;
  let pos = 0;
  let octets = 0;
  while (line.length) {
    const cp = line.codePointAt(pos);
    if (cp === undefined) octets += 4;
    else if (cp < 128) octets += 1;
    else if (cp < 2048) octets += 2;
    else if (cp < 65536) octets += 3;
    else octets += 4;
    if (octets < FOLD_LENGTH + 1) pos += cp !== undefined && cp > 65535 ? 2 : 1;
    else {
      result += '\r\n ' + line.slice(0, Math.max(0, pos));
      line = line.slice(Math.max(0, pos));
      pos = octets = 0;
    }
  }
  return result.slice(3);
}

/** A TEXT value escaped as ical.js escapes it (RFC 5545 §3.3.11): \\ ; , and newline. */
export function escapeText(value: string): string {
  return value.replace(/\\|;|,|\n/g, (found) => (found === '\n' ? '\\n' : `\\${found}`));
}

/**
 * A cabin's export as RFC 5545 text, written directly (issue 24: building ical.js components for
 * 300 events was most of the export's time). What ical.js wrote is kept byte for byte: CRLF line
 * endings, lines folded at 75 octets (ical.js folds the content after the leading space at its
 * foldLength, and the export set it to 74), all-day VALUE=DATE events whose DTEND is the checkout
 * day, TEXT values escaped, and X-WR-CALNAME, a property ical.js does not know, written as given.
 */
export function writeCalendar(calendarName: string, events: readonly CalendarEvent[]): string {
  let body =
    `BEGIN:VCALENDAR\r\nPRODID:${EXPORT_PRODID}\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\n` +
    `METHOD:PUBLISH\r\n${foldLine(`X-WR-CALNAME:${calendarName}`)}\r\n`;
  for (const event of events) {
    body +=
      `BEGIN:VEVENT\r\n${foldLine(`UID:${escapeText(event.uid)}`)}\r\n` +
      `DTSTAMP:${event.stamp}\r\nDTSTART;VALUE=DATE:${event.start}\r\n` +
      `DTEND;VALUE=DATE:${event.end}\r\n${foldLine(`SUMMARY:${escapeText(event.summary)}`)}\r\n` +
      'TRANSP:OPAQUE\r\nEND:VEVENT\r\n';
  }
  return `${body}END:VCALENDAR\r\n`;
}

/** The stamp form of an instant, as ical.js's Time.fromJSDate(date, true) writes it. */
function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
}

/** writeCalendar for events given as calendar dates and instants. */
export function buildCalendar(calendarName: string, events: readonly ExportEvent[]): string {
  return writeCalendar(
    calendarName,
    events.map((event) => ({
      uid: event.uid,
      summary: event.summary,
      start: event.start_date.replace(/-/g, ''),
      end: event.end_date.replace(/-/g, ''),
      stamp: stampOf(event.stamp),
    })),
  );
}
