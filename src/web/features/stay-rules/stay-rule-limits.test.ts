import { describe, expect, it } from 'vitest';
import type { StayRuleDto } from '../../../domain/schemas/stay-rule.schema';
import { stayRuleLimits } from './stay-rules-section';

const base: StayRuleDto = {
  stay_rule_id: 'r1',
  unit_ids: [],
  from: '2027-12-20',
  to: '2028-01-02',
  min_nights: null,
  max_nights: null,
  closed_to_arrival: [],
  closed_to_departure: [],
  min_days_ahead: null,
  max_days_ahead: null,
  created_at: '2027-01-01T00:00:00Z',
  updated_at: '2027-01-01T00:00:00Z',
};

describe('stayRuleLimits (the Stay rules list)', () => {
  it('names each limit a rule sets, weekdays by name', () => {
    expect(stayRuleLimits({ ...base, min_nights: 3, closed_to_arrival: [0] })).toEqual([
      'At least 3 nights',
      'No arrivals on Sundays',
    ]);
    expect(
      stayRuleLimits({
        ...base,
        min_nights: 2,
        max_nights: 7,
        closed_to_departure: [5, 6],
        min_days_ahead: 1,
        max_days_ahead: 365,
      }),
    ).toEqual([
      '2 to 7 nights',
      'No departures on Fridays and Saturdays',
      'Booked at least 1 day ahead',
      'Booked at most 365 days ahead',
    ]);
    expect(stayRuleLimits({ ...base, max_nights: 1 })).toEqual(['At most 1 night']);
  });
});
