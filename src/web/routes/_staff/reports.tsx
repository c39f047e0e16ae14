import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { ReportsPage } from '../../features/reports/reports-page';
import { validateReportsSearch } from '../../features/reports/reports-search';
import type { ReportsSearch } from '../../features/reports/reports-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

/** Issue 23: the owner's reports (managers and up; the page tells anyone else, and so does the server). */
export const Route = createFileRoute('/_staff/reports')({
  validateSearch: validateReportsSearch,
  errorComponent: RoutePageError,
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: ReportsSearch) => void navigate({ search: next, replace: true }),
  );
  return <ReportsPage search={search} onSearchChange={onSearchChange} />;
}
