import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseUpdateInput } from '../../../domain/schemas/expense.schema';
import { apiPatch } from '../../lib/api';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import { invalidateExpenses } from './invalidate-expenses';
import { uploadExpenseProof } from './upload-expense-proof';

/** SPEC §6: the message when editing meets a lost session. */
export const EXPENSE_SIGN_IN_MESSAGE = 'Please sign in to edit expenses';

/** PATCH /api/expenses/:id (its creator or a manager and above), then a new proof if chosen. */
export async function updateExpense(input: {
  expenseId: string;
  changes: ExpenseUpdateInput;
  proof: File | null;
}): Promise<Expense> {
  const path = `/api/expenses/${encodeURIComponent(input.expenseId)}`;
  const expense = (await apiPatch<{ data: Expense }>(path, input.changes)).data;
  return input.proof ? uploadExpenseProof(expense.expense_id, input.proof) : expense;
}

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateExpenses(queryClient),
  });
}
