import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldPath, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { hasRoleAtLeast, LIMITS, PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import { addDays, diffDays, isIsoDate } from '../../../domain/dates';
import { formatPhoneDisplay } from '../../../domain/format';
import { bookingUpdateSchema } from '../../../domain/schemas/staff-booking.schema';
import type {
  BookingUpdate,
  BookingUpdateInput,
} from '../../../domain/schemas/staff-booking.schema';
import { BackLink, EditPage } from '../../components/layout/edit-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NumberInput } from '../../components/ui/number-input';
import { PageHeader } from '../../components/ui/page-header';
import { PhoneInput } from '../../components/ui/phone-input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { applyServerIssues } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { useQuoteRuleRefusal, useStayRuleOverride } from './stay-rule-override';
import { PriceBreakdown } from '../quote/price-breakdown';
import { usePricePreview } from '../quote/use-price-preview';
import { controlProps, withCabinGuestLimit } from './form-fields';
import { usePublicUnits } from '../units/get-public-units';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { STAFF_PAYMENT_METHODS } from './create-booking-dialog';
import { useBooking } from './get-booking';
import { OFFLINE_MESSAGES, isQueued } from './offline-booking-changes';
import { useUpdateBooking } from './update-booking';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

const FIELDS = [
  'unit_id',
  'guest_name',
  'contact_number',
  'email',
  'num_guests',
  'check_in',
  'check_out',
  'special_requests',
  'internal_notes',
  'payment_method',
  'payment_proof_url',
] as const satisfies readonly FieldPath<BookingUpdateInput>[];

/** SPEC §2 /bookings/{bookingId}/edit (managers and above). */
export function BookingEditPage({ bookingId }: { bookingId: string }) {
  const user = useCurrentUser();
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const query = useBooking(bookingId);
  useDocumentTitle(query.data ? `Edit ${query.data.booking_reference}` : 'Edit booking');

  return (
    <EditPage
      entity="Booking"
      query={query}
      denied={allowed ? null : PERMISSION_MESSAGES.bookingEdit}
      back={
        <BackLink to="/bookings/$bookingId" params={{ bookingId }}>
          Back to the booking
        </BackLink>
      }
    >
      {(booking) => (
        <>
          <PageHeader
            eyebrow="Edit booking"
            title={<span className="font-mono">{booking.booking_reference}</span>}
            description="A change of dates, cabin or guests is re-priced and the cabin's availability is checked again."
          />
          <BookingEditForm booking={booking} />
        </>
      )}
    </EditPage>
  );
}

function defaultsOf(booking: BookingDetail): BookingUpdateInput {
  return {
    unit_id: booking.booking_units[0]?.unit_id,
    guest_name: booking.guest_name,
    contact_number: formatPhoneDisplay(booking.contact_number),
    email: booking.email ?? undefined,
    num_guests: booking.num_guests,
    check_in: booking.check_in,
    check_out: booking.check_out,
    special_requests: booking.special_requests ?? '',
    internal_notes: booking.internal_notes ?? '',
    payment_method: booking.payment_method ?? undefined,
    payment_proof_url: booking.payment_proof_url ?? '',
  };
}

function BookingEditForm({ booking }: { booking: BookingDetail }) {
  const navigate = useNavigate();
  const update = useUpdateBooking();
  const units = usePublicUnits();
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 21: a manager may save a stay past a stay rule with a reason.
  const override = useStayRuleOverride();
  const singleUnit = booking.booking_units.length === 1;
  const stayLocked =
    booking.booking_status === 'Cancelled' || booking.booking_status === 'CheckedOut';
  const defaults = useMemo(() => defaultsOf(booking), [booking]);

  // The chosen cabin's maximum, read by the resolver at validation time (the cabin can change).
  const maxGuestsRef = useRef<number>(LIMITS.guests_max);
  const resolver = useMemo<Resolver<BookingUpdateInput, unknown, BookingUpdate>>(
    () =>
      withCabinGuestLimit(
        zodResolver(bookingUpdateSchema) as Resolver<BookingUpdateInput, unknown, BookingUpdate>,
        () => maxGuestsRef.current,
      ),
    [],
  );
  const form = useForm<BookingUpdateInput, unknown, BookingUpdate>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  // Read while rendering: react-hook-form tracks dirty fields only for a form that reads them.
  const dirtyFields = formState.dirtyFields;
  const [unitId, checkIn, checkOut, numGuests] = useWatch({
    control,
    name: ['unit_id', 'check_in', 'check_out', 'num_guests'],
  });

  const currentUnit = booking.booking_units[0]?.unit ?? null;
  const unitOptions = useMemo(() => {
    const list = (units.data ?? []).map((u) => ({
      value: u.unit_id,
      label: `${u.unit_name} (${u.unit_code}) · up to ${u.max_occupancy} guests`,
      max: u.max_occupancy,
    }));
    if (currentUnit && !list.some((option) => option.value === currentUnit.unit_id)) {
      list.unshift({
        value: currentUnit.unit_id,
        label: `${currentUnit.unit_name} (${currentUnit.unit_code}) · up to ${currentUnit.max_occupancy} guests`,
        max: currentUnit.max_occupancy,
      });
    }
    return list;
  }, [units.data, currentUnit]);
  const maxGuests = unitOptions.find((option) => option.value === unitId)?.max ?? LIMITS.guests_max;
  maxGuestsRef.current = singleUnit ? maxGuests : LIMITS.guests_max;

  // A live price once the stay differs from the saved one (DESIGN §4: the server prices it).
  const stayChanged =
    checkIn !== booking.check_in ||
    checkOut !== booking.check_out ||
    Number(numGuests) !== booking.num_guests ||
    (singleUnit && unitId !== booking.booking_units[0]?.unit_id);
  const stayValid =
    singleUnit &&
    typeof unitId === 'string' &&
    isIsoDate(checkIn) &&
    isIsoDate(checkOut) &&
    checkOut > checkIn &&
    diffDays(checkOut, checkIn) <= LIMITS.stay_max_nights;
  const preview = usePricePreview(
    stayChanged && stayValid
      ? {
          unit_id: unitId,
          num_guests: Math.min(Math.max(1, Number(numGuests) || 1), maxGuests),
          check_in: checkIn,
          check_out: checkOut,
        }
      : null,
    300,
  );
  const quote = preview.query;
  // Issue 21: a new stay the quote refuses by a stay rule asks the reason before saving.
  useQuoteRuleRefusal(quote.error, override.refused);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const dirty = dirtyFields as Partial<Record<keyof BookingUpdate, boolean>>;
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(values) as (keyof BookingUpdate)[]) {
      if (dirty[key]) changes[key] = values[key] ?? null;
    }
    // An emptied proof link clears it, like an emptied note.
    if (changes.payment_proof_url === '') changes.payment_proof_url = null;
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing to update.');
      return;
    }
    const overrideReason = override.reasonToSend();
    if (overrideReason === null) return;
    try {
      const result = await update.mutateAsync({
        bookingId: booking.booking_id,
        changes: { ...changes, ...overrideReason } as BookingUpdate,
      });
      if (isQueued(result)) toast.info(OFFLINE_MESSAGES.queued);
      else toast.success('Booking updated');
      void navigate({ to: '/bookings/$bookingId', params: { bookingId: booking.booking_id } });
    } catch (error) {
      const placed = applyServerIssues(error, form.setError, FIELDS);
      override.refused(error);
      const message = error instanceof Error ? error.message : 'The booking was not updated.';
      const stayConflict =
        isApiError(error) &&
        error.status === 409 &&
        ('check_in' in changes || 'check_out' in changes || 'unit_id' in changes);
      if (stayConflict) {
        // The nights are taken: said beside the dates, where they are changed.
        form.setError('check_out', { type: 'server', message }, { shouldFocus: true });
      } else if (placed === 0 || (isApiError(error) && error.status === 409)) {
        setFormError(message);
      }
      toast.error(message);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-6"
      aria-label="Edit booking"
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

      <Card>
        <CardHeader>
          <CardTitle>Stay</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {stayLocked ? (
            <p className="text-sm text-muted-foreground">
              The stay of a {booking.booking_status === 'Cancelled' ? 'cancelled' : 'checked-out'}{' '}
              booking cannot be changed.
            </p>
          ) : null}
          {singleUnit ? (
            <Field label="Cabin" error={errors.unit_id?.message}>
              <Select
                disabled={stayLocked}
                options={unitOptions}
                {...register('unit_id', {
                  onChange: (event: { target: { value: string } }) => {
                    const max = unitOptions.find((o) => o.value === event.target.value)?.max;
                    const guests = Number(getValues('num_guests')) || 1;
                    if (max && guests > max) setValue('num_guests', max, { shouldDirty: true });
                  },
                })}
              />
            </Field>
          ) : (
            <p className="text-sm text-muted-foreground">
              This booking has {booking.booking_units.length} cabins; their guests are kept as they
              are.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Check-in" error={errors.check_in?.message}>
              <DatePicker
                disabled={stayLocked}
                {...controlProps(
                  register('check_in', {
                    onChange: (event: { target: { value: string } }) => {
                      override.clear();
                      const value = event.target.value;
                      const out = getValues('check_out');
                      if (isIsoDate(value) && (!out || !isIsoDate(out) || out <= value)) {
                        setValue('check_out', addDays(value, 1), { shouldDirty: true });
                      }
                    },
                  }),
                )}
              />
            </Field>
            <Field label="Check-out" error={errors.check_out?.message}>
              <DatePicker
                disabled={stayLocked}
                min={isIsoDate(checkIn) ? addDays(checkIn, 1) : undefined}
                {...controlProps(register('check_out', { onChange: override.clear }))}
              />
            </Field>
            <Field
              label="Guests"
              description={singleUnit ? `1 to ${maxGuests}` : undefined}
              error={errors.num_guests?.message}
            >
              {(controlProps) => (
                <Controller
                  control={control}
                  name="num_guests"
                  render={({ field }) => (
                    <NumberInput
                      {...controlProps}
                      ref={field.ref}
                      name={field.name}
                      disabled={stayLocked || !singleUnit}
                      value={typeof field.value === 'number' ? field.value : null}
                      onValueChange={(value) => field.onChange(value)}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              )}
            </Field>
          </div>
          {override.field}
          {preview.hasStay || preview.input ? (
            <PriceBreakdown
              quote={preview.hasStay ? quote.data : undefined}
              updating={preview.waiting || quote.isFetching}
              error={quote.isError ? quote.error.message : null}
              ready={preview.hasStay}
            />
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Guest details on this booking</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label="Guest name" error={errors.guest_name?.message}>
            <Input autoComplete="name" maxLength={LIMITS.name_max} {...register('guest_name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="E-mail" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Field label="Contact number" error={errors.contact_number?.message}>
              {(controlProps) => (
                <Controller
                  control={control}
                  name="contact_number"
                  render={({ field }) => (
                    <PhoneInput
                      {...controlProps}
                      ref={field.ref}
                      name={field.name}
                      value={field.value ?? ''}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              )}
            </Field>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payment and notes</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Payment method" error={errors.payment_method?.message}>
              <Select
                {...register('payment_method', {
                  setValueAs: (value: string) => (value === '' ? undefined : value),
                })}
                placeholder="Not chosen"
                options={[
                  ...STAFF_PAYMENT_METHODS,
                  ...(booking.payment_method === 'Other' ? (['Other'] as const) : []),
                ].map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
              />
            </Field>
            <Field
              label="Payment proof link"
              description="A web address (https://...) of the proof, if it is kept elsewhere."
              error={errors.payment_proof_url?.message}
            >
              <Input type="url" inputMode="url" {...register('payment_proof_url')} />
            </Field>
          </div>
          <Field label="Special requests" error={errors.special_requests?.message}>
            <Textarea rows={3} {...register('special_requests')} />
          </Field>
          <Field
            label="Internal notes"
            description={`Seen by staff only. Up to ${LIMITS.internal_notes_max} characters.`}
            error={errors.internal_notes?.message}
          >
            <Textarea rows={3} {...register('internal_notes')} />
          </Field>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={formState.isSubmitting}
          onClick={() =>
            void navigate({ to: '/bookings/$bookingId', params: { bookingId: booking.booking_id } })
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
