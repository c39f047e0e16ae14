import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { GuestEditPage } from '../../features/guests/guest-edit-page';

export const Route = createFileRoute('/_staff/guests/$guestId/edit')({
  errorComponent: RoutePageError,
  component: GuestEditRoute,
});

function GuestEditRoute() {
  const { guestId } = Route.useParams();
  return <GuestEditPage guestId={guestId} />;
}
