import {
  arrivalRefusal,
  ruleRange,
  STAY_RULE_TEXT,
  weekdayList,
  type StayRule,
} from '../../../domain/stay-rules';

const forUnit = (rule: StayRule, unitId: string) =>
  rule.unit_ids.length === 0 ||
  rule.unit_ids.some((id) => id.toLowerCase() === unitId.toLowerCase());

/**
 * Issue 21 point 1: what the stay rules ask of arrivals at one cabin within [from, to] (a month
 * of the public calendar): "Stays arriving between Dec 20 and Jan 2 are at least 3 nights", "No
 * arrivals on Sundays between Dec 20 and Jan 2". Each said once, in the rules' order.
 */
export function monthStayRuleNotes(
  rules: readonly StayRule[],
  unitId: string,
  range: { from: string; to: string },
): string[] {
  const notes: string[] = [];
  for (const rule of rules) {
    if (!forUnit(rule, unitId) || rule.to < range.from || rule.from > range.to) continue;
    if (rule.min_nights !== null && rule.min_nights > 1) {
      notes.push(STAY_RULE_TEXT.min_nights(rule, rule.min_nights));
    }
    if (rule.max_nights !== null) notes.push(STAY_RULE_TEXT.max_nights(rule, rule.max_nights));
    if (rule.closed_to_arrival.length > 0) {
      notes.push(`No arrivals on ${weekdayList(rule.closed_to_arrival)} ${ruleRange(rule)}`);
    }
  }
  return [...new Set(notes)];
}

/** Whether guests may not arrive at the cabin on `date` (a closed arrival day or window). */
export function arrivalClosedLookup(
  rules: readonly StayRule[],
  unitId: string,
  today: string,
): (date: string) => boolean {
  if (rules.length === 0) return () => false;
  return (date) => date > today && arrivalRefusal(rules, [unitId], date, today) !== null;
}
