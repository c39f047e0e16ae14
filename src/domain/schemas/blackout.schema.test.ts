import { describe, expect, it } from 'vitest';
import { blackoutSchema, blackoutUpdateSchema } from './blackout.schema';
import { UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  unit_id: UNIT_ID,
  start_date: '2027-07-01',
  end_date: '2027-07-03',
  reason: 'Roof repair',
};

describe('blackoutSchema (DESIGN §5)', () => {
  it('accepts a range, a single day included', () => {
    expect(blackoutSchema.parse(valid)).toEqual(valid);
    expect(blackoutSchema.safeParse({ ...valid, end_date: '2027-07-01' }).success).toBe(true);
  });

  it.each([
    ['unit_id', undefined, 'Please select a cabin'],
    ['start_date', 'July 1', 'Please select a valid date'],
    ['end_date', '2027-06-30', 'End date must be on or after start date'],
    ['reason', '', 'This field is required'],
    ['reason', 'x'.repeat(301), 'Must be 300 characters or less'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(blackoutSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });

  it('updates check the range when both dates are sent', () => {
    expect(blackoutUpdateSchema.safeParse({ end_date: '2020-01-01' }).success).toBe(true);
    expect(
      issuesOf(blackoutUpdateSchema, { start_date: '2027-07-02', end_date: '2027-07-01' }),
    ).toEqual({ end_date: ['End date must be on or after start date'] });
  });
});
