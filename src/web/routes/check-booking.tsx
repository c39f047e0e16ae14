import { createFileRoute } from '@tanstack/react-router';
import { CheckBookingPage } from '../features/check-booking/check-booking-page';

interface CheckBookingSearch {
  ref?: string;
}

export const Route = createFileRoute('/check-booking')({
  // Hand-written (not zod) so the entry chunk stays free of zod.
  validateSearch: (search: Record<string, unknown>): CheckBookingSearch =>
    typeof search.ref === 'string' && search.ref.trim()
      ? { ref: search.ref.trim().slice(0, 50) }
      : {},
  component: CheckBookingRoute,
});

function CheckBookingRoute() {
  const { ref } = Route.useSearch();
  return <CheckBookingPage initialReference={ref} />;
}
