import { useNavigate } from '@tanstack/react-router';
import { BackLink, EditPage } from '../../components/layout/edit-page';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../../components/ui/inline-alert';
import { canEditExpense } from './can-edit-expense';
import { ExpenseForm } from './expense-form';
import { useExpense } from './get-expense';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';

/** SPEC §2 /expenses/{expenseId}/edit: its creator, or a manager and above. */
export function ExpenseEditPage({ expenseId }: { expenseId: string }) {
  const user = useCurrentUser();
  const query = useExpense(expenseId);
  const navigate = useNavigate();
  useDocumentTitle('Edit expense');
  const toDetail = () => void navigate({ to: '/expenses/$expenseId', params: { expenseId } });
  return (
    <EditPage
      entity="Expense"
      query={query}
      back={
        <BackLink to="/expenses/$expenseId" params={{ expenseId }}>
          Back to the expense
        </BackLink>
      }
    >
      {(expense) =>
        // The creator check needs the expense, so it comes once it is loaded.
        canEditExpense(user, expense) ? (
          <>
            <PageHeader title="Edit Expense" description={expense.description} />
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <ExpenseForm expense={expense} onCancel={toDetail} onSaved={toDetail} />
              </CardContent>
            </Card>
          </>
        ) : (
          <InlineAlert tone="error" title={PERMISSION_MESSAGES.expenseEdit}>
            Expenses are edited by the person who recorded them, or by a manager.
          </InlineAlert>
        )
      }
    </EditPage>
  );
}
