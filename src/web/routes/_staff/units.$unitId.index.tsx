import { createFileRoute } from '@tanstack/react-router';
import { RoutePageError } from '../../components/errors/page-error';
import { CabinHousekeepingCard } from '../../features/housekeeping/cabin-housekeeping-card';
import { MaintenanceSection } from '../../features/maintenance/maintenance-section';
import { UnitDetailPage } from '../../features/units/unit-detail-page';

export const Route = createFileRoute('/_staff/units/$unitId/')({
  errorComponent: RoutePageError,
  component: UnitDetailRoute,
});

function UnitDetailRoute() {
  const { unitId } = Route.useParams();
  return (
    <UnitDetailPage
      unitId={unitId}
      // Issue 22: the cabin's housekeeping status and its maintenance log.
      sections={(unit) => (
        <>
          <CabinHousekeepingCard unitId={unit.unit_id} />
          <MaintenanceSection unitId={unit.unit_id} unitName={unit.unit_name} />
        </>
      )}
    />
  );
}
