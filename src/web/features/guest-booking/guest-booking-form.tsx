import { Link } from '../../lib/public-router';
import { AlertTriangle, CalendarDays, Info, Send, UserRound, Wallet } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  GUEST_PAYMENT_METHODS,
  GUEST_PAYMENT_METHOD_LABELS,
  LIMITS,
} from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { addDays, diffDays, isIsoDate } from '../../../domain/dates';
import { formatCurrency, formatDate, formatPhoneInput, formatTime12 } from '../../../domain/format';
import type { PublicSettings } from '../../../domain/settings';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { NETWORK_ERROR_MESSAGE, isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { RenderLater } from '../../lib/render-later';
import { useCaptchaConfig } from '../captcha/get-captcha-config';
import { HumanVerification } from '../captcha/human-verification';
import type { PublicUnit } from '../../../domain/schemas/unit.schema';
import { SelectedCabin } from './selected-cabin';
import { BOOKING_STEPS } from './booking-steps';
import type { BookingStep } from './booking-steps';
import { usePricePreview } from '../quote/use-price-preview';
import { useQuote } from '../quote/get-quote';
import type { QuoteRequestBody } from '../quote/get-quote';
import type { RatePlan } from '../../../domain/pricing';
import { usePublicStayRules } from '../public-settings/get-public-stay-rules';
import { PromoCodeField } from './promo-code-field';
import { RatePlanChoice } from './rate-plan-choice';
import { guestStayRuleChecks } from './stay-rule-checks';
import { CREATE_BOOKING_FALLBACK } from './guest-booking-api';
import type { GuestBookingCreated } from '../../../domain/schemas/guest-booking.schema';
import type { ExtraSelection } from '../../../domain/schemas/extra.schema';
import {
  GuestBookingNotCreated,
  GuestProofNotUploaded,
  useSubmitGuestBooking,
} from './submit-guest-booking';
import type { ReceivedBooking } from './booking-confirmed';
import { PaymentInstructions } from './payment-instructions';
import { PaymentProofField } from '../../components/ui/payment-proof-field';
import { PriceBreakdown } from '../quote/price-breakdown';
import { balanceDueText, isFullPayment } from '../quote/deposit-text';
import { ExtrasPicker } from './extras-picker';
import { useExtrasChoice } from './use-extras-choice';
import { ProofFileError } from '../../lib/prepare-proof-file';
import { useProofFile } from '../../lib/use-proof-file';
import { PROOF_MESSAGES } from '../../lib/proof-file';
import { rateTaxNote } from '../public-site/rate-tax-note';
import { StayAvailabilityNote } from './stay-availability-note';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { lazyGuestBookingValidate, loadGuestBookingValidation } from './load-validation';
import { useGuestBookingForm } from './use-guest-booking-form';
import { loadBookingConfirmed } from './load-booking-confirmed';
import type { GuestFieldName, GuestFormValues } from './use-guest-booking-form';

type FormValues = GuestFormValues;

const GUEST_FIELDS = [
  'guest_name',
  'email',
  'phone_number',
  'unit_id',
  'check_in',
  'check_out',
  'num_guests',
  'special_requests',
  'payment_method',
  'payment_reference',
] as const satisfies readonly GuestFieldName[];

const FORM_FIELDS = new Set<string>([...GUEST_FIELDS, 'turnstile_token']);
const PROOF_FIELDS = new Set(['file_name', 'file_type', 'file_size']);

export interface GuestBookingFormProps {
  units: PublicUnit[];
  settings: PublicSettings;
  /** The resort's today (DESIGN §3), 'YYYY-MM-DD'. */
  today: string;
  initialUnitId?: string;
  onBooked: (result: ReceivedBooking) => void;
}

function guestOptions(max: number) {
  return Array.from({ length: Math.max(1, max) }, (_, i) => ({
    value: String(i + 1),
    label: `${i + 1} ${i === 0 ? 'guest' : 'guests'}`,
  }));
}

/** A card of the form while it loads, or while it waits to be drawn (RenderLater). */
export function FormCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardHeader>
        <Skeleton className="h-6 w-48" />
      </CardHeader>
      <CardContent className="grid gap-4">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §2 and §5: the "Book Your Stay" form in three cards, with SPEC §4's submit flow. The first
 * card is drawn with the form, the rest each in a task of its own (RenderLater).
 */
export function GuestBookingForm({
  units,
  settings,
  today,
  initialUnitId,
  onBooked,
}: GuestBookingFormProps) {
  const validate = useMemo(() => lazyGuestBookingValidate(today), [today]);
  const form = useGuestBookingForm({
    validate,
    defaultValues: {
      guest_name: '',
      email: '',
      phone_number: '',
      unit_id: units.some((u) => u.unit_id === initialUnitId) ? initialUnitId : '',
      check_in: '',
      check_out: '',
      num_guests: 1,
      special_requests: '',
      // Issue 15: the guest chooses how they paid; nothing is chosen for them.
      payment_method: '' as unknown as GuestFormValues['payment_method'],
      payment_reference: '',
      file_name: '',
      turnstile_token: '',
    },
  });
  const { register, setValue, setError, clearErrors, errors } = form;

  const proofFile = useProofFile({
    onReady: (prepared) => {
      setValue('file_name', prepared.name);
      setValue('file_type', prepared.type as FormValues['file_type']);
      setValue('file_size', prepared.size);
    },
  });
  const { state: proof, setState: setProof } = proofFile;
  const [token, setToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [step, setStep] = useState<BookingStep | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<string | null>(null);
  const submitBooking = useSubmitGuestBooking();
  const submitting = step !== null;
  const afterEnabled = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (step !== null || !afterEnabled.current) return;
    const run = afterEnabled.current;
    afterEnabled.current = null;
    run();
  }, [step]);
  const captchaProvider = useCaptchaConfig().data?.provider ?? 'altcha';
  const extras = useExtrasChoice();
  // Issue 21: the promo code sent with the quote and the booking, and the server's reason when
  // the code typed cannot be used; the rate plan, offered when the resort sells non-refundable.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoRefusal, setPromoRefusal] = useState<string | null>(null);
  const [chosenPlan, setChosenPlan] = useState<RatePlan>('flexible');
  const nonRefundable = settings.non_refundable;
  const ratePlan: RatePlan = nonRefundable.enabled ? chosenPlan : 'flexible';
  const stayRules = usePublicStayRules();

  const {
    unit_id: unitId,
    check_in: checkIn,
    check_out: checkOut,
    num_guests: numGuests,
    special_requests: specialRequests,
    guest_name: guestName,
  } = form.values;
  const unit = units.find((u) => u.unit_id === unitId);
  // Issue 15: the same tax note as the home page's cabin cards.
  const taxNote = rateTaxNote(settings);
  const minCheckIn = addDays(today, 1);
  const minCheckOut = isIsoDate(checkIn) ? addDays(checkIn, 1) : addDays(today, 2);

  // The quote follows the guest's choices, priced once they pause (DESIGN §4: server prices).
  const stayIsValid =
    unit !== undefined &&
    isIsoDate(checkIn) &&
    isIsoDate(checkOut) &&
    checkIn > today &&
    checkOut > checkIn &&
    diffDays(checkOut, checkIn) <= LIMITS.stay_max_nights;
  // Issue 21 point 1: the stay rules are said at the dates before the guest submits; a stay
  // they refuse is not priced (the server would refuse the quote with the same message).
  const ruleChecks = guestStayRuleChecks(stayRules, {
    unit_id: unitId,
    check_in: checkIn,
    check_out: checkOut,
    today,
  });
  const stayIsPriceable = stayIsValid && !ruleChecks.check_in && !ruleChecks.check_out;
  const preview = usePricePreview(
    stayIsPriceable
      ? {
          unit_id: unitId,
          num_guests: Math.min(Number(numGuests) || 1, unit.max_occupancy),
          check_in: checkIn,
          check_out: checkOut,
          extras: extras.selection,
          promo_code: promoCode ?? undefined,
          rate_plan: ratePlan,
        }
      : null,
    350,
  );
  const quoteQuery = preview.query;
  // A code the server refuses for this stay (a 400 at promo_code) is said at its field and taken
  // off, so the stay is priced without it.
  const quoteError = quoteQuery.error;
  const promoIssue =
    promoCode && isApiError(quoteError) && quoteError.status === 400
      ? (quoteError.issues ?? []).find((issue) => issue.path === 'promo_code')
      : undefined;
  useEffect(() => {
    if (!promoIssue) return;
    setPromoRefusal(promoIssue.message);
    setPromoCode(null);
  }, [promoIssue]);
  // Each rate plan's total: the one chosen is the preview's, the other one priced beside it.
  const otherPlan: RatePlan = ratePlan === 'flexible' ? 'non_refundable' : 'flexible';
  const otherPlanBody = useMemo((): QuoteRequestBody | null => {
    if (!nonRefundable.enabled || !preview.body) return null;
    const { rate_plan: _chosen, ...rest } = preview.body;
    return otherPlan === 'flexible' ? rest : { ...rest, rate_plan: otherPlan };
  }, [nonRefundable.enabled, preview.body, otherPlan]);
  const otherPlanQuery = useQuote(otherPlanBody);
  // Not the previous stay's figure kept on screen while the new one loads.
  const otherPlanQuote =
    otherPlanQuery.isFetching || otherPlanQuery.isPlaceholderData ? undefined : otherPlanQuery.data;
  // The availability note follows the cabin and dates (not the guest count), also debounced.
  const debouncedStay = useDebouncedValue(
    stayIsValid ? [unitId, checkIn, checkOut].join('|') : null,
    350,
  );
  const noteStay = debouncedStay ? (debouncedStay.split('|') as [string, string, string]) : null;
  const quote = preview.hasStay ? quoteQuery.data : undefined;
  const quoteUpdating = preview.waiting || quoteQuery.isFetching;
  const planTotals: Partial<Record<RatePlan, number>> = {};
  if (quote && !quoteUpdating) planTotals[quote.rate_plan] = quote.total_amount;
  if (otherPlanQuote && !quoteUpdating) {
    planTotals[otherPlanQuote.rate_plan] ??= otherPlanQuote.total_amount;
  }

  const onTokenChange = useCallback(
    (next: string | null) => {
      setToken(next);
      setValue('turnstile_token', next ?? '');
      if (next) clearErrors('turnstile_token');
    },
    [setValue, clearErrors],
  );

  const clearProofFields = () => {
    setValue('file_name', '');
    setValue('file_type', undefined as unknown as FormValues['file_type']);
    setValue('file_size', undefined as unknown as number);
  };

  // Preparation starts as soon as a file is chosen, so a bad file is reported at once; the
  // submit flow then waits for it at its "preparing the file" step (SPEC §4, 20%).
  const selectProof = (file: File) => {
    clearErrors(['file_name', 'file_type', 'file_size']);
    clearProofFields();
    proofFile.select(file);
  };

  const removeProof = () => {
    proofFile.clear();
    clearProofFields();
  };

  const onCheckInChange = (value: string) => {
    setConflict(null);
    // SPEC §4: when check-out is on or before check-in it becomes check-in plus one day.
    const currentOut = form.getValues().check_out;
    if (isIsoDate(value) && (!isIsoDate(currentOut) || currentOut <= value)) {
      setValue('check_out', addDays(value, 1), { shouldValidate: form.isTouched('check_out') });
    }
  };

  const onUnitChange = (value: string) => {
    setConflict(null);
    const next = units.find((u) => u.unit_id === value);
    const guests = Number(form.getValues().num_guests) || 1;
    if (next && guests > next.max_occupancy) setValue('num_guests', next.max_occupancy);
  };

  /**
   * Puts the server's 400 issues on their fields (`sentExtras`: the extras the request carried,
   * which `extras.<index>` refers to); true when at least one found a home.
   */
  const showServerIssues = (
    issues: { path: string; message: string }[],
    sentExtras: ExtraSelection,
  ): boolean => {
    let placed = false;
    for (const issue of issues) {
      const [field = '', index] = issue.path.split('.');
      if (field === 'extras') {
        const extraId = extras.showIssue(sentExtras, index ? Number(index) : null, issue.message);
        if (!placed) {
          afterEnabled.current = () =>
            extraId
              ? extras.focus(extraId)
              : document.getElementById('extras-picker')?.scrollIntoView({ block: 'center' });
        }
        placed = true;
      } else if (field === 'promo_code') {
        setPromoRefusal(issue.message);
        setPromoCode(null);
        if (!placed) {
          afterEnabled.current = () => document.getElementById('promo-code')?.focus();
        }
        placed = true;
      } else if (PROOF_FIELDS.has(field)) {
        setProof((current) =>
          current.status === 'ready'
            ? { status: 'error', original: current.original, message: issue.message }
            : current,
        );
        placed = true;
      } else if (FORM_FIELDS.has(field)) {
        setError(field as GuestFieldName, issue.message, { shouldFocus: !placed });
        placed = true;
      }
    }
    return placed;
  };

  const fail = (message: string) => {
    setStep(null);
    toast.error(message);
  };

  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    void loadBookingConfirmed().catch(() => undefined);
    setConflict(null);
    setUploadNote(null);
    // The extras priced in the preview are the ones booked (issue 17).
    const sentExtras = extras.selection;
    setStep('start');
    await nextFrame();

    // 10%: the guest's fields, with SPEC §5's messages.
    setStep('validating');
    let fieldsValid: boolean;
    try {
      await loadGuestBookingValidation();
      fieldsValid = await form.trigger([...GUEST_FIELDS]);
    } catch (cause) {
      console.warn('The form validation could not be loaded', cause);
      fail(NETWORK_ERROR_MESSAGE);
      return;
    }
    if (proof.status === 'empty') {
      setProof({ status: 'error', original: null, message: PROOF_MESSAGES.required });
    }
    if (!token) setError('turnstile_token', MESSAGES.captcha);
    const extraToFix = extras.check();
    // Issue 21: a stay the rules refuse is not sent (the messages are at the dates already).
    const ruleField = ruleChecks.check_in ? 'check_in' : ruleChecks.check_out ? 'check_out' : null;
    if (
      ruleField !== null ||
      !fieldsValid ||
      extraToFix !== null ||
      proof.status === 'empty' ||
      proof.status === 'error' ||
      !token
    ) {
      // Focus the first field to fix once the form is enabled again (a disabled field cannot
      // take focus, so this waits for the render that enables it).
      afterEnabled.current = () => {
        const first = GUEST_FIELDS.find((name) => form.isInvalid(name)) ?? ruleField ?? undefined;
        if (first) form.setFocus(first);
        else if (extraToFix !== null) extras.focus(extraToFix);
        else document.getElementById('payment-proof-section')?.scrollIntoView({ block: 'center' });
      };
      setStep(null);
      return;
    }

    // 20%: HEIC conversion and compression (started when the file was chosen).
    setStep('preparing');
    let file: File;
    try {
      const task = proofFile.task.current;
      if (!task) throw new ProofFileError(PROOF_MESSAGES.required);
      file = await task;
    } catch (cause) {
      setStep(null);
      document.getElementById('payment-proof-section')?.scrollIntoView({ block: 'center' });
      if (!(cause instanceof ProofFileError)) console.warn(cause);
      return;
    }
    setValue('file_name', file.name);
    setValue('file_type', file.type as FormValues['file_type']);
    setValue('file_size', file.size);
    const { validateGuestBooking } = await loadGuestBookingValidation(); // already loaded
    const parsed = validateGuestBooking(today, { ...form.getValues(), extras: sentExtras });
    if (!parsed.data) {
      showServerIssues(
        Object.entries(parsed.errors).map(([path, message]) => ({ path, message })),
        sentExtras,
      );
      setStep(null);
      return;
    }
    const values = parsed.data;

    // 30% to 90%: the booking, its proof and the proof's record (submit-guest-booking.ts).
    let created: GuestBookingCreated;
    try {
      created = await submitBooking.submit({
        values: {
          ...values,
          ...(promoCode ? { promo_code: promoCode } : {}),
          ...(ratePlan !== 'flexible' ? { rate_plan: ratePlan } : {}),
        },
        file,
        onStep: setStep,
      });
    } catch (error) {
      if (error instanceof GuestProofNotUploaded) {
        setUploadNote(
          `Your booking ${error.booking.booking_reference} was created, but the payment proof did not upload. Choose the file again if needed and press “Submit Booking” to retry the upload.`,
        );
        fail(error.message);
        return;
      }
      const cause = error instanceof GuestBookingNotCreated ? error.cause : error;
      // An ALTCHA solution is spent only by a booking that is made (docs/decisions/0007), so it
      // is kept for the next try unless the server refused the solution itself; a Turnstile
      // token is single use at Cloudflare, so that one is always renewed.
      const captchaRefused =
        !isApiError(cause) ||
        cause.message === MESSAGES.captcha ||
        (cause.issues ?? []).some((issue) => issue.path.startsWith('turnstile_token'));
      if (captchaRefused || captchaProvider !== 'altcha') setCaptchaReset((n) => n + 1);
      if (isApiError(cause) && cause.status === 409) {
        setStep(null);
        setConflict(cause.message);
        toast.error(cause.message);
        document.getElementById('stay-dates')?.scrollIntoView({ block: 'center' });
        return;
      }
      if (isApiError(cause) && cause.status === 400 && cause.issues) {
        showServerIssues(cause.issues, sentExtras);
      }
      fail(error instanceof Error && error.message ? error.message : CREATE_BOOKING_FALLBACK);
      return;
    }

    setStep('done');
    await nextFrame();
    onBooked({
      reference: created.booking.booking_reference,
      email: values.email,
      cabinName: units.find((u) => u.unit_id === values.unit_id)?.unit_name ?? 'Your cabin',
      checkIn: values.check_in,
      checkOut: values.check_out,
      nights: diffDays(values.check_out, values.check_in),
      // The server's figures are the ones charged (they may differ from the preview shown).
      total: created.booking.total_amount,
      deposit: created.booking.deposit_amount,
      balance: created.booking.balance_amount,
      balanceDueDate: created.booking.balance_due_date,
      // The code priced the booking only when it saved more than the automatic discount.
      promoCode:
        promoCode && quote?.promo?.code === promoCode && quote.promo.applied ? promoCode : null,
      ratePlan: nonRefundable.enabled ? ratePlan : null,
    });
  };

  // Issue 17 point 3: no reference exists before the booking, so staff match by name and date.
  const noteName = (guestName ?? '').trim();
  const paymentNote =
    noteName && isIsoDate(checkIn) ? (
      <>
        your name and check-in date, e.g.{' '}
        <strong className="wrap-anywhere">
          “{noteName}, {formatDate(checkIn)}”
        </strong>
        .
      </>
    ) : (
      'your name and check-in date.'
    );
  const maxGuests = unit?.max_occupancy ?? LIMITS.guests_max;
  const requestsLength = (specialRequests ?? '').length;
  const proofError = errors.file_name ?? errors.file_type ?? errors.file_size;
  const phoneField = register('phone_number');
  const unitField = register('unit_id', { onChange: (e) => onUnitChange(String(e.target.value)) });
  const checkInField = register('check_in', {
    onChange: (e) => onCheckInChange(String(e.target.value)),
  });
  const checkOutField = register('check_out', { onChange: () => setConflict(null) });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // The schema (zod) is fetched when the guest starts filling in the form.
      onFocusCapture={() => void loadGuestBookingValidation().catch(() => undefined)}
      onPointerDownCapture={() => void loadGuestBookingValidation().catch(() => undefined)}
      className="grid gap-6"
      aria-describedby="booking-form-note"
    >
      <p id="booking-form-note" className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <fieldset disabled={submitting} className="grid min-w-0 gap-6">
        <legend className="sr-only">Your booking</legend>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserRound aria-hidden="true" className="size-5 text-primary" />
              Guest Information
            </CardTitle>
            <CardDescription>We send your booking confirmation to this e-mail.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field label="Full name" required error={errors.guest_name}>
              <Input autoComplete="name" {...register('guest_name')} />
            </Field>
            <Field label="E-mail" required error={errors.email}>
              <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
            </Field>
            <Field
              label="Phone number"
              required
              description="Philippine number, e.g. +639123456789 or 09123456789"
              error={errors.phone_number}
            >
              <Input
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                {...phoneField}
                onBlur={(event) => {
                  // SPEC §5 phone helper: shows a mobile number as +63 9XX XXX XXXX.
                  const formatted = formatPhoneInput(event.target.value);
                  if (/^\+63 9/.test(formatted)) setValue('phone_number', formatted);
                  void phoneField.onBlur(event);
                }}
              />
            </Field>
          </CardContent>
        </Card>

        <RenderLater fallback={<FormCardSkeleton />}>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="size-5 text-primary" />
                Booking Details
              </CardTitle>
              <CardDescription>
                Check-in from {formatTime12(settings.check_in_time)}, check-out by{' '}
                {formatTime12(settings.check_out_time)}.{' '}
                <Link to={paths.calendar} className="font-medium text-primary underline">
                  See the availability calendar
                </Link>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Cabin"
                required
                description={
                  unit
                    ? `${unit.unit_type} · up to ${unit.max_occupancy} guests · from ${formatCurrency(unit.base_rate, { wholePesos: true })} a night${taxNote ? ` ${taxNote}` : ''}`
                    : undefined
                }
                error={errors.unit_id}
                className="sm:col-span-2"
              >
                <Select
                  placeholder="Select a cabin"
                  options={units.map((u) => ({
                    value: u.unit_id,
                    label: u.unit_name,
                  }))}
                  {...unitField}
                />
              </Field>
              {unit ? <SelectedCabin unit={unit} className="sm:col-span-2" /> : null}
              <div id="stay-dates" className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
                <Field
                  label="Check-in"
                  required
                  error={errors.check_in ?? ruleChecks.check_in ?? undefined}
                >
                  <DatePicker min={minCheckIn} {...checkInField} />
                </Field>
                <Field
                  label="Check-out"
                  required
                  error={errors.check_out ?? ruleChecks.check_out ?? undefined}
                >
                  <DatePicker min={minCheckOut} {...checkOutField} />
                </Field>
                {ruleChecks.hint ? (
                  <p
                    className="flex gap-2 text-sm text-muted-foreground sm:col-span-2"
                    data-testid="stay-rule-hint"
                  >
                    <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {ruleChecks.hint}.
                  </p>
                ) : null}
                {conflict ? (
                  <p
                    role="alert"
                    className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm font-medium text-destructive sm:col-span-2"
                    data-testid="date-conflict"
                  >
                    <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {conflict}
                  </p>
                ) : stayIsPriceable && noteStay ? (
                  <StayAvailabilityNote
                    unitId={noteStay[0]}
                    checkIn={noteStay[1]}
                    checkOut={noteStay[2]}
                    className="sm:col-span-2"
                  />
                ) : null}
              </div>
              <Field
                label="Number of guests"
                required
                description={unit ? `Up to ${unit.max_occupancy} guests in this cabin` : undefined}
                error={errors.num_guests}
              >
                <Select
                  options={guestOptions(maxGuests)}
                  {...register('num_guests', { valueAsNumber: true })}
                />
              </Field>
              <Field
                label="Special requests (optional)"
                description={`${requestsLength}/${LIMITS.special_requests_max} characters`}
                error={errors.special_requests}
                className="sm:col-span-2"
              >
                <Textarea
                  rows={3}
                  maxLength={LIMITS.special_requests_max}
                  {...register('special_requests')}
                />
              </Field>
              <ExtrasPicker {...extras.picker} taxNote={taxNote} className="sm:col-span-2" />
              {nonRefundable.enabled ? (
                <RatePlanChoice
                  value={ratePlan}
                  onChange={setChosenPlan}
                  percent={nonRefundable.percent}
                  totals={planTotals}
                  className="sm:col-span-2"
                />
              ) : null}
              <PromoCodeField
                id="promo-code"
                applied={promoCode}
                refusal={promoRefusal}
                quote={quote}
                updating={quoteUpdating}
                hasStay={stayIsPriceable}
                onApply={(code) => {
                  setPromoRefusal(null);
                  setPromoCode(code);
                }}
                onRemove={() => {
                  setPromoRefusal(null);
                  setPromoCode(null);
                }}
                className="sm:col-span-2"
              />
              <div className="sm:col-span-2">
                <PriceBreakdown
                  quote={quote}
                  taxMode={settings.tax_mode}
                  updating={quoteUpdating}
                  ready={stayIsPriceable}
                  error={quoteQuery.error && !promoIssue ? quoteQuery.error.message : null}
                  showDeposit
                  ratePlanPercent={nonRefundable.enabled ? nonRefundable.percent : undefined}
                />
              </div>
            </CardContent>
          </Card>
        </RenderLater>

        <RenderLater fallback={<FormCardSkeleton />}>
          <Card id="payment-proof-section">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Wallet aria-hidden="true" className="size-5 text-primary" />
                Payment Proof
              </CardTitle>
              <CardDescription>Pay the amount below now, then upload your receipt.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <PaymentInstructions
                settings={settings}
                amount={quote ? quote.deposit.deposit_amount : null}
                amountLabel={
                  quote && isFullPayment(quote.deposit)
                    ? 'Pay now (the full amount)'
                    : 'Deposit to pay now'
                }
                paymentNote={paymentNote}
              >
                {quote && !isFullPayment(quote.deposit) ? (
                  <p data-testid="balance-due">{balanceDueText(quote.deposit)}.</p>
                ) : null}
              </PaymentInstructions>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="How did you pay?" required error={errors.payment_method}>
                  <Select
                    placeholder="Select a payment method"
                    options={GUEST_PAYMENT_METHODS.map((method) => ({
                      value: method,
                      label: GUEST_PAYMENT_METHOD_LABELS[method],
                    }))}
                    {...register('payment_method')}
                  />
                </Field>
                <Field
                  label="Transaction reference (optional)"
                  description="The reference number on your receipt helps us find your payment."
                  error={errors.payment_reference}
                >
                  <Input
                    autoComplete="off"
                    maxLength={LIMITS.payment_reference_max}
                    {...register('payment_reference')}
                  />
                </Field>
              </div>
              <PaymentProofField
                state={proof}
                error={proofError}
                onSelect={selectProof}
                onRemove={removeProof}
                disabled={submitting}
              />
            </CardContent>
          </Card>
        </RenderLater>
      </fieldset>

      <RenderLater>
        <section aria-labelledby="verification-title" className="grid gap-3">
          <h2 id="verification-title" className="text-base font-semibold">
            Human verification
          </h2>
          <HumanVerification
            onChange={onTokenChange}
            resetKey={captchaReset}
            autoRestart
            error={errors.turnstile_token}
          />
        </section>

        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            By booking you agree to the{' '}
            <Link to={paths.terms} className="font-medium text-primary underline">
              Terms and Conditions
            </Link>
            .
          </p>

          {uploadNote ? (
            <p
              role="alert"
              className="rounded-lg border border-sand-400 bg-warning-soft p-3 text-sm text-warning-foreground"
            >
              {uploadNote}
            </p>
          ) : null}

          <div aria-live="polite" className={step ? 'grid gap-2' : 'sr-only'}>
            {step ? (
              <>
                <Progress value={BOOKING_STEPS[step].value} label="Booking progress" />
                <p className="flex justify-between gap-4 text-sm">
                  <span>{BOOKING_STEPS[step].label}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {BOOKING_STEPS[step].value}%
                  </span>
                </p>
              </>
            ) : null}
          </div>

          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:justify-self-end"
            disabled={!token || proof.status === 'preparing'}
            loading={submitting}
            loadingText="Booking…"
          >
            <Send aria-hidden="true" />
            Submit Booking
          </Button>
          {!token && !submitting ? (
            <p className="text-sm text-muted-foreground sm:text-right">
              Complete the verification above to submit.
            </p>
          ) : null}
        </div>
      </RenderLater>
    </form>
  );
}
