import { describe, expect, it } from 'vitest';
import {
  arrivalRefusal,
  ruleRange,
  stayLengthHint,
  stayRuleViolations,
  weekdayList,
  type StayRule,
} from './stay-rules';

/** Issue 21 point 1: the strictest covering rule of each kind applies, and its message names it. */

const rule = (overrides: Partial<StayRule>): StayRule => ({
  stay_rule_id: 'r',
  unit_ids: [],
  from: '2027-12-20',
  to: '2028-01-02',
  min_nights: null,
  max_nights: null,
  closed_to_arrival: [],
  closed_to_departure: [],
  min_days_ahead: null,
  max_days_ahead: null,
  ...overrides,
});

const stay = (check_in: string, check_out: string, unit_ids = ['a']) => ({
  unit_ids,
  check_in,
  check_out,
  today: '2027-06-01',
});

describe('stay rules', () => {
  it('says the range and the weekdays in words', () => {
    expect(ruleRange({ from: '2027-12-20', to: '2028-01-02' })).toBe('between Dec 20 and Jan 2');
    expect(ruleRange({ from: '2027-12-25', to: '2027-12-25' })).toBe('on Dec 25');
    expect(weekdayList([0])).toBe('Sundays');
    expect(weekdayList([6, 0, 5])).toBe('Sundays, Fridays and Saturdays');
  });

  it('the highest minimum of the covering rules applies, named with its rule', () => {
    const rules = [
      rule({ stay_rule_id: 'two', min_nights: 2 }),
      rule({ stay_rule_id: 'three', min_nights: 3 }),
    ];
    expect(stayRuleViolations(rules, stay('2027-12-27', '2027-12-29'))).toEqual([
      {
        kind: 'min_nights',
        stay_rule_id: 'three',
        field: 'check_out',
        message: 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights',
      },
    ]);
    expect(stayRuleViolations(rules, stay('2027-12-27', '2027-12-30'))).toEqual([]);
    // An arrival outside the range is not covered, however long it runs into it.
    expect(stayRuleViolations(rules, stay('2027-12-18', '2027-12-21'))).toEqual([]);
  });

  it('the lowest maximum applies; cabin rules cover only their cabins', () => {
    const rules = [
      rule({ stay_rule_id: 'all', max_nights: 10 }),
      rule({ stay_rule_id: 'mine', max_nights: 5, unit_ids: ['A'] }),
    ];
    expect(stayRuleViolations(rules, stay('2027-12-21', '2027-12-28'))[0]).toMatchObject({
      stay_rule_id: 'mine',
      message: 'Stays arriving between Dec 20 and Jan 2 are at most 5 nights',
    });
    expect(stayRuleViolations(rules, stay('2027-12-21', '2027-12-28', ['b']))).toEqual([]);
  });

  it('closed arrival and departure days, and the days-ahead window', () => {
    const rules = [
      rule({ closed_to_arrival: [0], closed_to_departure: [1], min_days_ahead: 7 }),
      rule({ stay_rule_id: 'far', max_days_ahead: 180, min_days_ahead: 3 }),
    ];
    // 2027-12-26 is a Sunday, 2027-12-27 a Monday; 208 days ahead of 2027-06-01.
    const violations = stayRuleViolations(rules, stay('2027-12-26', '2027-12-27'));
    expect(violations.map((v) => [v.kind, v.field, v.message])).toEqual([
      ['closed_to_arrival', 'check_in', 'No arrivals on Sundays between Dec 20 and Jan 2'],
      ['closed_to_departure', 'check_out', 'No departures on Mondays between Dec 20 and Jan 2'],
      [
        'max_days_ahead',
        'check_in',
        'Stays arriving between Dec 20 and Jan 2 can be booked at most 180 days ahead',
      ],
    ]);
    const soon = stayRuleViolations(rules, {
      ...stay('2027-12-22', '2027-12-24'),
      today: '2027-12-18',
    });
    expect(soon).toEqual([
      expect.objectContaining({
        kind: 'min_days_ahead',
        message: 'Stays arriving between Dec 20 and Jan 2 must be booked at least 7 days ahead',
      }),
    ]);
  });

  it('tells the guest form which arrivals are closed and what length is asked', () => {
    const rules = [rule({ closed_to_arrival: [0], min_nights: 3 })];
    expect(arrivalRefusal(rules, ['a'], '2027-12-26', '2027-06-01')).toBe(
      'No arrivals on Sundays between Dec 20 and Jan 2',
    );
    expect(arrivalRefusal(rules, ['a'], '2027-12-27', '2027-06-01')).toBeNull();
    expect(stayLengthHint(rules, ['a'], '2027-12-27')).toEqual({
      min_nights: 3,
      max_nights: null,
      message: 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights',
    });
    expect(stayLengthHint(rules, ['a'], '2027-11-27').message).toBeNull();
  });
});
