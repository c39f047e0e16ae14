import { describe, expect, it } from 'vitest';
import type { StayRule } from '../../../domain/stay-rules';
import { guestStayRuleChecks } from './stay-rule-checks';

const christmas: StayRule = {
  stay_rule_id: 'r1',
  unit_ids: ['cabin-a'],
  from: '2027-12-20',
  to: '2028-01-02',
  min_nights: 3,
  max_nights: null,
  closed_to_arrival: [0],
  closed_to_departure: [],
  min_days_ahead: null,
  max_days_ahead: null,
};
const today = '2027-11-01';
const check = (unit_id: string, check_in: string, check_out: string) =>
  guestStayRuleChecks([christmas], { unit_id, check_in, check_out, today });

describe('guestStayRuleChecks', () => {
  it('says the minimum beside the dates and a too-short stay at check-out', () => {
    expect(check('cabin-a', '2027-12-27', '2027-12-29')).toEqual({
      check_in: null,
      check_out: 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights',
      hint: 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights',
    });
    expect(check('cabin-a', '2027-12-27', '2027-12-30').check_out).toBeNull();
  });

  it('refuses a closed arrival day at check-in, with or without a check-out', () => {
    // 2027-12-26 is a Sunday.
    const message = 'No arrivals on Sundays between Dec 20 and Jan 2';
    expect(check('cabin-a', '2027-12-26', '').check_in).toBe(message);
    expect(check('cabin-a', '2027-12-26', '2027-12-30').check_in).toBe(message);
  });

  it('says nothing for another cabin, dates outside the rule, or no rules', () => {
    expect(check('cabin-b', '2027-12-26', '2027-12-27')).toEqual({
      check_in: null,
      check_out: null,
      hint: null,
    });
    expect(check('cabin-a', '2027-11-07', '2027-11-08')).toEqual({
      check_in: null,
      check_out: null,
      hint: null,
    });
    expect(
      guestStayRuleChecks([], {
        unit_id: 'cabin-a',
        check_in: '2027-12-26',
        check_out: '2027-12-27',
        today,
      }).check_in,
    ).toBeNull();
  });
});
