import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { housekeepingBoardQueryOptions } from '../../features/housekeeping/get-housekeeping-board';
import { HousekeepingBoardPage } from '../../features/housekeeping/housekeeping-board-page';
import { validateHousekeepingSearch } from '../../features/housekeeping/housekeeping-search';
import type { HousekeepingSearch } from '../../features/housekeeping/housekeeping-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

/** Issue 22: the housekeeping board (every role; a housekeeping account's only page). */
export const Route = createFileRoute('/_staff/housekeeping')({
  validateSearch: validateHousekeepingSearch,
  // Start reading the board with the route; the page shows its own error state.
  loader: async ({ context }) => {
    await context.queryClient
      .ensureQueryData(housekeepingBoardQueryOptions())
      .catch(() => undefined);
  },
  errorComponent: RoutePageError,
  component: HousekeepingRoute,
});

function HousekeepingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useSearchNavigate(
    (next: HousekeepingSearch) => void navigate({ search: next, replace: true }),
  );
  return <HousekeepingBoardPage search={search} onSearchChange={onSearchChange} />;
}
