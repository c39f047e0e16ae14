import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AlertTriangle, BedDouble, Check, Percent } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  BOOKING_SOURCE_LABELS,
  LIMITS,
  PAYMENT_METHOD_LABELS,
  type BookingSource,
  type PaymentMethod,
} from '../../../domain/constants';
import { addDays, diffDays, isIsoDate, todayInZone } from '../../../domain/dates';
import { formatCurrency, formatDate } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { DEFAULT_PRICING_SETTINGS } from '../../../domain/pricing';
import {
  primaryGuestSchema,
  type PrimaryGuest,
  type PrimaryGuestInput,
} from '../../../domain/schemas/multi-unit.schema';
import type { UnitDto } from '../../../domain/schemas/unit.schema';
import type { QuoteResponse } from '../../../domain/schemas/quote.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NumberInput } from '../../components/ui/number-input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { subscribeToLiveUpdates } from '../events/live-updates';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { useAllUnits } from '../units/get-units';
import {
  AVAILABILITY_UPDATED,
  multiUnitAvailabilityKey,
  useCreateMultiUnitBooking,
  useMultiUnitAvailability,
  type MultiUnitBookingBody,
} from './multi-unit-booking';
import { useQuoteRuleRefusal, useStayRuleOverride } from './stay-rule-override';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useQuote } from '../quote/get-quote';
import { discountLabel } from '../quote/price-breakdown';
import {
  BULK_HINT_MIN_UNITS,
  DRAFT_MESSAGES,
  addDraftUnit,
  nextCheckOut,
  removeDraftUnit,
  setDraftGuests,
  setDraftNotes,
  type DraftUnit,
} from './multi-unit-draft';
import { BOOKING_SOURCE_OPTIONS, WALK_IN_EMAIL_HINT, suggestedSource } from './walk-in-fields';

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

/** The methods offered at step 3 (DESIGN §3; SPEC §5 default GCash). */
export const WIZARD_PAYMENT_METHODS: readonly PaymentMethod[] = [
  'Cash',
  'GCash',
  'Maya',
  'BankTransfer',
  'Card',
];

const STEPS = ['Dates and cabins', 'Primary guest', 'Review and payment'] as const;
type Step = 1 | 2 | 3;

const FAILED_TO_CREATE = 'Failed to create booking. Please try again.';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function nightsLabel(nights: number) {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

export interface MultiUnitWizardProps {
  /** Called with the new booking instead of going to its page (SPEC §2 "success callback"). */
  onSuccess?: (booking: { booking_id: string; booking_reference: string }) => void;
}

/**
 * SPEC §2 and §4 "Multi-unit booking wizard": 1 dates and cabins, 2 primary guest, 3 review and
 * payment. Prices come from POST /api/quote, the booking from POST /api/bookings/multi-unit with
 * a session-scoped Idempotency-Key; GET /api/events keeps the cabins' availability live.
 */
export function MultiUnitWizard({ onSuccess }: MultiUnitWizardProps) {
  const settings = usePublicSettings();
  const today = todayInZone(settings.timezone);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [step, setStep] = useState<Step>(1);
  const [checkIn, setCheckIn] = useState<string>(today);
  const [checkOut, setCheckOut] = useState<string>(() => addDays(today, 1));
  const [draft, setDraft] = useState<DraftUnit[]>([]);
  const [notesOpen, setNotesOpen] = useState<ReadonlySet<string>>(new Set());
  /** Selected cabins that live availability found taken (SPEC §8 "Availability updated"). */
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('GCash');
  const [specialRequests, setSpecialRequests] = useState('');
  // Issue 21: a stay-rule refusal, and a manager's reason for booking past it.
  const override = useStayRuleOverride();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitting = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const guestForm = useForm<PrimaryGuestInput, unknown, PrimaryGuest>({
    resolver: zodResolver(primaryGuestSchema),
    mode: 'onTouched',
    defaultValues: { guest_name: '', email: '', contact_number: '' },
  });
  // Issue 22: until staff pick a source, it follows the e-mail (walk-in-fields.ts), as in the
  // single-cabin dialog.
  const [pickedSource, setPickedSource] = useState<BookingSource | null>(null);
  const guestEmail = useWatch({ control: guestForm.control, name: 'email' });
  const source = pickedSource ?? suggestedSource(guestEmail);

  const stayError =
    !isIsoDate(checkIn) || !isIsoDate(checkOut)
      ? MESSAGES.invalidDate
      : checkIn < today
        ? MESSAGES.checkInNotPast
        : checkOut <= checkIn
          ? MESSAGES.checkOutAfterCheckIn
          : diffDays(checkOut, checkIn) > LIMITS.stay_max_nights
            ? MESSAGES.stayTooLong
            : null;
  const stay = stayError === null ? { check_in: checkIn, check_out: checkOut } : null;
  const nights = stay ? diffDays(checkOut, checkIn) : 0;

  const units = useAllUnits();
  const availability = useMultiUnitAvailability(stay);
  const availabilityById = useMemo(
    () => new Map((availability.data ?? []).map((row) => [row.unit_id, row])),
    [availability.data],
  );

  const quoteInput = stay
    ? {
        ...stay,
        units: draft.map((u) => ({ unit_id: u.unit_id, num_guests: u.num_guests })),
      }
    : null;
  const quote = useQuote(quoteInput && quoteInput.units.length > 0 ? quoteInput : null);
  // A price for another selection (kept while the next loads) never stands for this one.
  const quoteMatches =
    quote.data !== undefined &&
    quote.data.units.length === draft.length &&
    quote.data.units.every((line, index) => line.unit_id === draft[index]?.unit_id);
  const currentQuote = quoteMatches ? quote.data : undefined;
  // Issue 21: a quote refused by a stay rule says it at the dates before anything is sent.
  useQuoteRuleRefusal(quote.error, override.refused);

  const create = useCreateMultiUnitBooking();

  // SPEC §4 live availability: any booking or availability change re-reads the cabins' state.
  useEffect(
    () =>
      subscribeToLiveUpdates((signal) => {
        if (submitting.current) return;
        if (signal.type === 'payment') return;
        void queryClient.invalidateQueries({ queryKey: multiUnitAvailabilityKey });
      }),
    [queryClient],
  );

  // A selected cabin that the latest answer (for these dates) reports taken is marked, once.
  useEffect(() => {
    if (!availability.data || availability.isPlaceholderData || submitting.current) return;
    const nowTaken = new Set(
      draftRef.current
        .filter((u) => availabilityById.get(u.unit_id)?.is_available === false)
        .map((u) => u.unit_id),
    );
    setTaken((previous) => {
      const fresh = [...nowTaken].some((id) => !previous.has(id));
      if (fresh) {
        toast.warning(AVAILABILITY_UPDATED.title, {
          id: 'availability-updated',
          description: AVAILABILITY_UPDATED.description,
        });
      }
      const same = fresh === false && previous.size === nowTaken.size;
      return same ? previous : nowTaken;
    });
  }, [availability.data, availability.isPlaceholderData, availabilityById]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const addUnit = (unitId: string) => {
    const unit = units.data?.data.find((u) => u.unit_id === unitId);
    if (!unit) return;
    const change = addDraftUnit(draftRef.current, unit);
    if (!change.ok) {
      toast.error(change.message);
      return;
    }
    draftRef.current = change.units;
    setDraft(change.units);
    if (change.message) toast.success(change.message);
  };

  const removeUnit = (unitId: string) => {
    const change = removeDraftUnit(draftRef.current, unitId);
    if (!change.ok) {
      toast.error(change.message);
      return;
    }
    draftRef.current = change.units;
    setDraft(change.units);
    setTaken((previous) => {
      if (!previous.has(unitId)) return previous;
      const next = new Set(previous);
      next.delete(unitId);
      return next;
    });
    if (change.message) toast.success(change.message);
  };

  const toggleNotes = (unitId: string) =>
    setNotesOpen((previous) => {
      const next = new Set(previous);
      if (next.has(unitId)) next.delete(unitId);
      else next.add(unitId);
      return next;
    });

  const goNext = async () => {
    if (step === 1) {
      if (stayError) {
        toast.error(stayError);
        return;
      }
      if (draft.length === 0) {
        toast.error(DRAFT_MESSAGES.selectAtLeastOne);
        return;
      }
      const blocked = draft.find((u) => taken.has(u.unit_id));
      if (blocked) {
        toast.error(`${blocked.unit_name} is no longer available for these dates.`, {
          description: 'Remove it or choose other dates to continue.',
        });
        return;
      }
      setStep(2);
      return;
    }
    if (step === 2) {
      // Validated as a submit, so the fields re-validate as they are typed: a message that
      // vanished on blur would move the Next button out from under the pointer between the
      // press and the release, and the click would be lost.
      await guestForm.handleSubmit(() => setStep(3))();
    }
  };

  const confirm = async () => {
    if (submitting.current || !stay) return;
    const guest = primaryGuestSchema.safeParse(guestForm.getValues());
    if (!guest.success) {
      setStep(2);
      return;
    }
    const overrideReason = override.reasonToSend();
    if (overrideReason === null) return;
    submitting.current = true;
    const body: MultiUnitBookingBody = {
      primary_guest: guest.data,
      ...stay,
      units: draft.map((u) => ({
        unit_id: u.unit_id,
        num_guests: u.num_guests,
        ...(u.unit_notes.trim() ? { unit_notes: u.unit_notes.trim() } : {}),
      })),
      payment: { method: paymentMethod },
      ...(specialRequests.trim() ? { special_requests: specialRequests.trim() } : {}),
      source,
      ...overrideReason,
    };
    try {
      const booking = await create.mutateAsync(body);
      toast.success(`Booking created successfully! Reference: ${booking.booking_reference}`);
      if (onSuccess) onSuccess(booking);
      else void navigate({ to: '/bookings/$bookingId', params: { bookingId: booking.booking_id } });
    } catch (error) {
      submitting.current = false;
      override.refused(error);
      const message = error instanceof Error ? error.message : undefined;
      toast.error(FAILED_TO_CREATE, message ? { description: message } : {});
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: multiUnitAvailabilityKey });
      }
    }
  };

  const selectedIds = new Set(draft.map((u) => u.unit_id));
  const allUnits = units.data?.data ?? [];
  // SPEC §2: only cabins available for the dates, and the selected ones (to show their state).
  const listed = allUnits.filter(
    (u) => selectedIds.has(u.unit_id) || availabilityById.get(u.unit_id)?.is_available === true,
  );
  const bulk = DEFAULT_PRICING_SETTINGS.discounts.bulk;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="New Multi-Unit Booking"
        description="Book several cabins for one group in a single booking."
      />

      <nav aria-label="Booking steps">
        <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
          {STEPS.map((label, index) => {
            const number = (index + 1) as Step;
            const state = number < step ? 'done' : number === step ? 'current' : 'next';
            return (
              <li
                key={label}
                aria-current={state === 'current' ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-lg border px-2 py-2',
                  state === 'current'
                    ? 'border-primary bg-accent font-semibold text-foreground'
                    : 'border-border text-muted-foreground',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                    state === 'done' && 'border-primary bg-primary text-primary-foreground',
                  )}
                >
                  {state === 'done' ? <Check className="size-3.5" /> : number}
                </span>
                <span>
                  <span className="sr-only">
                    Step {number} of 3{state === 'done' ? ' (done)' : ''}:{' '}
                  </span>
                  {label}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>

      <section aria-labelledby="wizard-step-title" className="grid min-w-0 gap-6">
        <h2
          id="wizard-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          Step {step}: {STEPS[step - 1]}
        </h2>

        {step === 1 ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Check-in" required error={override.ruleMessage ?? undefined}>
                <DatePicker
                  min={today}
                  value={checkIn}
                  onChange={(event) => {
                    override.clear();
                    const value = event.target.value;
                    setCheckIn(value);
                    // SPEC §4: a check-out on or before check-in becomes check-in plus one day.
                    if (isIsoDate(value)) setCheckOut((out) => nextCheckOut(value, out));
                  }}
                />
              </Field>
              <Field label="Check-out" required error={stayError ?? undefined}>
                <DatePicker
                  min={isIsoDate(checkIn) ? addDays(checkIn, 1) : addDays(today, 1)}
                  value={checkOut}
                  onChange={(event) => {
                    override.clear();
                    setCheckOut(event.target.value);
                  }}
                />
              </Field>
            </div>

            <section aria-labelledby="available-cabins-title" className="grid gap-3">
              <h3 id="available-cabins-title" className="font-semibold">
                Available cabins{stay ? ` · ${nightsLabel(nights)}` : ''}
              </h3>
              <AvailableUnits
                loading={units.isPending || (stay !== null && availability.isPending)}
                error={
                  units.isError
                    ? units.error.message
                    : availability.isError
                      ? 'Availability check failed'
                      : null
                }
                onRetry={() => {
                  void units.refetch();
                  void availability.refetch();
                }}
                ready={stay !== null}
                units={listed}
                isAvailable={(id) =>
                  availabilityById.get(id)?.is_available === true && !taken.has(id)
                }
                isSelected={(id) => selectedIds.has(id)}
                onAdd={addUnit}
                onRemove={removeUnit}
              />
            </section>

            <section aria-labelledby="selected-cabins-title" className="grid gap-3">
              <h3 id="selected-cabins-title" className="font-semibold">
                Selected cabins ({draft.length})
              </h3>
              {draft.length === 0 ? (
                <EmptyState
                  headingLevel="h3"
                  icon={BedDouble}
                  title="No cabins selected"
                  description="Add cabins from the list above to start the booking."
                />
              ) : (
                <ol className="grid gap-3">
                  {draft.map((unit, index) => (
                    <SelectedUnit
                      key={unit.unit_id}
                      index={index}
                      unit={unit}
                      taken={taken.has(unit.unit_id)}
                      line={currentQuote?.units[index]}
                      nights={nights}
                      notesOpen={notesOpen.has(unit.unit_id)}
                      onGuests={(value) => setDraft((d) => setDraftGuests(d, unit.unit_id, value))}
                      onNotes={(notes) => setDraft((d) => setDraftNotes(d, unit.unit_id, notes))}
                      onToggleNotes={() => toggleNotes(unit.unit_id)}
                      onRemove={() => removeUnit(unit.unit_id)}
                    />
                  ))}
                </ol>
              )}
              {draft.length >= BULK_HINT_MIN_UNITS ? (
                <p
                  className="flex gap-2 rounded-lg border border-sea-200 bg-accent p-3 text-sm"
                  data-testid="bulk-hint"
                >
                  <Percent aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {currentQuote?.discount?.name === 'Bulk'
                    ? `Bulk discount applied: ${percent(currentQuote.discount.rate ?? 0)} off for ${draft.length} cabins.`
                    : `Booking ${bulk.min_units} or more cabins earns the Bulk discount (${percent(bulk.rate)}) when no other discount applies.`}
                </p>
              ) : null}
              {draft.length > 0 ? (
                <PriceSummary
                  quote={currentQuote}
                  updating={quote.isFetching}
                  error={quote.isError ? quote.error.message : null}
                />
              ) : null}
            </section>
          </>
        ) : null}

        {step === 2 ? (
          <form
            noValidate
            aria-label="Primary guest"
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void goNext();
            }}
          >
            <Field
              label="Guest name"
              required
              error={guestForm.formState.errors.guest_name?.message}
            >
              <Input
                autoComplete="name"
                maxLength={LIMITS.name_max}
                {...guestForm.register('guest_name')}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="E-mail"
                description={WALK_IN_EMAIL_HINT}
                error={guestForm.formState.errors.email?.message}
              >
                <Input type="email" autoComplete="email" {...guestForm.register('email')} />
              </Field>
              <Field
                label="Contact number"
                description="10 to 20 digits, e.g. +63 917 123 4567"
                error={guestForm.formState.errors.contact_number?.message}
              >
                <Input
                  type="tel"
                  autoComplete="tel"
                  maxLength={20}
                  {...guestForm.register('contact_number')}
                />
              </Field>
            </div>
            <Field label="Source" required>
              <Select
                value={source}
                onChange={(event) => setPickedSource(event.target.value as BookingSource)}
                options={BOOKING_SOURCE_OPTIONS}
              />
            </Field>
            {/* Enter in a field goes to the next step. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          </form>
        ) : null}

        {step === 3 ? (
          <div className="grid gap-5">
            <dl className="grid gap-2 rounded-lg border border-border p-4 text-sm sm:grid-cols-2">
              <SummaryItem label="Guest" value={guestForm.getValues('guest_name')} />
              <SummaryItem label="E-mail" value={guestForm.getValues('email') || 'None'} />
              <SummaryItem
                label="Contact number"
                value={guestForm.getValues('contact_number') || 'None'}
              />
              <SummaryItem label="Source" value={BOOKING_SOURCE_LABELS[source]} />
              <SummaryItem
                label="Dates"
                value={`${formatDate(checkIn)} – ${formatDate(checkOut)} (${nightsLabel(nights)})`}
              />
              <SummaryItem
                label="Number of cabins"
                value={`${draft.length} ${draft.length === 1 ? 'cabin' : 'cabins'}`}
              />
              <SummaryItem
                label="Cabins"
                value={draft.map((u) => `${u.unit_name} (${u.num_guests})`).join(', ')}
              />
            </dl>
            {override.ruleMessage ? (
              <InlineAlert tone="error" title="These dates break a stay rule">
                {override.ruleMessage}
              </InlineAlert>
            ) : null}
            {override.field}
            <PriceSummary
              quote={currentQuote}
              updating={quote.isFetching}
              error={quote.isError ? quote.error.message : null}
              headingLevel={3}
            />
            <Field label="Payment method" required>
              <Select
                value={paymentMethod}
                onChange={(event) => setPaymentMethod(event.target.value as PaymentMethod)}
                options={WIZARD_PAYMENT_METHODS.map((method) => ({
                  value: method,
                  label: PAYMENT_METHOD_LABELS[method],
                }))}
              />
            </Field>
            <Field
              label="Special requests"
              description={`Optional · ${specialRequests.length} / ${LIMITS.special_requests_multi_max} characters`}
            >
              <Textarea
                rows={3}
                maxLength={LIMITS.special_requests_multi_max}
                value={specialRequests}
                onChange={(event) => setSpecialRequests(event.target.value)}
              />
            </Field>
          </div>
        ) : null}
      </section>

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step === 1 ? (
            <Button variant="outline" onClick={() => void navigate({ to: '/bookings' })}>
              Cancel
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={create.isPending}
              onClick={() => setStep((s) => (s > 1 ? ((s - 1) as Step) : s))}
            >
              Previous
            </Button>
          )}
        </div>
        {step < 3 ? (
          <Button onClick={() => void goNext()}>Next</Button>
        ) : (
          <Button
            onClick={() => void confirm()}
            loading={create.isPending}
            loadingText="Creating..."
            // A manager may book past a stay rule the price preview refused (the server prices it).
            disabled={!currentQuote && !(override.canOverride && override.ruleMessage)}
          >
            Confirm Booking
          </Button>
        )}
      </div>

      {import.meta.env.DEV ? (
        <details className="rounded-lg border border-dashed border-border p-3 text-xs">
          <summary className="cursor-pointer font-semibold">Debug panel (development only)</summary>
          <pre className="mt-2 overflow-x-auto">
            {JSON.stringify(
              { step, checkIn, checkOut, draft, taken: [...taken], quote: currentQuote ?? null },
              null,
              2,
            )}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

/** What the list shows of a cabin (GET /api/units). */
type ListedUnit = Pick<
  UnitDto,
  'unit_id' | 'unit_name' | 'unit_code' | 'unit_type' | 'max_occupancy' | 'base_rate'
>;

function AvailableUnits(props: {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  ready: boolean;
  units: ListedUnit[];
  isAvailable: (unitId: string) => boolean;
  isSelected: (unitId: string) => boolean;
  onAdd: (unitId: string) => void;
  onRemove: (unitId: string) => void;
}) {
  if (!props.ready) {
    return (
      <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
        Choose valid dates to see the cabins available.
      </p>
    );
  }
  if (props.error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg bg-destructive-soft p-4 text-sm"
      >
        <AlertTriangle aria-hidden="true" className="size-4 text-destructive" />
        <span className="flex-1">{props.error}</span>
        <Button size="sm" variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (props.loading) {
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-2">
        <span className="sr-only">Checking availability…</span>
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (props.units.length === 0) {
    return (
      <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
        No cabins are available for these dates.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {props.units.map((unit) => {
        const available = props.isAvailable(unit.unit_id);
        const selected = props.isSelected(unit.unit_id);
        const titleId = `unit-card-${unit.unit_id}`;
        return (
          <li key={unit.unit_id}>
            <article
              aria-labelledby={titleId}
              className={cn(
                'grid h-full gap-3 rounded-xl border bg-surface p-4',
                selected ? 'border-primary' : 'border-border',
              )}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h4 id={titleId} className="font-semibold">
                  {unit.unit_name}
                </h4>
                <div className="flex flex-wrap gap-1">
                  <Badge variant={available ? 'default' : 'destructive'}>
                    {available ? 'Available' : 'Unavailable'}
                  </Badge>
                  {selected ? <Badge variant="secondary">Selected</Badge> : null}
                </div>
              </div>
              <p className="text-sm text-muted-foreground">
                Up to {unit.max_occupancy} guests · {formatCurrency(unit.base_rate)} / night
              </p>
              <div className="mt-auto flex gap-2">
                {selected ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-describedby={titleId}
                    onClick={() => props.onRemove(unit.unit_id)}
                  >
                    Remove
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={!available}
                    aria-describedby={titleId}
                    onClick={() => props.onAdd(unit.unit_id)}
                  >
                    Add to Booking
                  </Button>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function SelectedUnit(props: {
  index: number;
  unit: DraftUnit;
  taken: boolean;
  line: QuoteResponse['units'][number] | undefined;
  nights: number;
  notesOpen: boolean;
  onGuests: (value: number | null) => void;
  onNotes: (notes: string) => void;
  onToggleNotes: () => void;
  onRemove: () => void;
}) {
  const { unit, line } = props;
  const notesId = `unit-notes-${unit.unit_id}`;
  return (
    <li
      aria-label={`${props.index + 1}. ${unit.unit_name}`}
      className={cn(
        'grid gap-3 rounded-xl border bg-surface p-4',
        props.taken ? 'border-destructive' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold"
        >
          {props.index + 1}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h4 id={`selected-unit-${unit.unit_id}`} className="font-semibold">
            {unit.unit_name}
          </h4>
          <p className="text-sm text-muted-foreground">
            {unit.unit_code} · {unit.unit_type} · Up to {unit.max_occupancy} guests
          </p>
        </div>
        {props.taken ? <Badge variant="destructive">Unavailable</Badge> : null}
      </div>
      {props.taken ? (
        <p className="flex gap-2 text-sm font-medium text-destructive">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          No longer available for these dates. Remove it or change the dates.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={`Guests in ${unit.unit_name}`}
          description={`1 to ${unit.max_occupancy}`}
          className="w-40"
        >
          {(control) => (
            <NumberInput
              {...control}
              value={unit.num_guests}
              onValueChange={props.onGuests}
              min={1}
              max={unit.max_occupancy}
            />
          )}
        </Field>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={props.notesOpen}
          aria-controls={notesId}
          onClick={props.onToggleNotes}
        >
          Assign Guests
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-describedby={`selected-unit-${unit.unit_id}`}
          onClick={props.onRemove}
        >
          Remove
        </Button>
      </div>
      {props.notesOpen ? (
        <div id={notesId}>
          <Field
            label={`Guests and notes for ${unit.unit_name}`}
            description="Who stays here, or anything the team should know about this cabin."
          >
            <Textarea
              rows={2}
              maxLength={LIMITS.internal_notes_max}
              value={unit.unit_notes}
              onChange={(event) => props.onNotes(event.target.value)}
            />
          </Field>
        </div>
      ) : null}
      <details className="rounded-lg bg-muted/50 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">Pricing Breakdown</summary>
        {line ? (
          <dl className="mt-2 grid gap-1">
            <MoneyRow label={`Base total (${nightsLabel(props.nights)})`} value={line.base_total} />
            {line.weekend_surcharge > 0 ? (
              <MoneyRow label="Weekend surcharge" value={line.weekend_surcharge} />
            ) : null}
            {line.extra_person_fee > 0 ? (
              <MoneyRow label="Extra person fee" value={line.extra_person_fee} />
            ) : null}
            <MoneyRow label="Cabin total" value={line.unit_total} strong />
          </dl>
        ) : (
          <p className="mt-2 text-muted-foreground">Calculating…</p>
        )}
      </details>
    </li>
  );
}

function MoneyRow({
  label,
  value,
  strong,
  negative,
  testId,
  className,
}: {
  label: string;
  value: number;
  strong?: boolean;
  negative?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        strong && 'font-semibold',
        className,
      )}
    >
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums" data-testid={testId}>
        {negative ? '−' : ''}
        {formatCurrency(value)}
      </dd>
    </div>
  );
}

/** DESIGN §4's booking price as POST /api/quote answers it for the selection. */
function PriceSummary({
  quote,
  updating,
  error,
  headingLevel = 4,
}: {
  quote: QuoteResponse | undefined;
  updating: boolean;
  error: string | null;
  /** Step 1 shows it under "Selected cabins" (h3), step 3 right under the step's h2. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (error && !quote) {
    return (
      <p role="alert" className="flex gap-2 rounded-lg bg-destructive-soft p-4 text-sm">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {error}
      </p>
    );
  }
  if (!quote) {
    return (
      <div role="status" className="grid gap-2 rounded-lg bg-muted/60 p-4">
        <span className="sr-only">Calculating the price…</span>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  }
  return (
    <section
      aria-labelledby="price-summary-title"
      aria-busy={updating || undefined}
      className={cn('rounded-lg border border-border bg-sand-50 p-4', updating && 'opacity-70')}
    >
      <Heading id="price-summary-title" className="mb-2 flex justify-between text-sm font-semibold">
        <span>Price summary</span>
        <span className="font-normal text-muted-foreground">{nightsLabel(quote.nights)}</span>
      </Heading>
      <dl className="grid gap-1 text-sm" data-testid="price-summary">
        <MoneyRow label="Base amount" value={quote.base_amount} />
        {quote.total_surcharges > 0 ? (
          <MoneyRow label="Surcharges and extra persons" value={quote.total_surcharges} />
        ) : null}
        <MoneyRow label="Subtotal" value={quote.subtotal} />
        {quote.discount && quote.discount_amount > 0 ? (
          <MoneyRow label={discountLabel(quote.discount)} value={quote.discount_amount} negative />
        ) : null}
        <MoneyRow label="VAT" value={quote.vat} />
        <MoneyRow label="Local tax" value={quote.local_tax} />
        {/* A <dl> holds <dt>/<dd> groups one level deep (axe definition-list, dlitem). */}
        <MoneyRow
          label="Total"
          value={quote.total_amount}
          strong
          testId="quote-total"
          className="mt-1 border-t border-border pt-2 text-base"
        />
      </dl>
    </section>
  );
}
