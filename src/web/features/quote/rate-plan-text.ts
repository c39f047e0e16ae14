import type { RatePlan } from '../../../domain/pricing';

/** Issue 21 point 3: the rate plans as the guest pages name them. */
export const RATE_PLAN_NAMES: Record<RatePlan, string> = {
  flexible: 'Flexible',
  non_refundable: 'Non-refundable',
};

/** pricing.ts RATE_PLANS, in the order offered (not imported: pricing.ts carries zod schemas). */
export const GUEST_RATE_PLANS: readonly RatePlan[] = ['flexible', 'non_refundable'];

/** "Flexible — free cancellation per our refund policy" / "Non-refundable — 10% cheaper, …". */
export function ratePlanLabel(plan: RatePlan, percent: number): string {
  return plan === 'flexible'
    ? `${RATE_PLAN_NAMES.flexible} — free cancellation per our refund policy`
    : `${RATE_PLAN_NAMES.non_refundable} — ${percent}% cheaper, no refund on cancellation`;
}
