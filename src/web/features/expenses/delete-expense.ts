import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api';
import { invalidateExpenses } from './invalidate-expenses';

/** DELETE /api/expenses/:id (owners and administrators). */
export async function deleteExpense(expenseId: string): Promise<void> {
  await apiDelete(`/api/expenses/${encodeURIComponent(expenseId)}`);
}

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => invalidateExpenses(queryClient),
  });
}
