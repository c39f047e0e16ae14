import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { BookingDetailPage } from '../../features/bookings/booking-detail-page';
import { RecordPaymentButton } from '../../features/payments/record-payment-button';

export const Route = createFileRoute('/_staff/bookings/$bookingId/')({
  errorComponent: RoutePageError,
  component: BookingDetailRoute,
});

function BookingDetailRoute() {
  const { bookingId } = Route.useParams();
  return (
    <BookingDetailPage
      bookingId={bookingId}
      recordPayment={(booking) => <RecordPaymentButton booking={booking} />}
    />
  );
}
