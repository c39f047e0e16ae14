import { describe, expect, it } from 'vitest';
import {
  presetOf,
  presetRange,
  reportQuery,
  reportRange,
  validateReportsSearch,
} from './reports-search';

describe('report ranges', () => {
  it('works out the presets from today, across year ends', () => {
    expect(presetRange('this_month', '2027-02-10')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(presetRange('last_month', '2027-01-10')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('last_quarter', '2027-02-10')).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(presetRange('last_quarter', '2027-09-30')).toEqual({
      from: '2027-04-01',
      to: '2027-06-30',
    });
    expect(presetRange('this_year', '2027-09-30')).toEqual({
      from: '2027-01-01',
      to: '2027-12-31',
    });
    expect(presetOf({ from: '2027-04-01', to: '2027-06-30' }, '2027-08-01')).toBe('last_quarter');
    expect(presetOf({ from: '2027-04-02', to: '2027-06-30' }, '2027-08-01')).toBe('');
  });

  it('reads the search, defaults to this month and asks the API with `to` exclusive', () => {
    expect(validateReportsSearch({ from: '2027-13-01', to: '2027-06-30', compare: 'x' })).toEqual({
      to: '2027-06-30',
    });
    expect(reportRange({}, '2027-06-15')).toEqual({ from: '2027-06-01', to: '2027-06-30' });
    expect(reportQuery({ from: '2027-06-01', to: '2027-06-30' })).toEqual({
      from: '2027-06-01',
      to: '2027-07-01',
    });
  });
});
