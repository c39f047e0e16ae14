import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../shell/inline-alert';
import { useUnit } from './get-unit';
import { UnitForm } from './unit-form';
import { UnitPhotosSection } from './unit-photos-section';
import { ChannelSyncSection } from '../channels/channel-sync-section';

/** SPEC §6: the edit pages' permission message. */
export const UNIT_EDIT_DENIED = 'You do not have permission to edit cabins. Manager role required.';

/** SPEC §2 /units/{unitId}/edit (managers and above). */
export function UnitEditPage({ unitId }: { unitId: string }) {
  const user = useCurrentUser();
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const query = useUnit(unitId);
  const navigate = useNavigate();
  useDocumentTitle(query.data ? `Edit ${query.data.unit_name}` : 'Edit cabin');

  const back = (
    <div>
      <Link to="/units/$unitId" params={{ unitId }} className={buttonVariants({ variant: 'link' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the cabin
      </Link>
    </div>
  );
  if (!allowed) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {back}
        <InlineAlert tone="error" title={UNIT_EDIT_DENIED} />
      </div>
    );
  }
  if (query.isPending) return <DetailSkeleton label="Loading cabin..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <NotFoundRecord entity="Cabin" />;
    return <LoadFailed entity="Cabin" message={`Failed to load cabin: ${query.error.message}`} />;
  }
  const unit = query.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <PageHeader eyebrow={`Cabin ${unit.unit_code}`} title={`Edit ${unit.unit_name}`} />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <UnitForm
            unit={unit}
            onCancel={() => void navigate({ to: '/units/$unitId', params: { unitId } })}
            onSaved={() => void navigate({ to: '/units/$unitId', params: { unitId } })}
          />
        </CardContent>
      </Card>
      <UnitPhotosSection unit={unit} />
      <ChannelSyncSection unitId={unit.unit_id} unitName={unit.unit_name} />
    </div>
  );
}
