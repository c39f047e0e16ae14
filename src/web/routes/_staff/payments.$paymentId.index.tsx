import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { PaymentDetailPage } from '../../features/payments/payment-detail-page';

export const Route = createFileRoute('/_staff/payments/$paymentId/')({
  errorComponent: RoutePageError,
  component: PaymentDetailRoute,
});

function PaymentDetailRoute() {
  const { paymentId } = Route.useParams();
  return <PaymentDetailPage paymentId={paymentId} />;
}
