import { addDays, dayOfWeek, diffDays, MONTH_NAMES, WEEKDAY_NAMES } from './dates';
import type { IsoDate } from './dates';

/**
 * Issue 21 point 1, DESIGN §8: stay rules. A rule covers a stay when it is for every cabin (no
 * `unit_ids`) or for one of the stay's cabins, and the stay ARRIVES within [from, to] (both
 * inclusive); closed-to-departure looks at the departure date instead. When several rules cover
 * a stay, the strictest of each kind applies: the highest minimum, the lowest maximum, every
 * closed day, the most days ahead and the fewest at most. Pure: the server enforces it in the one
 * booking path and the quote; the guest form shows it before the guest submits.
 */

export interface StayRule {
  stay_rule_id: string;
  /** Empty: every cabin. */
  unit_ids: readonly string[];
  from: IsoDate;
  to: IsoDate;
  min_nights: number | null;
  max_nights: number | null;
  /** Weekday numbers, 0 = Sunday. */
  closed_to_arrival: readonly number[];
  closed_to_departure: readonly number[];
  min_days_ahead: number | null;
  max_days_ahead: number | null;
}

export interface RuleStay {
  unit_ids: readonly string[];
  check_in: IsoDate;
  check_out: IsoDate;
  /** The resort's today. */
  today: IsoDate;
}

export type StayRuleKind =
  | 'min_nights'
  | 'max_nights'
  | 'closed_to_arrival'
  | 'closed_to_departure'
  | 'min_days_ahead'
  | 'max_days_ahead';

export interface StayRuleViolation {
  kind: StayRuleKind;
  stay_rule_id: string;
  /** The request field it is said at. */
  field: 'check_in' | 'check_out';
  /** Names the rule: "Stays arriving between Dec 20 and Jan 2 are at least 3 nights". */
  message: string;
}

const SHORT_MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** "Dec 20" ("Dec 20, 2027" when `withYear`). */
export function ruleDate(date: IsoDate, withYear = false): string {
  const month = SHORT_MONTHS[Number(date.slice(5, 7)) - 1] ?? '';
  const day = Number(date.slice(8, 10));
  return withYear ? `${month} ${day}, ${date.slice(0, 4)}` : `${month} ${day}`;
}

/** "between Dec 20 and Jan 2" (or "on Dec 25" for a one-day rule). */
export function ruleRange(rule: Pick<StayRule, 'from' | 'to'>): string {
  if (rule.from === rule.to) return `on ${ruleDate(rule.from)}`;
  return `between ${ruleDate(rule.from)} and ${ruleDate(rule.to)}`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Sundays", "Saturdays and Sundays", "Fridays, Saturdays and Sundays". */
export function weekdayList(days: readonly number[]): string {
  const names = [...new Set(days)]
    .sort((a, b) => a - b)
    .map((day) => `${WEEKDAY_NAMES[day] ?? ''}s`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const STAY_RULE_TEXT = {
  min_nights: (rule: StayRule, n: number) =>
    `Stays arriving ${ruleRange(rule)} are at least ${plural(n, 'night')}`,
  max_nights: (rule: StayRule, n: number) =>
    `Stays arriving ${ruleRange(rule)} are at most ${plural(n, 'night')}`,
  closed_to_arrival: (rule: StayRule, day: number) =>
    `No arrivals on ${weekdayList([day])} ${ruleRange(rule)}`,
  closed_to_departure: (rule: StayRule, day: number) =>
    `No departures on ${weekdayList([day])} ${ruleRange(rule)}`,
  min_days_ahead: (rule: StayRule, n: number) =>
    `Stays arriving ${ruleRange(rule)} must be booked at least ${plural(n, 'day')} ahead`,
  max_days_ahead: (rule: StayRule, n: number) =>
    `Stays arriving ${ruleRange(rule)} can be booked at most ${plural(n, 'day')} ahead`,
} as const;

function forUnits(rule: StayRule, unitIds: readonly string[]): boolean {
  if (rule.unit_ids.length === 0) return true;
  const wanted = new Set(unitIds.map((id) => id.toLowerCase()));
  return rule.unit_ids.some((id) => wanted.has(id.toLowerCase()));
}

const within = (date: IsoDate, rule: StayRule) => date >= rule.from && date <= rule.to;

/** The rules that cover an arrival on `checkIn` in one of `unitIds`. */
export function rulesForArrival(
  rules: readonly StayRule[],
  unitIds: readonly string[],
  checkIn: IsoDate,
): StayRule[] {
  return rules.filter((rule) => forUnits(rule, unitIds) && within(checkIn, rule));
}

/** The strictest rule of a kind: the one whose figure `better` prefers. */
function strictest(
  rules: readonly StayRule[],
  figure: (rule: StayRule) => number | null,
  stricter: (a: number, b: number) => boolean,
): { rule: StayRule; value: number } | null {
  let best: { rule: StayRule; value: number } | null = null;
  for (const rule of rules) {
    const value = figure(rule);
    if (value === null) continue;
    if (best === null || stricter(value, best.value)) best = { rule, value };
  }
  return best;
}

/**
 * Every rule the stay breaks, one per kind (the strictest covering rule of that kind), in the
 * order a guest would fix them: arrival day, departure day, length, then how far ahead.
 */
export function stayRuleViolations(
  rules: readonly StayRule[],
  stay: RuleStay,
): StayRuleViolation[] {
  const nights = diffDays(stay.check_out, stay.check_in);
  const daysAhead = diffDays(stay.check_in, stay.today);
  const arriving = rulesForArrival(rules, stay.unit_ids, stay.check_in);
  const violations: StayRuleViolation[] = [];

  const arrivalDay = dayOfWeek(stay.check_in);
  const closedArrival = arriving.find((rule) => rule.closed_to_arrival.includes(arrivalDay));
  if (closedArrival) {
    violations.push({
      kind: 'closed_to_arrival',
      stay_rule_id: closedArrival.stay_rule_id,
      field: 'check_in',
      message: STAY_RULE_TEXT.closed_to_arrival(closedArrival, arrivalDay),
    });
  }

  const departureDay = dayOfWeek(stay.check_out);
  const closedDeparture = rules.find(
    (rule) =>
      forUnits(rule, stay.unit_ids) &&
      within(stay.check_out, rule) &&
      rule.closed_to_departure.includes(departureDay),
  );
  if (closedDeparture) {
    violations.push({
      kind: 'closed_to_departure',
      stay_rule_id: closedDeparture.stay_rule_id,
      field: 'check_out',
      message: STAY_RULE_TEXT.closed_to_departure(closedDeparture, departureDay),
    });
  }

  const min = strictest(
    arriving,
    (rule) => rule.min_nights,
    (a, b) => a > b,
  );
  if (min && nights < min.value) {
    violations.push({
      kind: 'min_nights',
      stay_rule_id: min.rule.stay_rule_id,
      field: 'check_out',
      message: STAY_RULE_TEXT.min_nights(min.rule, min.value),
    });
  }
  const max = strictest(
    arriving,
    (rule) => rule.max_nights,
    (a, b) => a < b,
  );
  if (max && nights > max.value) {
    violations.push({
      kind: 'max_nights',
      stay_rule_id: max.rule.stay_rule_id,
      field: 'check_out',
      message: STAY_RULE_TEXT.max_nights(max.rule, max.value),
    });
  }
  const minAhead = strictest(
    arriving,
    (rule) => rule.min_days_ahead,
    (a, b) => a > b,
  );
  if (minAhead && daysAhead < minAhead.value) {
    violations.push({
      kind: 'min_days_ahead',
      stay_rule_id: minAhead.rule.stay_rule_id,
      field: 'check_in',
      message: STAY_RULE_TEXT.min_days_ahead(minAhead.rule, minAhead.value),
    });
  }
  const maxAhead = strictest(
    arriving,
    (rule) => rule.max_days_ahead,
    (a, b) => a < b,
  );
  if (maxAhead && daysAhead > maxAhead.value) {
    violations.push({
      kind: 'max_days_ahead',
      stay_rule_id: maxAhead.rule.stay_rule_id,
      field: 'check_in',
      message: STAY_RULE_TEXT.max_days_ahead(maxAhead.rule, maxAhead.value),
    });
  }
  return violations;
}

/**
 * For the guest form and the public calendar: whether guests may arrive on `date` in one of
 * `unitIds` (not closed to arrival, and within the days-ahead window), and the message if not.
 */
export function arrivalRefusal(
  rules: readonly StayRule[],
  unitIds: readonly string[],
  date: IsoDate,
  today: IsoDate,
): string | null {
  const probe = stayRuleViolations(rules, {
    unit_ids: unitIds,
    check_in: date,
    check_out: addDays(date, 1),
    today,
  }).find((violation) => violation.field === 'check_in');
  return probe?.message ?? null;
}

/**
 * For the guest form: what the rules covering an arrival on `checkIn` ask of the stay's length,
 * said beside the dates ("At least 3 nights for stays arriving between Dec 20 and Jan 2").
 */
export function stayLengthHint(
  rules: readonly StayRule[],
  unitIds: readonly string[],
  checkIn: IsoDate,
): { min_nights: number | null; max_nights: number | null; message: string | null } {
  const arriving = rulesForArrival(rules, unitIds, checkIn);
  const min = strictest(
    arriving,
    (rule) => rule.min_nights,
    (a, b) => a > b,
  );
  const max = strictest(
    arriving,
    (rule) => rule.max_nights,
    (a, b) => a < b,
  );
  const parts = [
    min && min.value > 1 ? STAY_RULE_TEXT.min_nights(min.rule, min.value) : null,
    max ? STAY_RULE_TEXT.max_nights(max.rule, max.value) : null,
  ].filter((part): part is string => part !== null);
  return {
    min_nights: min?.value ?? null,
    max_nights: max?.value ?? null,
    message: parts.length ? parts.join('. ') : null,
  };
}
