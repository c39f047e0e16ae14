import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { UnitEditPage } from '../../features/units/unit-edit-page';

export const Route = createFileRoute('/_staff/units/$unitId/edit')({
  errorComponent: RoutePageError,
  component: UnitEditRoute,
});

function UnitEditRoute() {
  const { unitId } = Route.useParams();
  return <UnitEditPage unitId={unitId} />;
}
