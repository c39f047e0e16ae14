import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  diffDays,
  isIsoDate,
  isValidTimeZone,
  monthDay,
  nightsBetween,
  toIsoDate,
  todayInZone,
} from './dates';

describe('isIsoDate', () => {
  it('accepts real calendar dates', () => {
    expect(isIsoDate('2027-06-10')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('0099-01-01')).toBe(true);
  });

  it('rejects impossible dates and other shapes', () => {
    for (const bad of [
      '2027-02-29',
      '2027-02-31',
      '1900-02-29',
      '2027-13-01',
      '2027-00-10',
      '2027-04-31',
      '0000-01-01',
      '2027-6-10',
      '2027-06-10T00:00:00Z',
      ' 2027-06-10',
      '',
    ]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(isIsoDate(20270610)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2027-12-30', 3)).toBe('2028-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('is unaffected by daylight-saving changes of the process zone', () => {
    // Europe and the US change clocks on these dates; UTC arithmetic does not notice.
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(diffDays('2027-11-08', '2027-11-06')).toBe(2);
  });

  it('agrees with the JavaScript Date on every day from 0001 to 0500 and 1600 to 2400', () => {
    // The arithmetic in dates.ts makes no Date objects; Date (proleptic Gregorian, UTC) is the
    // witness here, day by day, leap years of every kind included.
    const iso = (d: Date) =>
      `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
    for (const [firstYear, lastYear] of [
      [1, 500],
      [1600, 2400],
    ] as const) {
      const start = new Date(Date.UTC(2000, 0, 1));
      start.setUTCFullYear(firstYear, 0, 1);
      const first = iso(start);
      let mismatches = 0;
      for (let day = start; day.getUTCFullYear() <= lastYear;) {
        const offset = Math.round((day.getTime() - start.getTime()) / 86_400_000);
        const date = iso(day);
        if (diffDays(date, first) !== offset || addDays(first, offset) !== date) mismatches += 1;
        if (!isIsoDate(date)) mismatches += 1;
        day = new Date(day.getTime() + 86_400_000);
      }
      expect(mismatches, `${firstYear}-${lastYear}`).toBe(0);
    }
    expect(diffDays('1970-01-01', '0001-01-01')).toBe(719_162);
  });

  it('diffDays(to, from) counts whole days, negative backwards', () => {
    expect(diffDays('2027-12-30', '2027-10-01')).toBe(90);
    expect(diffDays('2027-10-01', '2027-12-30')).toBe(-90);
    expect(diffDays('2027-06-10', '2027-06-10')).toBe(0);
  });

  it('throws on an invalid date rather than guessing', () => {
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
    expect(() => diffDays('nope', '2027-01-01')).toThrow(RangeError);
  });
});

describe('nightsBetween', () => {
  it('lists [check_in, check_out)', () => {
    expect(nightsBetween('2027-12-30', '2028-01-02')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
    ]);
  });

  it('is empty when check-out is not after check-in', () => {
    expect(nightsBetween('2027-06-10', '2027-06-10')).toEqual([]);
    expect(nightsBetween('2027-06-10', '2027-06-09')).toEqual([]);
  });
});

describe('dayOfWeek and monthDay', () => {
  it('0 is Sunday, 6 Saturday', () => {
    expect(dayOfWeek('2027-06-13')).toBe(0);
    expect(dayOfWeek('2027-06-11')).toBe(5);
    expect(dayOfWeek('2027-06-12')).toBe(6);
    expect(dayOfWeek('2028-01-01')).toBe(6);
  });

  it('monthDay gives MM-DD', () => {
    expect(monthDay('2027-12-20')).toBe('12-20');
  });
});

describe('time zones', () => {
  it('validates IANA zones', () => {
    expect(isValidTimeZone('Asia/Manila')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
  });

  it("today in the resort's zone, whatever the process zone", () => {
    // 2027-06-10 17:30 UTC is already 2027-06-11 01:30 in Manila (UTC+8).
    const now = new Date('2027-06-10T17:30:00Z');
    expect(todayInZone('Asia/Manila', now)).toBe('2027-06-11');
    expect(todayInZone('UTC', now)).toBe('2027-06-10');
    expect(todayInZone('America/Los_Angeles', now)).toBe('2027-06-10');
    expect(todayInZone('Asia/Manila', new Date('2027-06-10T15:59:59Z'))).toBe('2027-06-10');
    expect(todayInZone('Asia/Manila', new Date('2027-06-10T16:00:00Z'))).toBe('2027-06-11');
  });

  it('defaults now to the current time', () => {
    expect(isIsoDate(todayInZone('Asia/Manila'))).toBe(true);
  });
});

describe('toIsoDate', () => {
  it('keeps a date and takes the written date part of a date-time', () => {
    expect(toIsoDate('2027-06-10')).toBe('2027-06-10');
    expect(toIsoDate(' 2027-06-10 ')).toBe('2027-06-10');
    expect(toIsoDate('2027-06-10T00:00:00.000Z')).toBe('2027-06-10');
    expect(toIsoDate('2027-06-10T14:00:00+08:00')).toBe('2027-06-10');
    expect(toIsoDate('2027-06-10T14:00')).toBe('2027-06-10');
  });

  it('rejects anything else', () => {
    expect(toIsoDate('2027-02-30T00:00:00Z')).toBeNull();
    expect(toIsoDate('June 10, 2027')).toBeNull();
    expect(toIsoDate('2027-06-10Tnoon')).toBeNull();
    expect(toIsoDate('')).toBeNull();
  });
});
