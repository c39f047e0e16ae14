import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { expensesQueryKey } from './query-keys';
import type { ExpenseSummary } from '../../../domain/schemas/expense.schema';
import type { ExpensesSearch } from './expenses-search';

type SummaryFilters = Omit<ExpensesSearch, 'page'>;

/** GET /api/expenses/summary: totals by category and by month for the same filters. */
export async function getExpenseSummary(
  filters: SummaryFilters,
  signal?: AbortSignal,
): Promise<ExpenseSummary> {
  return (
    await apiGet<{ data: ExpenseSummary }>('/api/expenses/summary', {
      query: { ...filters },
      signal,
    })
  ).data;
}

export function expenseSummaryQueryOptions(filters: SummaryFilters) {
  return queryOptions({
    queryKey: [...expensesQueryKey, 'summary', filters] as const,
    queryFn: ({ signal }) => getExpenseSummary(filters, signal),
    // SPEC §9: stats are cached 60 seconds.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useExpenseSummary(filters: SummaryFilters) {
  return useQuery(expenseSummaryQueryOptions(filters));
}
