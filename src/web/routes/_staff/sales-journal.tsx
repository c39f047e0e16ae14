import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { SalesJournalPage } from '../../features/documents/sales-journal-page';
import { validateSalesJournalSearch } from '../../features/documents/sales-journal-search';
import type { SalesJournalSearch } from '../../features/documents/sales-journal-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

/** Issue 20: the sales journal (managers and up; the page tells anyone else, and so does the server). */
export const Route = createFileRoute('/_staff/sales-journal')({
  validateSearch: validateSalesJournalSearch,
  errorComponent: RoutePageError,
  component: SalesJournalRoute,
});

function SalesJournalRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: SalesJournalSearch) => void navigate({ search: next, replace: true }),
  );
  return <SalesJournalPage search={search} onSearchChange={onSearchChange} />;
}
