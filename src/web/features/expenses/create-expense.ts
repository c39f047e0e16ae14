import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Expense as ExpenseForm } from '../../../domain/schemas/expense.schema';
import { apiPost } from '../../lib/api';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import { invalidateExpenses } from './invalidate-expenses';
import { uploadExpenseProof } from './upload-expense-proof';

/** The expense was saved but its proof did not upload. */
export class ExpenseProofError extends Error {
  constructor(
    message: string,
    readonly expense: Expense,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ExpenseProofError';
  }
}

/** POST /api/expenses (any member of staff), then the proof when one was chosen. */
export async function createExpense(input: {
  values: ExpenseForm;
  proof: File | null;
}): Promise<Expense> {
  const expense = (await apiPost<{ data: Expense }>('/api/expenses', input.values)).data;
  if (!input.proof) return expense;
  try {
    return await uploadExpenseProof(expense.expense_id, input.proof);
  } catch (error) {
    throw new ExpenseProofError((error as Error).message, expense, { cause: error });
  }
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateExpenses(queryClient),
  });
}
