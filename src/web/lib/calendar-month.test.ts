import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysOfMonth,
  isMonthKey,
  monthLabel,
  monthWeeks,
  monthsBetween,
} from './calendar-month';

describe('calendar months', () => {
  it('reads and moves months across years', () => {
    expect(isMonthKey('2027-06')).toBe(true);
    expect(isMonthKey('2027-13')).toBe(false);
    expect(addMonths('2027-12', 1)).toBe('2028-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2027-06', 24)).toBe('2029-06');
    expect(monthsBetween('2026-11', '2027-02')).toBe(3);
    expect(monthLabel('2028-02')).toBe('February 2028');
  });

  it('lists every day, leap years included', () => {
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2027-02')).toHaveLength(28);
    expect(daysOfMonth('2027-07').at(-1)).toBe('2027-07-31');
  });

  it('lays a month out in Sunday-first weeks', () => {
    // 2027-07-01 is a Thursday.
    const weeks = monthWeeks('2027-07');
    expect(weeks[0]).toEqual([null, null, null, null, '2027-07-01', '2027-07-02', '2027-07-03']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});
