import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { MultiUnitWizard } from '../../features/bookings/multi-unit-wizard';
import { useDocumentTitle } from '../../lib/use-document-title';

/** SPEC §2 /bookings-new-multi: the multi-unit booking wizard. */
export const Route = createFileRoute('/_staff/bookings-new-multi')({
  errorComponent: RoutePageError,
  component: MultiUnitBookingRoute,
});

function MultiUnitBookingRoute() {
  useDocumentTitle('New Multi-Unit Booking');
  return <MultiUnitWizard />;
}
