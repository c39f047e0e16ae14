import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { AvailabilityPage } from '../../features/availability/availability-page';
import { validateAvailabilitySearch } from '../../features/availability/availability-search';

export const Route = createFileRoute('/_staff/availability')({
  validateSearch: validateAvailabilitySearch,
  errorComponent: RoutePageError,
  component: AvailabilityRoute,
});

function AvailabilityRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AvailabilityPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
