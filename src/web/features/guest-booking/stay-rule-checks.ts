import { isIsoDate } from '../../../domain/dates';
import {
  arrivalRefusal,
  stayLengthHint,
  stayRuleViolations,
  type StayRule,
} from '../../../domain/stay-rules';

export interface StayRuleChecks {
  /** Said at the check-in field: a closed arrival day or a booking window. */
  check_in: string | null;
  /** Said at the check-out field: a stay too short or too long, or a closed departure day. */
  check_out: string | null;
  /** Said beside the dates: the minimum and maximum for the chosen arrival, or null. */
  hint: string | null;
}

const NONE: StayRuleChecks = { check_in: null, check_out: null, hint: null };

/**
 * Issue 21 point 1: what the stay rules say of the guest's cabin and dates before they submit
 * (the server enforces the same rules, stay-rules.ts, when the booking is made). With only an
 * arrival chosen, only the arrival is judged.
 */
export function guestStayRuleChecks(
  rules: readonly StayRule[],
  stay: { unit_id: string; check_in: string; check_out: string; today: string },
): StayRuleChecks {
  if (rules.length === 0 || !stay.unit_id || !isIsoDate(stay.check_in)) return NONE;
  const unitIds = [stay.unit_id];
  const hint = stayLengthHint(rules, unitIds, stay.check_in).message;
  if (!isIsoDate(stay.check_out) || stay.check_out <= stay.check_in) {
    return {
      check_in: arrivalRefusal(rules, unitIds, stay.check_in, stay.today),
      check_out: null,
      hint,
    };
  }
  const violations = stayRuleViolations(rules, {
    unit_ids: unitIds,
    check_in: stay.check_in,
    check_out: stay.check_out,
    today: stay.today,
  });
  return {
    check_in: violations.find((violation) => violation.field === 'check_in')?.message ?? null,
    check_out: violations.find((violation) => violation.field === 'check_out')?.message ?? null,
    hint,
  };
}
