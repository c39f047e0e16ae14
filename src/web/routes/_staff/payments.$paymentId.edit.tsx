import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { PaymentEditPage } from '../../features/payments/payment-edit-page';

export const Route = createFileRoute('/_staff/payments/$paymentId/edit')({
  errorComponent: RoutePageError,
  component: PaymentEditRoute,
});

function PaymentEditRoute() {
  const { paymentId } = Route.useParams();
  return <PaymentEditPage paymentId={paymentId} />;
}
