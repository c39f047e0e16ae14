import { useNavigate } from '@tanstack/react-router';
import { hasRoleAtLeast } from '../../../domain/constants';
import { BackLink, EditPage } from '../../components/layout/edit-page';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { useUnit } from './get-unit';
import { UnitForm } from './unit-form';
import { UnitPhotosSection } from './unit-photos-section';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';
import { ChannelSyncSection } from '../channels/channel-sync-section';

/** SPEC §2 /units/{unitId}/edit (managers and above). */
export function UnitEditPage({ unitId }: { unitId: string }) {
  const user = useCurrentUser();
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const query = useUnit(unitId);
  const navigate = useNavigate();
  useDocumentTitle(query.data ? `Edit ${query.data.unit_name}` : 'Edit cabin');

  return (
    <EditPage
      entity="Cabin"
      query={query}
      denied={allowed ? null : PERMISSION_MESSAGES.unitEdit}
      back={
        <BackLink to="/units/$unitId" params={{ unitId }}>
          Back to the cabin
        </BackLink>
      }
    >
      {(unit) => (
        <>
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
        </>
      )}
    </EditPage>
  );
}
