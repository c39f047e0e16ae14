import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../../components/ui/inline-alert';
import { canEditExpense } from './can-edit-expense';
import { ExpenseForm } from './expense-form';
import { useExpense } from './get-expense';

/** SPEC §6: the server's words when someone else's expense is opened for editing. */
export const EXPENSE_EDIT_DENIED = 'You do not have permission to edit this expense.';

/** SPEC §2 /expenses/{expenseId}/edit: its creator, or a manager and above. */
export function ExpenseEditPage({ expenseId }: { expenseId: string }) {
  const user = useCurrentUser();
  const query = useExpense(expenseId);
  const navigate = useNavigate();
  useDocumentTitle('Edit expense');
  const back = (
    <div>
      <Link
        to="/expenses/$expenseId"
        params={{ expenseId }}
        className={buttonVariants({ variant: 'link' })}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the expense
      </Link>
    </div>
  );
  if (query.isPending) return <DetailSkeleton label="Loading expense..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <NotFoundRecord entity="Expense" />;
    return (
      <LoadFailed entity="Expense" message={`Failed to load expense: ${query.error.message}`} />
    );
  }
  const expense = query.data;
  if (!canEditExpense(user, expense)) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {back}
        <InlineAlert tone="error" title={EXPENSE_EDIT_DENIED}>
          Expenses are edited by the person who recorded them, or by a manager.
        </InlineAlert>
      </div>
    );
  }
  const toDetail = () => void navigate({ to: '/expenses/$expenseId', params: { expenseId } });
  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <PageHeader title="Edit Expense" description={expense.description} />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <ExpenseForm expense={expense} onCancel={toDetail} onSaved={toDetail} />
        </CardContent>
      </Card>
    </div>
  );
}
