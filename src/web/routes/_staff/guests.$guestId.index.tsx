import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { GuestDetailPage } from '../../features/guests/guest-detail-page';

export const Route = createFileRoute('/_staff/guests/$guestId/')({
  errorComponent: RoutePageError,
  component: GuestDetailRoute,
});

function GuestDetailRoute() {
  const { guestId } = Route.useParams();
  return <GuestDetailPage guestId={guestId} />;
}
