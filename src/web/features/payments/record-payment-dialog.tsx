import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS, PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { recordPaymentSchema } from '../../../domain/schemas/record-payment.schema';
import type {
  RecordPayment,
  RecordPaymentInput,
} from '../../../domain/schemas/record-payment.schema';
import { Button } from '../../components/ui/button';
import { CurrencyInput } from '../../components/ui/currency-input';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { STAFF_PAYMENT_METHODS } from '../bookings/create-booking-dialog';
import { bookingQueryOptions } from '../bookings/get-booking';
import { PaymentProofField } from '../../components/ui/payment-proof-field';
import { PROOF_MESSAGES } from '../../lib/proof-file';
import { useProofFile } from '../../lib/use-proof-file';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';
import { ProofUploadError, useRecordPayment, useRetryProofUpload } from './record-payment';
import { PAYMENT_PICKER_PAGE_SIZE, usePaymentPickerBookings } from '../bookings/get-bookings';

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

/** The booking a payment is for, when the dialog opens from that booking's page. */
export interface PaymentBookingChoice {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  total_amount: number;
  /** What is still to pay, the amount's starting value. */
  balance?: number;
}

const FIELDS = [
  'booking_id',
  'payment_amount',
  'payment_method',
  'transaction_reference',
  'notes',
  'file_name',
  'file_type',
  'file_size',
] as const satisfies readonly FieldPath<RecordPaymentInput>[];

export interface RecordPaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking?: PaymentBookingChoice;
  onRecorded?: (payment: PaymentDetail) => void;
}

/** SPEC §2 "Record New Payment" with SPEC §5's payment form. */
export function RecordPaymentDialog({
  open,
  onOpenChange,
  booking,
  onRecorded,
}: RecordPaymentDialogProps) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record New Payment"
      description="Record money received for a booking, with its proof."
      size="lg"
    >
      {open ? (
        <RecordPaymentForm
          booking={booking}
          onDone={(payment) => {
            onOpenChange(false);
            if (payment) onRecorded?.(payment);
          }}
        />
      ) : null}
    </SimpleDialog>
  );
}

function resultMessage(payment: PaymentDetail): string {
  return payment.payment_status === 'Completed'
    ? `Payment of ${formatCurrency(payment.payment_amount)} recorded and verified`
    : `Payment of ${formatCurrency(payment.payment_amount)} recorded. It awaits a manager's verification.`;
}

function RecordPaymentForm({
  booking,
  onDone,
}: {
  booking?: PaymentBookingChoice;
  onDone: (payment: PaymentDetail | null) => void;
}) {
  const record = useRecordPayment();
  const retry = useRetryProofUpload();
  const proofPicker = useProofFile({
    onReady: (prepared) => {
      setValue('file_name', prepared.name);
      setValue('file_type', prepared.type as RecordPaymentInput['file_type']);
      setValue('file_size', prepared.size, { shouldValidate: formState.isSubmitted });
    },
  });
  const proof = proofPicker.state;
  const [formError, setFormError] = useState<string | null>(null);
  /** Recorded, but its proof did not upload: a retry uploads to this payment. */
  const [stranded, setStranded] = useState<PaymentDetail | null>(null);

  const form = useForm<RecordPaymentInput, unknown, RecordPayment>({
    resolver: zodResolver(recordPaymentSchema),
    mode: 'onTouched',
    defaultValues: {
      booking_id: booking?.booking_id ?? '',
      payment_amount: booking?.balance && booking.balance >= 100 ? booking.balance : undefined,
      payment_method: undefined,
      transaction_reference: '',
      notes: '',
      file_name: '',
    },
  });
  const { register, control, formState, setValue, clearErrors } = form;
  const errors = formState.errors;
  const queryClient = useQueryClient();
  /** The chosen booking's balance due (server figure), once read. */
  const [pickedBalance, setPickedBalance] = useState<{ id: string; balance: number } | null>(null);
  const pickedId = useRef<string | null>(null);

  // A booking chosen in the picker fills the amount with what is still to pay on it.
  const chooseBooking = (bookingId: string) => {
    setValue('booking_id', bookingId, { shouldValidate: true });
    pickedId.current = bookingId;
    setPickedBalance(null);
    if (!bookingId) return;
    queryClient.fetchQuery(bookingQueryOptions(bookingId)).then(
      (detail) => {
        if (pickedId.current !== bookingId) return;
        setPickedBalance({ id: bookingId, balance: detail.balance });
        if (detail.balance > 0) {
          setValue('payment_amount', detail.balance, {
            shouldDirty: true,
            shouldValidate: formState.isSubmitted,
          });
        }
      },
      () => undefined,
    );
  };

  const clearProofFields = () => {
    setValue('file_name', '');
    setValue('file_type', undefined as unknown as RecordPaymentInput['file_type']);
    setValue('file_size', undefined as unknown as number);
  };

  const selectProof = (file: File) => {
    clearErrors(['file_name', 'file_type', 'file_size']);
    clearProofFields();
    proofPicker.select(file);
  };

  const proofFile = proof.status === 'ready' ? proof.file : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!proofFile) {
      form.setError('file_name', { message: PROOF_MESSAGES.required });
      return;
    }
    try {
      const payment = await record.mutateAsync({ values, file: proofFile });
      toast.success(resultMessage(payment));
      onDone(payment);
    } catch (error) {
      if (error instanceof ProofUploadError) {
        setStranded(error.payment);
        setFormError(error.message);
        toast.error(error.message);
        return;
      }
      const placed = applyServerIssues(error, form.setError, FIELDS);
      const message = error instanceof Error ? error.message : 'The payment was not recorded.';
      if (placed === 0) setFormError(message);
      toast.error(message);
    }
  });

  const retryUpload = async () => {
    if (!stranded || !proofFile) return;
    try {
      const payment = await retry.mutateAsync({ payment: stranded, file: proofFile });
      toast.success(resultMessage(payment));
      onDone(payment);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again.';
      setFormError(message);
      toast.error(message);
    }
  };

  const errorOfProof =
    errors.file_name?.message ?? errors.file_type?.message ?? errors.file_size?.message;
  const busy = formState.isSubmitting || retry.isPending;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid min-w-0 grid-cols-1 gap-5"
      aria-label="Record New Payment"
    >
      {formError ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
        >
          <p className="flex gap-2">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {formError}
          </p>
          {stranded ? (
            <p>
              The payment was recorded without its proof.{' '}
              <Button
                size="sm"
                variant="outline"
                onClick={() => void retryUpload()}
                loading={retry.isPending}
                loadingText="Uploading..."
              >
                Try Upload Again
              </Button>
            </p>
          ) : null}
        </div>
      ) : null}

      {booking ? (
        <div className="rounded-lg border border-border bg-sand-50 p-3 text-sm">
          <p className="font-semibold">
            <span className="font-mono">{booking.booking_reference}</span> · {booking.guest_name}
          </p>
          <p className="text-muted-foreground">
            {formatDate(booking.check_in)} to {formatDate(booking.check_out)} · total{' '}
            {formatCurrency(booking.total_amount)}
            {booking.balance !== undefined ? ` · balance ${formatCurrency(booking.balance)}` : ''}
          </p>
        </div>
      ) : (
        <BookingPicker
          value={form.watch('booking_id')}
          error={errors.booking_id?.message}
          disabled={stranded !== null}
          balance={
            pickedBalance && pickedBalance.id === form.watch('booking_id')
              ? pickedBalance.balance
              : undefined
          }
          onChange={chooseBooking}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount" required error={errors.payment_amount?.message}>
          {(controlProps) => (
            <Controller
              control={control}
              name="payment_amount"
              render={({ field }) => (
                <CurrencyInput
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  disabled={stranded !== null}
                  value={typeof field.value === 'number' ? field.value : null}
                  onValueChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
        <Field label="Payment method" required error={errors.payment_method?.message}>
          <Select
            disabled={stranded !== null}
            {...register('payment_method', {
              setValueAs: (value: string) => (value === '' ? undefined : value),
            })}
            placeholder="Select a method"
            options={STAFF_PAYMENT_METHODS.map((method) => ({
              value: method,
              label: PAYMENT_METHOD_LABELS[method],
            }))}
          />
        </Field>
      </div>
      <Field
        label="Transaction reference"
        description="The GCash, Maya or bank reference number, if any."
        error={errors.transaction_reference?.message}
      >
        <Input
          maxLength={100}
          disabled={stranded !== null}
          {...register('transaction_reference')}
        />
      </Field>
      <PaymentProofField
        state={proof}
        error={errorOfProof}
        disabled={busy}
        onSelect={selectProof}
        onRemove={() => {
          proofPicker.clear();
          clearProofFields();
        }}
      />
      <Field
        label="Notes"
        description={`Up to ${LIMITS.notes_max} characters.`}
        error={errors.notes?.message}
      >
        <Textarea rows={2} disabled={stranded !== null} {...register('notes')} />
      </Field>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onDone(null)} disabled={busy}>
          {stranded ? 'Close' : 'Cancel'}
        </Button>
        {stranded ? null : (
          <Button type="submit" loading={formState.isSubmitting} loadingText="Recording...">
            Record Payment
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Finds a booking by reference, guest name or e-mail among all bookings (GET /api/bookings
 * search, debounced), newest first.
 */
function BookingPicker({
  value,
  error,
  disabled,
  balance,
  onChange,
}: {
  value: string;
  error?: string;
  disabled?: boolean;
  balance?: number;
  onChange: (bookingId: string) => void;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const results = usePaymentPickerBookings(term);
  // The chosen booking stays in the list while another search runs.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = (results.data?.data ?? [])
    .filter((booking) => booking.booking_status !== 'Cancelled')
    .map((booking) => ({
      value: booking.booking_id,
      label: `${booking.booking_reference} · ${booking.guest_name} · ${formatDate(booking.check_in)} · ${formatCurrency(booking.total_amount)}`,
    }));
  const total = results.data?.total ?? 0;
  const options =
    chosen && chosen.value === value && !found.some((option) => option.value === value)
      ? [chosen, ...found]
      : found;
  const searching = results.isFetching || text.trim() !== term;
  const description = searching
    ? 'Searching...'
    : found.length === 0
      ? term
        ? 'No booking matches this search.'
        : 'No bookings yet.'
      : total > PAYMENT_PICKER_PAGE_SIZE
        ? `The ${PAYMENT_PICKER_PAGE_SIZE} newest of ${total} matches: type more to narrow.`
        : term
          ? `${found.length} ${found.length === 1 ? 'match' : 'matches'}, newest first.`
          : `${found.length} shown, newest first. Type to search all bookings.`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Find the booking
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            value={text}
            disabled={disabled}
            maxLength={LIMITS.search_max}
            placeholder="Reference, guest name or e-mail"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <Field label="Booking" required error={error} description={description}>
        <Select
          value={options.some((option) => option.value === value) ? value : ''}
          disabled={disabled}
          placeholder="Select a booking"
          options={options}
          onChange={(event) => {
            setChosen(options.find((option) => option.value === event.target.value) ?? null);
            onChange(event.target.value);
          }}
        />
      </Field>
      {value && balance !== undefined ? (
        <p className="text-sm" data-testid="picked-balance">
          Balance due: <span className="font-semibold">{formatCurrency(balance)}</span>
        </p>
      ) : null}
    </div>
  );
}
