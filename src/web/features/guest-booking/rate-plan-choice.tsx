import type { RatePlan } from '../../../domain/pricing';
import { formatCurrency } from '../../../domain/format';
import { radioClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { GUEST_RATE_PLANS, ratePlanLabel } from '../quote/rate-plan-text';

export interface RatePlanChoiceProps {
  value: RatePlan;
  onChange: (plan: RatePlan) => void;
  /** The non-refundable rate's discount (public settings `non_refundable.percent`). */
  percent: number;
  /** Each plan's total for the stay, when priced. */
  totals: Partial<Record<RatePlan, number>>;
  className?: string;
}

/**
 * Issue 21 point 3: the flexible rate (SPEC §9's refund rule) or the non-refundable one, N%
 * cheaper; shown only when the resort sells the non-refundable rate. Each says its total.
 */
export function RatePlanChoice({
  value,
  onChange,
  percent,
  totals,
  className,
}: RatePlanChoiceProps) {
  return (
    <fieldset className={cn('grid gap-2', className)} data-testid="rate-plan-choice">
      <legend className="mb-1 text-sm font-medium">Rate</legend>
      {GUEST_RATE_PLANS.map((plan) => {
        const total = totals[plan];
        return (
          <label
            key={plan}
            className={cn(
              'flex items-start gap-3 rounded-lg border p-3 text-sm',
              value === plan ? 'border-primary bg-accent' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="rate_plan"
              className={cn(radioClass, 'mt-0.5')}
              value={plan}
              checked={value === plan}
              onChange={() => onChange(plan)}
            />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span>{ratePlanLabel(plan, percent)}</span>
              <span
                className="text-muted-foreground tabular-nums"
                data-testid={`rate-plan-total-${plan}`}
              >
                {total === undefined ? 'Total shown once priced' : `Total ${formatCurrency(total)}`}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
