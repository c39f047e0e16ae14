import ICAL from 'ical.js';
import { addDays, isValidTimeZone, type IsoDate } from '../../domain/dates';

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
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Milliseconds `timeZone` is ahead of UTC at the instant `epochMs`. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
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

export const EXPORT_PRODID = '-//Resort Booking//Channel Sync 1.0//EN';

/**
 * A cabin's export as RFC 5545 text: CRLF line endings, lines folded at 75 octets (ical.js folds
 * the content after the leading space at foldLength, so 74 keeps every line within 75), all-day
 * VALUE=DATE events whose DTEND is the checkout day.
 */
export function buildCalendar(calendarName: string, events: ExportEvent[]): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', EXPORT_PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', calendarName);
  for (const event of events) {
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', event.uid);
    vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(event.stamp, true));
    vevent.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(event.start_date));
    vevent.addPropertyWithValue('dtend', ICAL.Time.fromDateString(event.end_date));
    vevent.addPropertyWithValue('summary', event.summary);
    vevent.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(vevent);
  }
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    return calendar.toString() + '\r\n';
  } finally {
    ICAL.foldLength = foldLength;
  }
}
