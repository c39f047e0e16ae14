import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceIssueDto } from '../../../domain/schemas/maintenance.schema';
import { apiPost } from '../../lib/api';
import { invalidateExpenses } from '../expenses/invalidate-expenses';
import { invalidateUnitViews } from '../units/invalidate-unit-views';

/**
 * POST /api/maintenance/:id/expense: the issue's cost becomes an expense (category Maintenance,
 * the cabin's) in one step; the issue then links to it.
 */
export async function recordMaintenanceExpense(
  issueId: string,
): Promise<{ issue: MaintenanceIssueDto; expenseId: string }> {
  const body = await apiPost<{ data: MaintenanceIssueDto; expense_id: string }>(
    `/api/maintenance/${encodeURIComponent(issueId)}/expense`,
  );
  return { issue: body.data, expenseId: body.expense_id };
}

export function useRecordMaintenanceExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMaintenanceExpense,
    meta: { suppressErrorToast: true },
    onSettled: () =>
      Promise.all([invalidateUnitViews(queryClient), invalidateExpenses(queryClient)]),
  });
}
