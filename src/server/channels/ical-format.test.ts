import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  EXPORT_PRODID,
  foldLine,
  InvalidFeed,
  parseFeed,
  type ExportEvent,
} from './ical-format';

const feed = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );
const options = { timeZone: 'Asia/Manila', ignoreBefore: '2027-01-01' };

describe('parseFeed (issue 19 "Facts about the feeds")', () => {
  it('keeps VALUE=DATE as plain dates, DTEND the checkout day', () => {
    const parsed = parseFeed(
      feed(
        'BEGIN:VEVENT',
        'UID:a',
        'DTSTART;VALUE=DATE:20271210',
        'DTEND;VALUE=DATE:20271213',
        'SUMMARY:Reserved',
        'END:VEVENT',
      ),
      options,
    );
    expect(parsed.events).toEqual([
      { uid: 'a', summary: 'Reserved', start_date: '2027-12-10', end_date: '2027-12-13' },
    ]);
  });

  it('turns DATE-TIME values into nights in the resort zone (UTC, TZID with and without VTIMEZONE, floating)', () => {
    const parsed = parseFeed(
      feed(
        'BEGIN:VTIMEZONE',
        'TZID:Asia/Manila',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0800',
        'TZOFFSETTO:+0800',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:utc',
        'DTSTART:20270910T150000Z',
        'DTEND:20270911T170000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:tzid',
        'DTSTART;TZID=Asia/Manila:20270910T230000',
        'DTEND;TZID=Asia/Manila:20270912T010000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:paris',
        'DTSTART;TZID=Europe/Paris:20270910T170000',
        'DTEND;TZID=Europe/Paris:20270911T190000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:floating',
        'DTSTART:20270910T140000',
        'DTEND:20270910T180000',
        'END:VEVENT',
      ),
      options,
    );
    const nights = Object.fromEntries(
      parsed.events.map((event) => [event.uid, [event.start_date, event.end_date]]),
    );
    expect(nights).toEqual({
      utc: ['2027-09-10', '2027-09-12'],
      tzid: ['2027-09-10', '2027-09-12'],
      // 17:00 in Paris is 23:00 in Manila; 19:00 the next day is 01:00 on the 12th.
      paris: ['2027-09-10', '2027-09-12'],
      // A same-day event holds its night.
      floating: ['2027-09-10', '2027-09-11'],
    });
  });

  it('skips malformed events with a warning, cancelled and old ones silently', () => {
    const parsed = parseFeed(
      feed(
        'BEGIN:VEVENT',
        'DTSTART;VALUE=DATE:20271210',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:backwards',
        'DTSTART;VALUE=DATE:20271213',
        'DTEND;VALUE=DATE:20271210',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:cancelled',
        'STATUS:CANCELLED',
        'DTSTART;VALUE=DATE:20271210',
        'DTEND;VALUE=DATE:20271213',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:old',
        'DTSTART;VALUE=DATE:20261210',
        'DTEND;VALUE=DATE:20261213',
        'END:VEVENT',
      ),
      options,
    );
    expect(parsed.events).toEqual([]);
    expect(parsed.warnings).toEqual([
      'Event 1 has no UID; skipped.',
      'Event 2 (backwards) ends before it starts; skipped.',
    ]);
  });

  it('refuses a body that is not a calendar', () => {
    expect(() => parseFeed('<html>Sign in</html>', options)).toThrow(InvalidFeed);
    expect(() => parseFeed('BEGIN:VCARD\r\nEND:VCARD\r\n', options)).toThrow(InvalidFeed);
  });
});

describe('buildCalendar (RFC 5545)', () => {
  const text = buildCalendar('Cabaña Niña — the long name of a cabin by the sea, with ñ and é', [
    {
      uid: 'line-1@resort-booking',
      summary: 'Reserved',
      start_date: '2027-12-10',
      end_date: '2027-12-13',
      stamp: new Date('2027-06-01T00:00:00Z'),
    },
  ]);

  it('uses CRLF and folds every line at 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
  });

  it('writes all-day events a parser reads back', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/^-\/\//);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Cabaña Niña — the long name of a cabin by the sea, with ñ and é',
    );
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(text).toContain('DTSTART;VALUE=DATE:20271210');
    expect(text).toContain('DTEND;VALUE=DATE:20271213');
    expect(text).toContain('DTSTAMP:20270601T000000Z');
    expect(event!.getFirstPropertyValue('uid')).toBe('line-1@resort-booking');
  });
});

/**
 * What the export wrote with ical.js's components before issue 24 (decision 0020), kept here as
 * the reference the hand-written writer must match byte for byte.
 */
function icalJsCalendar(calendarName: string, events: ExportEvent[]): string {
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

describe('the hand-written export (issue 24) is what ical.js wrote, byte for byte', () => {
  const hostile = [
    'Cabin, A; B\\C',
    'Line one\nline two\r\nthree',
    ',;\\\n,,;;\\\\',
    'Ñipa Hut — ' + 'ñé'.repeat(60),
    'Bahay Kubo 🏝️ by the sea '.repeat(8),
    '漢字の長い名前'.repeat(20),
    'x'.repeat(74),
    'x'.repeat(75),
    'x'.repeat(73) + 'é' + 'y'.repeat(80),
    'x'.repeat(72) + '🌊' + 'z'.repeat(3),
    'lone \ud800 surrogate ' + 'a'.repeat(70),
    '"quoted" ^caret^ :colon:',
    '',
    ' ',
  ];

  it.each(hostile.map((name, i) => [i, name]))('value %i', (_i, value) => {
    const events: ExportEvent[] = [
      {
        uid: `line-${value}@resort-booking`,
        summary: value,
        start_date: '2027-12-10',
        end_date: '2027-12-13',
        stamp: new Date('2027-06-01T23:59:59.999Z'),
      },
      {
        uid: 'blackout-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed@resort-booking',
        summary: 'Not available',
        start_date: '2026-01-01',
        end_date: '2099-12-31',
        stamp: new Date('1999-12-31T00:00:00.000Z'),
      },
    ];
    expect(buildCalendar(value, events)).toBe(icalJsCalendar(value, events));
    expect(buildCalendar(value, [])).toBe(icalJsCalendar(value, []));
  });

  it('folds as ical.js folds, for every length around the limit', () => {
    for (const unit of ['a', 'é', '€', '😀', ',', '\n']) {
      for (let n = 0; n < 90; n += 1) {
        const events: ExportEvent[] = [
          {
            uid: `line-${n}@resort-booking`,
            summary: unit.repeat(n),
            start_date: '2027-12-10',
            end_date: '2027-12-13',
            stamp: new Date('2027-06-01T00:00:00Z'),
          },
        ];
        const name = 'N'.repeat(n % 13) + unit.repeat(n);
        expect(buildCalendar(name, events)).toBe(icalJsCalendar(name, events));
      }
    }
    expect(foldLine('')).toBe('');
  });
});
