import { createFileRoute } from '@tanstack/react-router';
import { publicStayRulesQueryOptions } from '../features/public-settings/get-public-stay-rules';
import { CalendarPage } from '../features/calendar/calendar-page';
import { publicUnitsQueryOptions } from '../features/units/get-public-units';

interface CalendarSearch {
  /** 'YYYY-MM'. */
  month?: string;
}

export const Route = createFileRoute('/calendar')({
  // Hand-written (not zod) so the entry chunk stays free of zod.
  validateSearch: (search: Record<string, unknown>): CalendarSearch =>
    typeof search.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(search.month)
      ? { month: search.month }
      : {},
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(publicUnitsQueryOptions());
    // Issue 21: the stay rules are said at the dates before the guest submits.
    void context.queryClient.prefetchQuery(publicStayRulesQueryOptions());
  },
  component: CalendarRoute,
});

function CalendarRoute() {
  const { month } = Route.useSearch();
  return <CalendarPage month={month} />;
}
