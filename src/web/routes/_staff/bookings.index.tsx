import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RoutePageError } from '../../components/errors/page-error';
import { BookingsPage } from '../../features/bookings/bookings-page';
import {
  isEmptySearch,
  loadBookingTableState,
  saveBookingTableState,
  sessionStore,
  validateBookingsSearch,
} from '../../features/bookings/bookings-search';
import type { BookingsSearch } from '../../features/bookings/bookings-search';
import { useSearchNavigate } from '../../lib/use-search-navigate';

export const Route = createFileRoute('/_staff/bookings/')({
  validateSearch: validateBookingsSearch,
  // SPEC §9: coming back to /bookings without a query restores the table state kept in session
  // storage (booking-storage); a URL with its own query always wins.
  beforeLoad: ({ search, preload }) => {
    if (preload || !isEmptySearch(search)) return;
    const saved = loadBookingTableState(sessionStore());
    if (saved && !isEmptySearch(saved)) {
      throw redirect({ to: '/bookings', search: saved, replace: true });
    }
  },
  errorComponent: RoutePageError,
  component: BookingsRoute,
});

function BookingsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const searchNavigate = useSearchNavigate(
    (next: BookingsSearch) => void navigate({ search: next, replace: true }),
  );
  useEffect(() => {
    saveBookingTableState(sessionStore(), search);
  }, [search]);
  return (
    <BookingsPage
      search={search}
      onSearchChange={(next) => {
        // Stored before navigating, so "Clear filters" is not undone by the restore above.
        saveBookingTableState(sessionStore(), next);
        searchNavigate(next);
      }}
    />
  );
}
