import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { UnitsPage } from '../../features/units/units-page';
import { validateUnitsSearch } from '../../features/units/units-search';
import type { UnitsSearch } from '../../features/units/units-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

export const Route = createFileRoute('/_staff/units/')({
  validateSearch: validateUnitsSearch,
  errorComponent: RoutePageError,
  component: UnitsRoute,
});

function UnitsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: UnitsSearch) => void navigate({ search: next, replace: true }),
  );
  return <UnitsPage search={search} onSearchChange={onSearchChange} />;
}
