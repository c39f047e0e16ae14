import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { expensesQueryKey } from './query-keys';
import type { ExpenseListResponse as ExpensePage } from '../../../domain/schemas/expense.schema';
import type { ExpensesSearch } from './expenses-search';

export const EXPENSES_PAGE_SIZE = 20;

/** GET /api/expenses: one page, newest first, with the count and sum of all that match. */
export function getExpenses(filters: ExpensesSearch, signal?: AbortSignal): Promise<ExpensePage> {
  return apiGet<ExpensePage>('/api/expenses', {
    query: { ...filters, page_size: EXPENSES_PAGE_SIZE },
    signal,
  });
}

export function expensesQueryOptions(filters: ExpensesSearch) {
  return queryOptions({
    queryKey: [...expensesQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) => getExpenses(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(filters: ExpensesSearch) {
  return useQuery(expensesQueryOptions(filters));
}
