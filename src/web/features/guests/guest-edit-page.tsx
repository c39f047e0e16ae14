import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { hasRoleAtLeast, LIMITS } from '../../../domain/constants';
import { formatPhoneDisplay } from '../../../domain/format';
import { GUEST_NOTES_MAX, guestUpdateSchema } from '../../../domain/schemas/guest.schema';
import type { GuestUpdate, GuestUpdateInput } from '../../../domain/schemas/guest.schema';
import { BackLink, EditPage } from '../../components/layout/edit-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { PhoneInput } from '../../components/ui/phone-input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useGuest } from './get-guest';
import type { GuestDetailDto as GuestDetail } from '../../../domain/schemas/guest.schema';
import { useUpdateGuest } from './update-guest';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

const FIELDS = [
  'guest_name',
  'email',
  'phone_number',
  'notes',
  'is_corporate',
] as const satisfies readonly FieldPath<GuestUpdateInput>[];

/** SPEC §2 /guests/{guestId}/edit (managers and above). */
export function GuestEditPage({ guestId }: { guestId: string }) {
  const user = useCurrentUser();
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const query = useGuest(guestId);
  useDocumentTitle(query.data ? `Edit ${query.data.guest_name}` : 'Edit guest');

  return (
    <EditPage
      entity="Guest"
      query={query}
      denied={allowed ? null : PERMISSION_MESSAGES.guestEdit}
      back={
        <BackLink to="/guests/$guestId" params={{ guestId }}>
          Back to the guest
        </BackLink>
      }
    >
      {(guest) => (
        <>
          <PageHeader eyebrow="Edit guest" title={guest.guest_name} />
          {guest.anonymized_at ? (
            <InlineAlert
              tone="info"
              title="This guest has been anonymised and can no longer be edited."
            />
          ) : (
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <GuestForm guest={guest} />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </EditPage>
  );
}

function GuestForm({ guest }: { guest: GuestDetail }) {
  const navigate = useNavigate();
  const update = useUpdateGuest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<GuestUpdateInput, unknown, GuestUpdate>({
    resolver: zodResolver(guestUpdateSchema),
    mode: 'onTouched',
    defaultValues: {
      guest_name: guest.guest_name,
      email: guest.email ?? undefined,
      phone_number: formatPhoneDisplay(guest.phone_number),
      notes: guest.notes ?? '',
      is_corporate: guest.is_corporate,
    },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  // Read while rendering: react-hook-form tracks dirty fields only for a form that reads them.
  const dirtyFields = formState.dirtyFields;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const dirty = dirtyFields as Partial<Record<keyof GuestUpdate, boolean>>;
    const changes: Partial<GuestUpdate> = {};
    for (const key of Object.keys(values) as (keyof GuestUpdate)[]) {
      if (dirty[key]) (changes as Record<string, unknown>)[key] = values[key] ?? null;
    }
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing to update.');
      return;
    }
    try {
      await update.mutateAsync({ guestId: guest.guest_id, changes: changes as GuestUpdate });
      toast.success('Guest updated');
      void navigate({ to: '/guests/$guestId', params: { guestId: guest.guest_id } });
    } catch (error) {
      const placed = applyServerIssues(error, form.setError, FIELDS);
      const message = error instanceof Error ? error.message : 'The guest was not updated.';
      if (placed === 0) setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid min-w-0 grid-cols-1 gap-5"
      aria-label="Edit guest"
    >
      {formError ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          {formError}
        </p>
      ) : null}
      <Field label="Name" required error={errors.guest_name?.message}>
        <Input autoComplete="off" maxLength={LIMITS.name_max} {...register('guest_name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Phone" error={errors.phone_number?.message}>
          {(controlProps) => (
            <Controller
              control={control}
              name="phone_number"
              render={({ field }) => (
                <PhoneInput
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
      </div>
      <Field
        label="Notes"
        description={`Seen by staff only. Up to ${GUEST_NOTES_MAX} characters.`}
        error={errors.notes?.message}
      >
        <Textarea rows={3} {...register('notes')} />
      </Field>
      <div className="flex items-center gap-2">
        <input
          id="guest-is-corporate"
          type="checkbox"
          className="size-4 accent-primary"
          {...register('is_corporate')}
        />
        <label htmlFor="guest-is-corporate" className="text-sm">
          Corporate guest (withholding tax shows on their receipts)
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={formState.isSubmitting}
          onClick={() =>
            void navigate({ to: '/guests/$guestId', params: { guestId: guest.guest_id } })
          }
        >
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting} loadingText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}
