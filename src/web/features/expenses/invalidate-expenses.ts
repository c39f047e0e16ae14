import type { QueryClient } from '@tanstack/react-query';
import { expensesQueryKey } from './query-keys';

export function invalidateExpenses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: expensesQueryKey });
}
