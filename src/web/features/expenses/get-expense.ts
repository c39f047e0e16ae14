import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { expensesQueryKey } from './query-keys';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';

/** GET /api/expenses/:id. */
export async function getExpense(expenseId: string, signal?: AbortSignal): Promise<Expense> {
  return (
    await apiGet<{ data: Expense }>(`/api/expenses/${encodeURIComponent(expenseId)}`, { signal })
  ).data;
}

export function expenseQueryOptions(expenseId: string) {
  return queryOptions({
    queryKey: [...expensesQueryKey, 'detail', expenseId] as const,
    queryFn: ({ signal }) => getExpense(expenseId, signal),
    staleTime: 30_000,
  });
}

export function useExpense(expenseId: string) {
  return useQuery(expenseQueryOptions(expenseId));
}
