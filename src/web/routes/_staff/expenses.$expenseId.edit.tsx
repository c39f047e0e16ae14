import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { ExpenseEditPage } from '../../features/expenses/expense-edit-page';

export const Route = createFileRoute('/_staff/expenses/$expenseId/edit')({
  errorComponent: RoutePageError,
  component: ExpenseEditRoute,
});

function ExpenseEditRoute() {
  const { expenseId } = Route.useParams();
  return <ExpenseEditPage expenseId={expenseId} />;
}
