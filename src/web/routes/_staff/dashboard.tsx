import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { optionalEnum } from '../../lib/search-params';

interface DashboardSearch {
  /** SPEC §6: /audit-logs sends lower roles here with error "unauthorized". */
  error?: 'unauthorized';
  /** The month of the figures and the calendar, 'YYYY-MM' (this month when absent). */
  month?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const Route = createFileRoute('/_staff/dashboard')({
  validateSearch: (search: Record<string, unknown>): DashboardSearch => {
    const error = optionalEnum(search.error, ['unauthorized'] as const);
    const month =
      typeof search.month === 'string' && MONTH.test(search.month) ? search.month : undefined;
    return { ...(error ? { error } : {}), ...(month ? { month } : {}) };
  },
  errorComponent: RoutePageError,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { error, month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      month={month}
      onMonthChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, month: next }), replace: true })
      }
      unauthorized={error === 'unauthorized'}
      onDismissError={() =>
        void navigate({ search: (prev) => ({ ...prev, error: undefined }), replace: true })
      }
    />
  );
}
