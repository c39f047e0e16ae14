import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { FrontDeskPage } from '../../features/front-desk/front-desk-page';
import { isIsoDate } from '../../../domain/dates';

interface FrontDeskSearch {
  /** The day shown, 'YYYY-MM-DD' (the resort's today when absent). */
  date?: string;
}

/** Issue 22 "Today": every staff role's front desk (the server refuses housekeeping accounts). */
export const Route = createFileRoute('/_staff/front-desk')({
  validateSearch: (search: Record<string, unknown>): FrontDeskSearch =>
    typeof search.date === 'string' && isIsoDate(search.date) ? { date: search.date } : {},
  errorComponent: RoutePageError,
  component: FrontDeskRoute,
});

function FrontDeskRoute() {
  const { date } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FrontDeskPage
      date={date}
      onDateChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, date: next }), replace: true })
      }
    />
  );
}
