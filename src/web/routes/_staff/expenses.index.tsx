import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { ExpensesPage } from '../../features/expenses/expenses-page';
import { validateExpensesSearch } from '../../features/expenses/expenses-search';
import type { ExpensesSearch } from '../../features/expenses/expenses-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

export const Route = createFileRoute('/_staff/expenses/')({
  validateSearch: validateExpensesSearch,
  errorComponent: RoutePageError,
  component: ExpensesRoute,
});

function ExpensesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: ExpensesSearch) => void navigate({ search: next, replace: true }),
  );
  return <ExpensesPage search={search} onSearchChange={onSearchChange} />;
}
