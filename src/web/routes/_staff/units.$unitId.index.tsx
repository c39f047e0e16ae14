import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { UnitDetailPage } from '../../features/units/unit-detail-page';

export const Route = createFileRoute('/_staff/units/$unitId/')({
  errorComponent: RoutePageError,
  component: UnitDetailRoute,
});

function UnitDetailRoute() {
  const { unitId } = Route.useParams();
  return <UnitDetailPage unitId={unitId} />;
}
