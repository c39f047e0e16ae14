import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldPath, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS, PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import type { PaymentMethod } from '../../../domain/constants';
import { addDays, diffDays, isIsoDate, todayInZone } from '../../../domain/dates';
import { optionalPromoCodeField } from '../../../domain/schemas/promo-code.schema';
import { makeStaffBookingSchema } from '../../../domain/schemas/staff-booking.schema';
import type { StaffBooking, StaffBookingInput } from '../../../domain/schemas/staff-booking.schema';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/ui/date-picker';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NumberInput } from '../../components/ui/number-input';
import { PhoneInput } from '../../components/ui/phone-input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { applyServerIssues } from '../../lib/form-errors';
import { PriceBreakdown } from '../quote/price-breakdown';
import { usePricePreview } from '../quote/use-price-preview';
import { controlProps, withCabinGuestLimit } from './form-fields';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { usePublicUnits } from '../units/get-public-units';
import { useCreateBooking } from './create-booking';
import { InlineAlert } from '../../components/ui/inline-alert';
import { AVAILABILITY_UPDATED, useMultiUnitAvailability } from './multi-unit-booking';
import { useQuoteRuleRefusal, useStayRuleOverride } from './stay-rule-override';
import { BOOKING_SOURCE_OPTIONS, WALK_IN_EMAIL_HINT, suggestedSource } from './walk-in-fields';

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

/** DESIGN §3's methods a member of staff picks from (Other is for proofs recorded automatically). */
export const STAFF_PAYMENT_METHODS: readonly PaymentMethod[] = [
  'GCash',
  'Maya',
  'BankTransfer',
  'Cash',
  'Card',
];

const FIELDS = [
  'unit_id',
  'guest_name',
  'contact_number',
  'email',
  'source',
  'num_guests',
  'check_in',
  'check_out',
  'special_requests',
  'internal_notes',
  'payment_method',
] as const satisfies readonly FieldPath<StaffBookingInput>[];

/** The fields' labels as the form shows them, in its order, for the list of fields to check. */
const FIELD_LABELS: Record<(typeof FIELDS)[number], string> = {
  unit_id: 'Cabin',
  check_in: 'Check-in',
  check_out: 'Check-out',
  num_guests: 'Guests',
  guest_name: 'Guest name',
  email: 'E-mail',
  contact_number: 'Contact number',
  source: 'Source',
  payment_method: 'Payment method',
  special_requests: 'Special requests',
  internal_notes: 'Internal notes',
};
const FIELDS_IN_ORDER = Object.keys(FIELD_LABELS) as (typeof FIELDS)[number][];

export interface CreateBookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2 "Create New Booking": the staff booking form of SPEC §5 with a live price. */
export function CreateBookingDialog({ open, onOpenChange }: CreateBookingDialogProps) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Booking"
      description="Book a cabin for a guest. The price is worked out by the resort's pricing rules."
      size="lg"
    >
      {open ? <CreateBookingForm onDone={() => onOpenChange(false)} /> : null}
    </SimpleDialog>
  );
}

function CreateBookingForm({ onDone }: { onDone: () => void }) {
  const settings = usePublicSettings();
  const today = todayInZone(settings.timezone);
  const schema = useMemo(() => makeStaffBookingSchema(today), [today]);
  const units = usePublicUnits();
  const create = useCreateBooking();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 21: an optional promo code, and the reason a manager books past a stay rule.
  const [promoCode, setPromoCode] = useState('');
  const [promoError, setPromoError] = useState<string | null>(null);
  const override = useStayRuleOverride();

  // The chosen cabin's maximum, read at validation time (the cabin can change).
  const maxGuestsRef = useRef<number>(LIMITS.guests_max);
  const resolver = useMemo(
    () =>
      withCabinGuestLimit(
        zodResolver(schema) as Resolver<StaffBookingInput, unknown, StaffBooking>,
        () => maxGuestsRef.current,
      ),
    [schema],
  );
  const form = useForm<StaffBookingInput, unknown, StaffBooking>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      unit_id: '',
      guest_name: '',
      contact_number: '',
      email: '',
      // Issue 22: a guest without an e-mail address is a walk-in until staff say otherwise.
      source: 'walk_in',
      num_guests: 1,
      check_in: '',
      check_out: '',
      special_requests: '',
      internal_notes: '',
      payment_method: undefined,
    },
  });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const [unitId, checkIn, checkOut, numGuests, specialRequests, email] = useWatch({
    control,
    name: ['unit_id', 'check_in', 'check_out', 'num_guests', 'special_requests', 'email'],
  });
  // Issue 22: until staff pick a source, it follows the e-mail (walk-in-fields.ts).
  const suggested = suggestedSource(email);
  const sourcePicked = Boolean(formState.dirtyFields.source);
  useEffect(() => {
    if (!sourcePicked) setValue('source', suggested);
  }, [suggested, sourcePicked, setValue]);
  const unit = units.data?.find((u) => u.unit_id === unitId);
  maxGuestsRef.current = unit?.max_occupancy ?? LIMITS.guests_max;

  const stayIsValid =
    unit !== undefined &&
    isIsoDate(checkIn) &&
    isIsoDate(checkOut) &&
    checkIn >= today &&
    checkOut > checkIn &&
    diffDays(checkOut, checkIn) <= LIMITS.stay_max_nights;
  const preview = usePricePreview(
    stayIsValid
      ? {
          unit_id: unitId,
          num_guests: Math.min(Math.max(1, Number(numGuests) || 1), unit.max_occupancy),
          check_in: checkIn,
          check_out: checkOut,
        }
      : null,
    300,
  );
  const { query: quote, input: quoteInput, inputKey: debouncedKey } = preview;
  // Issue 21: a quote refused by a stay rule asks a manager's reason before the booking is sent.
  useQuoteRuleRefusal(quote.error, override.refused);

  // The chosen cabin's nights, re-read whenever a booking or blackout changes anywhere (the staff
  // layout's live updates refresh the availability queries): a clash is shown before submitting,
  // and one that appears while the dialog is open raises SPEC §8's "Availability updated".
  const availability = useMultiUnitAvailability(
    quoteInput ? { check_in: quoteInput.check_in, check_out: quoteInput.check_out } : null,
  );
  const clashes = (
    availability.isPlaceholderData || !quoteInput
      ? []
      : (availability.data?.find((result) => result.unit_id === quoteInput.unit_id)
          ?.conflicting_bookings ?? [])
  ).filter((conflict) => conflict.type === 'booking' || conflict.type === 'blackout');
  const clashKey = quoteInput ? `${debouncedKey}:${clashes.length > 0}` : null;
  const seenFree = useRef<string | null>(null);
  useEffect(() => {
    if (!quoteInput || availability.isPlaceholderData || !availability.data) return;
    const selection = debouncedKey;
    if (clashes.length === 0) {
      seenFree.current = selection;
    } else if (seenFree.current === selection) {
      // It was free for this very selection a moment ago: someone else took it.
      seenFree.current = null;
      toast.warning(AVAILABILITY_UPDATED.title, {
        id: 'availability-updated',
        description: AVAILABILITY_UPDATED.description,
      });
    }
    // clashKey stands for the clash list: it changes exactly when the answer does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clashKey, availability.data]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const promo = optionalPromoCodeField.safeParse(promoCode);
    if (!promo.success) {
      setPromoError(promo.error.issues[0]?.message ?? 'Check the promo code');
      return;
    }
    setPromoError(null);
    const overrideReason = override.reasonToSend();
    if (overrideReason === null) return;
    try {
      const booking = await create.mutateAsync({
        ...values,
        ...(promo.data ? { promo_code: promo.data } : {}),
        ...overrideReason,
      });
      toast.success(`Booking created successfully! Reference: ${booking.booking_reference}`);
      onDone();
      void navigate({ to: '/bookings/$bookingId', params: { bookingId: booking.booking_id } });
    } catch (error) {
      const placed = applyServerIssues(error, form.setError, FIELDS);
      const promoIssue = isApiError(error)
        ? error.issues?.find((issue) => issue.path === 'promo_code')
        : undefined;
      if (promoIssue) setPromoError(promoIssue.message);
      override.refused(error);
      const message = error instanceof Error ? error.message : 'Failed to create booking';
      if ((placed === 0 && !promoIssue) || (isApiError(error) && error.status === 409)) {
        setFormError(message);
      }
      toast.error(message);
    }
  });

  // After a refused submit, every field still wrong is named at the top of the form too: on a
  // phone the dialog shows only its first fields, so their messages alone flag only the cabin.
  const invalidFields =
    formState.submitCount > 0
      ? FIELDS_IN_ORDER.filter((name) => errors[name] !== undefined).map((name) => ({
          name,
          label: FIELD_LABELS[name],
        }))
      : [];

  const unitOptions = (units.data ?? []).map((u) => ({
    value: u.unit_id,
    label: `${u.unit_name} (${u.unit_code}) · up to ${u.max_occupancy} guests`,
  }));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid min-w-0 grid-cols-1 gap-5"
      aria-label="Create New Booking"
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
      {invalidFields.length > 0 ? (
        <div
          role="alert"
          aria-labelledby="create-booking-problems"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
        >
          <p id="create-booking-problems" className="flex gap-2 font-semibold">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {invalidFields.length === 1
              ? 'Please check this field:'
              : `Please check these ${invalidFields.length} fields:`}
          </p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 pl-6">
            {invalidFields.map((field) => (
              <li key={field.name}>
                <button
                  type="button"
                  className="font-medium text-destructive underline underline-offset-2 hover:decoration-2"
                  onClick={() => form.setFocus(field.name)}
                >
                  {field.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-muted-foreground uppercase">Stay</legend>
        <Field
          label="Cabin"
          required
          error={errors.unit_id?.message ?? (units.isError ? units.error.message : undefined)}
        >
          <Select
            {...register('unit_id', {
              // A smaller cabin does not lower the guests typed: the Guests field says so instead.
              onChange: () => {
                if (formState.touchedFields.num_guests) void form.trigger('num_guests');
              },
            })}
            placeholder={units.isPending ? 'Loading cabins...' : 'Select a cabin'}
            options={unitOptions}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Check-in" required error={errors.check_in?.message}>
            <DatePicker
              min={today}
              {...controlProps(
                register('check_in', {
                  onChange: (event: { target: { value: string } }) => {
                    override.clear();
                    const value = event.target.value;
                    const out = getValues('check_out');
                    // SPEC §4: a check-out on or before check-in becomes check-in plus one day.
                    if (isIsoDate(value) && (!isIsoDate(out) || out <= value)) {
                      setValue('check_out', addDays(value, 1));
                    }
                  },
                }),
              )}
            />
          </Field>
          <Field label="Check-out" required error={errors.check_out?.message}>
            <DatePicker
              min={isIsoDate(checkIn) ? addDays(checkIn, 1) : addDays(today, 1)}
              {...controlProps(register('check_out', { onChange: override.clear }))}
            />
          </Field>
          <Field
            label="Guests"
            required
            description={unit ? `1 to ${unit.max_occupancy}` : undefined}
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
                    value={typeof field.value === 'number' ? field.value : null}
                    onValueChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    min={LIMITS.guests_min}
                  />
                )}
              />
            )}
          </Field>
        </div>
        {override.field}
        {clashes.length > 0 ? (
          <InlineAlert tone="warning" title="These nights are not available for this cabin">
            {clashes.map((conflict) => conflict.reason).join(' · ')}
          </InlineAlert>
        ) : null}
        <PriceBreakdown
          quote={preview.hasStay ? quote.data : undefined}
          updating={preview.waiting || quote.isFetching}
          error={quote.isError ? quote.error.message : null}
          ready={stayIsValid}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-muted-foreground uppercase">
          Guest
        </legend>
        <Field label="Guest name" required error={errors.guest_name?.message}>
          <Input autoComplete="name" maxLength={LIMITS.name_max} {...register('guest_name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="E-mail" description={WALK_IN_EMAIL_HINT} error={errors.email?.message}>
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
        <Field label="Source" required error={errors.source?.message}>
          <Select {...register('source')} options={BOOKING_SOURCE_OPTIONS} />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-muted-foreground uppercase">
          Payment and notes
        </legend>
        <Field
          label="Promo code"
          description="Optional. The guest gets the larger of it and the automatic discount."
          error={promoError ?? undefined}
        >
          <Input
            autoComplete="off"
            maxLength={30}
            className="font-mono uppercase"
            value={promoCode}
            onChange={(event) => {
              setPromoCode(event.target.value);
              setPromoError(null);
            }}
          />
        </Field>
        <Field label="Payment method" error={errors.payment_method?.message}>
          <Select
            {...register('payment_method', {
              setValueAs: (value: string) => (value === '' ? undefined : value),
            })}
            placeholder="Not chosen yet"
            options={STAFF_PAYMENT_METHODS.map((method) => ({
              value: method,
              label: PAYMENT_METHOD_LABELS[method],
            }))}
          />
        </Field>
        <Field
          label="Special requests"
          description={`${(specialRequests ?? '').length} / ${LIMITS.special_requests_max} characters`}
          error={errors.special_requests?.message}
        >
          <Textarea rows={3} {...register('special_requests')} />
        </Field>
        <Field
          label="Internal notes"
          description="Seen by staff only."
          error={errors.internal_notes?.message}
        >
          <Textarea rows={2} {...register('internal_notes')} />
        </Field>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting} loadingText="Creating...">
          Create Booking
        </Button>
      </div>
    </form>
  );
}
