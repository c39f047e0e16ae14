import { describe, expect, it } from 'vitest';
import { nextSeasonRange } from './season-dates';

describe('nextSeasonRange (Fill from season)', () => {
  const christmas = { start: '12-20', end: '01-02' };
  const summer = { start: '03-01', end: '05-31' };

  it('gives the season running now', () => {
    expect(nextSeasonRange(summer, '2027-04-10')).toEqual({ from: '2027-03-01', to: '2027-05-31' });
    expect(nextSeasonRange(christmas, '2027-01-01')).toEqual({
      from: '2026-12-20',
      to: '2027-01-02',
    });
    expect(nextSeasonRange(christmas, '2027-12-25')).toEqual({
      from: '2027-12-20',
      to: '2028-01-02',
    });
  });

  it('gives the next one when this year’s is over or not begun', () => {
    expect(nextSeasonRange(summer, '2027-06-01')).toEqual({ from: '2028-03-01', to: '2028-05-31' });
    expect(nextSeasonRange(summer, '2027-01-15')).toEqual({ from: '2027-03-01', to: '2027-05-31' });
    expect(nextSeasonRange(christmas, '2027-01-03')).toEqual({
      from: '2027-12-20',
      to: '2028-01-02',
    });
  });

  it('keeps the last day of the season and reads Feb 29 as Feb 28 in a common year', () => {
    expect(nextSeasonRange(summer, '2027-05-31').to).toBe('2027-05-31');
    expect(nextSeasonRange({ start: '02-01', end: '02-29' }, '2027-02-10')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(nextSeasonRange({ start: '02-01', end: '02-29' }, '2028-02-10').to).toBe('2028-02-29');
  });
});
