import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { ExpenseDetailPage } from '../../features/expenses/expense-detail-page';

export const Route = createFileRoute('/_staff/expenses/$expenseId/')({
  errorComponent: RoutePageError,
  component: ExpenseDetailRoute,
});

function ExpenseDetailRoute() {
  const { expenseId } = Route.useParams();
  return <ExpenseDetailPage expenseId={expenseId} />;
}
