import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import type { AccessSettings } from '../../../domain/settings';
import { SectionSaveButton, SettingsSection } from './settings-section';
import { useUpdateSettings } from './update-settings';

/**
 * settings.access: owners and administrators choose whether the staff role sees the resort's
 * revenue figures. The server leaves them out of what it answers staff; booking totals and
 * balances stay, since staff collect payments.
 */
export function AccessSettingsForm({
  settings,
  canEdit,
}: {
  settings: AccessSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings();
  const [hideRevenue, setHideRevenue] = useState(settings.hide_revenue_from_staff);
  const changed = hideRevenue !== settings.hide_revenue_from_staff;

  const save = async () => {
    try {
      await update.mutateAsync({ access: { hide_revenue_from_staff: hideRevenue } });
      toast.success(
        hideRevenue ? 'Revenue is now hidden from staff.' : 'Staff now see revenue figures.',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The setting was not saved.');
    }
  };

  return (
    <SettingsSection
      title="Access"
      description="What the staff role may see. Managers, owners and administrators always see every figure."
    >
      <form
        aria-label="Access"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            checked={hideRevenue}
            disabled={!canEdit || update.isPending}
            aria-describedby="hide-revenue-description"
            onChange={(event) => setHideRevenue(event.target.checked)}
          />
          <span className="grid gap-1">
            <span className="font-medium">Hide revenue from staff</span>
            <span id="hide-revenue-description" className="text-muted-foreground">
              Staff no longer see the dashboard&apos;s revenue card, a cabin&apos;s revenue or what
              a guest has spent. Booking totals and balances stay visible: staff collect payments.
            </span>
          </span>
        </label>
        <SectionSaveButton canEdit={canEdit} pending={update.isPending} disabled={!changed}>
          Save Access
        </SectionSaveButton>
      </form>
    </SettingsSection>
  );
}
