import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { GuestsPage } from '../../features/guests/guests-page';
import { validateGuestsSearch } from '../../features/guests/guests-search';
import type { GuestsSearch } from '../../features/guests/guests-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

export const Route = createFileRoute('/_staff/guests/')({
  validateSearch: validateGuestsSearch,
  errorComponent: RoutePageError,
  component: GuestsRoute,
});

function GuestsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: GuestsSearch) => void navigate({ search: next, replace: true }),
  );
  return <GuestsPage search={search} onSearchChange={onSearchChange} />;
}
