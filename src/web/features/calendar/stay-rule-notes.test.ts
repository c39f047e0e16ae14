import { describe, expect, it } from 'vitest';
import type { StayRule } from '../../../domain/stay-rules';
import { arrivalClosedLookup, monthStayRuleNotes } from './stay-rule-notes';

const rule: StayRule = {
  stay_rule_id: 'r1',
  unit_ids: ['cabin-a'],
  from: '2027-12-20',
  to: '2028-01-02',
  min_nights: 3,
  max_nights: null,
  closed_to_arrival: [0, 6],
  closed_to_departure: [],
  min_days_ahead: null,
  max_days_ahead: null,
};
const december = { from: '2027-12-01', to: '2027-12-31' };

describe('monthStayRuleNotes', () => {
  it('says the minimum and the closed arrival days of the rules covering the month and cabin', () => {
    expect(monthStayRuleNotes([rule, rule], 'cabin-a', december)).toEqual([
      'Stays arriving between Dec 20 and Jan 2 are at least 3 nights',
      'No arrivals on Sundays and Saturdays between Dec 20 and Jan 2',
    ]);
  });

  it('says nothing for another cabin or another month', () => {
    expect(monthStayRuleNotes([rule], 'cabin-b', december)).toEqual([]);
    expect(monthStayRuleNotes([rule], 'cabin-a', { from: '2027-11-01', to: '2027-11-30' })).toEqual(
      [],
    );
  });
});

describe('arrivalClosedLookup', () => {
  it('marks the closed weekdays within the rule only, for its cabin', () => {
    const closed = arrivalClosedLookup([rule], 'cabin-a', '2027-11-01');
    expect(closed('2027-12-26')).toBe(true); // Sunday
    expect(closed('2027-12-25')).toBe(true); // Saturday
    expect(closed('2027-12-27')).toBe(false); // Monday
    expect(closed('2027-12-19')).toBe(false); // Sunday before the rule
    expect(arrivalClosedLookup([rule], 'cabin-b', '2027-11-01')('2027-12-26')).toBe(false);
  });
});
