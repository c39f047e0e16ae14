import { useState } from 'react';
import type { FormEvent } from 'react';
import { channelSettingsSchema, type ChannelSettings } from '../../../domain/settings';
import { CHANNEL_SYNC_MINUTES } from '../../../domain/settings-defaults';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { SectionSaveButton, SettingsSection } from './settings-section';
import { useUpdateSettings } from './update-settings';

/**
 * settings.channels (issue 19 §2): how often each channel feed is downloaded. Owners and
 * administrators change it; the next sweep of the job queue applies it to every feed.
 */
export function ChannelSyncSettingsForm({
  settings,
  canEdit,
}: {
  settings: ChannelSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings();
  const [minutes, setMinutes] = useState(String(settings.sync_minutes));
  const [error, setError] = useState<string | undefined>();
  const changed = minutes !== String(settings.sync_minutes);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = channelSettingsSchema.safeParse({
      sync_minutes: minutes.trim() === '' ? undefined : Number(minutes),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ channels: parsed.data });
      toast.success(`Channel feeds are now downloaded every ${parsed.data.sync_minutes} minutes.`);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'The setting was not saved.';
      if (isApiError(failure) && failure.status === 400) setError(message);
      else toast.error(message);
    }
  };

  return (
    <SettingsSection
      title="Channel sync"
      description="How often the calendars of Airbnb, Booking.com, Agoda and VRBO are downloaded. Each cabin's feeds show their next run."
    >
      <form aria-label="Channel sync" className="grid gap-4" noValidate onSubmit={submit}>
        <Field
          label="Download every (minutes)"
          description={`From ${CHANNEL_SYNC_MINUTES.min} to ${CHANNEL_SYNC_MINUTES.max} minutes (a day). Airbnb itself reads other calendars about every 3 hours.`}
          required
          error={error}
          className="max-w-xs"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={CHANNEL_SYNC_MINUTES.min}
            max={CHANNEL_SYNC_MINUTES.max}
            step={1}
            value={minutes}
            disabled={!canEdit || update.isPending}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </Field>
        <SectionSaveButton canEdit={canEdit} pending={update.isPending} disabled={!changed}>
          Save Channel Sync
        </SectionSaveButton>
      </form>
    </SettingsSection>
  );
}
