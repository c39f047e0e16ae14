import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { BookingEditPage } from '../../features/bookings/booking-edit-page';

export const Route = createFileRoute('/_staff/bookings/$bookingId/edit')({
  errorComponent: RoutePageError,
  component: BookingEditRoute,
});

function BookingEditRoute() {
  const { bookingId } = Route.useParams();
  return <BookingEditPage bookingId={bookingId} />;
}
