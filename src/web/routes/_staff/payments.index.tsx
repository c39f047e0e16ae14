import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { PaymentsPage } from '../../features/payments/payments-page';
import { validatePaymentsSearch } from '../../features/payments/payments-search';
import type { PaymentsSearch } from '../../features/payments/payments-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

export const Route = createFileRoute('/_staff/payments/')({
  validateSearch: validatePaymentsSearch,
  errorComponent: RoutePageError,
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: PaymentsSearch) => void navigate({ search: next, replace: true }),
  );
  return <PaymentsPage search={search} onSearchChange={onSearchChange} />;
}
