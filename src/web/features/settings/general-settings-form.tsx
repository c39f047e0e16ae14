import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { generalSettingsSchema } from '../../../domain/settings';
import type { GeneralSettings } from '../../../domain/settings';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { InlineAlert } from '../../components/ui/inline-alert';
import { SettingsSection, SETTINGS_READ_ONLY_NOTE, SettingsFormActions } from './settings-section';
import { useUpdateSettings } from './update-settings';

type GeneralInput = z.input<typeof generalSettingsSchema>;

const FIELDS = Object.keys(generalSettingsSchema.shape) as (keyof GeneralSettings)[];

function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older browsers: offer the current zone only.
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

export interface GeneralSettingsFormProps {
  settings: GeneralSettings;
  canEdit: boolean;
}

/** DESIGN §3 General: resort profile, contact, time zone, times and policy figures. */
export function GeneralSettingsForm({ settings, canEdit }: GeneralSettingsFormProps) {
  const update = useUpdateSettings();
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<GeneralInput, unknown, GeneralSettings>({
    resolver: zodResolver(generalSettingsSchema, { error: formErrorMap }),
    defaultValues: settings,
    disabled: !canEdit,
  });

  const onSubmit = (values: GeneralSettings) => {
    update.mutate(
      { general: values },
      {
        onSuccess: (saved) => {
          reset(saved.general);
          toast.success('General settings saved');
        },
        onError: (error) => {
          const placed = applyServerIssues(
            error,
            setError,
            (path) => FIELDS.includes(path as keyof GeneralSettings),
            'general.',
          );
          toast.error(placed > 0 ? 'Please correct the highlighted fields.' : error.message);
        },
      },
    );
  };

  const number = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label="General settings"
    >
      {canEdit ? null : <InlineAlert tone="info">{SETTINGS_READ_ONLY_NOTE}</InlineAlert>}

      <SettingsSection
        title="Resort profile"
        description="Shown on the public pages and in e-mails."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Resort name"
            required
            error={errors.resort_name?.message}
            className="sm:col-span-2"
          >
            <Input autoComplete="organization" {...register('resort_name')} />
          </Field>
          <Field label="Tagline" error={errors.tagline?.message} className="sm:col-span-2">
            <Input {...register('tagline')} />
          </Field>
          <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
            <Input autoComplete="street-address" {...register('address')} />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title="Contact" description="How guests reach the resort.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Contact e-mail" required error={errors.contact_email?.message}>
            <Input type="email" autoComplete="email" {...register('contact_email')} />
          </Field>
          <Field label="Contact phone" error={errors.contact_phone?.message}>
            <Input type="tel" autoComplete="tel" {...register('contact_phone')} />
          </Field>
          <Field label="Office hours from" required error={errors.office_hours_start?.message}>
            <Input type="time" {...register('office_hours_start')} />
          </Field>
          <Field label="Office hours until" required error={errors.office_hours_end?.message}>
            <Input type="time" {...register('office_hours_end')} />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Stays and policies"
        description="The Terms and Conditions and the booking pages state these to guests."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Time zone"
            required
            error={errors.timezone?.message}
            className="sm:col-span-2"
          >
            <Select
              options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
              {...register('timezone')}
            />
          </Field>
          <Field label="Check-in time" required error={errors.check_in_time?.message}>
            <Input type="time" {...register('check_in_time')} />
          </Field>
          <Field label="Check-out time" required error={errors.check_out_time?.message}>
            <Input type="time" {...register('check_out_time')} />
          </Field>
          <Field label="Quiet hours from" required error={errors.quiet_hours_start?.message}>
            <Input type="time" {...register('quiet_hours_start')} />
          </Field>
          <Field label="Quiet hours until" required error={errors.quiet_hours_end?.message}>
            <Input type="time" {...register('quiet_hours_end')} />
          </Field>
          <Field label="Minimum guest age" required error={errors.minimum_guest_age?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              {...register('minimum_guest_age', number)}
            />
          </Field>
          <Field
            label="Payment verification (hours)"
            description="How soon staff verify a payment proof, as promised to guests."
            required
            error={errors.payment_verification_hours?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={240}
              step={1}
              {...register('payment_verification_hours', number)}
            />
          </Field>
          <Field
            label="Proof upload timeout (hours)"
            description="A guest booking whose proof never arrives is cancelled after this long."
            required
            error={errors.proof_timeout_hours?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={72}
              step={1}
              {...register('proof_timeout_hours', number)}
            />
          </Field>
        </div>
      </SettingsSection>

      {canEdit ? (
        <SettingsFormActions
          saveLabel="Save General Settings"
          isDirty={isDirty}
          isSaving={update.isPending}
          onDiscard={() => reset(settings)}
        />
      ) : null}
    </form>
  );
}
