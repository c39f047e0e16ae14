import { formatCurrency, formatDate } from '../../../domain/format';
import type { DepositPlanDto } from '../../../domain/schemas/quote.schema';

/*
 * Issue 17 point 2: how the guest pages word a deposit plan (POST /api/quote's `deposit`, the
 * guest booking's answer), so the form, its confirmation and the booking lookup say the same.
 */

/** True when nothing is left to pay later: the deposit is the whole amount. */
export function isFullPayment(plan: Pick<DepositPlanDto, 'balance_amount'>): boolean {
  return plan.balance_amount <= 0;
}

/** "Balance ₱5,000.00 due on Mar 05, 2027". */
export function balanceDueText(
  plan: Pick<DepositPlanDto, 'balance_amount' | 'balance_due_date'>,
): string {
  return `Balance ${formatCurrency(plan.balance_amount)} due on ${formatDate(plan.balance_due_date)}`;
}

/**
 * "Deposit ₱5,000.00 now, balance ₱5,000.00 due on Mar 05, 2027", or "Pay ₱10,000.00 now (the
 * full amount)" when the deposit is the whole total (deposit mode full, or a stay booked after
 * the balance would have been due).
 */
export function depositSentence(plan: DepositPlanDto): string {
  if (isFullPayment(plan))
    return `Pay ${formatCurrency(plan.deposit_amount)} now (the full amount)`;
  return `Deposit ${formatCurrency(plan.deposit_amount)} now, balance ${formatCurrency(plan.balance_amount)} due on ${formatDate(plan.balance_due_date)}`;
}
