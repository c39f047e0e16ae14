import { ArrowRightLeft, CalendarMinus, CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '../../../../domain/constants';
import { addDays, diffDays, isIsoDate } from '../../../../domain/dates';
import { formatCurrency, formatDate } from '../../../../domain/format';
import type { BookingDetailDto as BookingDetail } from '../../../../domain/schemas/booking.schema';
import { Button } from '../../../components/ui/button';
import { DatePicker } from '../../../components/ui/date-picker';
import { Field } from '../../../components/ui/field';
import { textFieldMessage } from '../../../components/ui/form-helpers';
import { radioClass } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useResortToday } from '../../availability/resort-today';
import { useQuote } from '../../quote/get-quote';
import { usePublicUnits } from '../../units/get-public-units';
import { BookingQuestionDialog } from '../booking-question-dialog';
import { ReasonField } from '../reason-field';
import { useEarlyDeparture, useExtendStay, useMoveStay } from './change-stay';

type Change = 'early-departure' | 'extend' | 'move';

const nightsText = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`;

/**
 * Issue 22 "Change stay" on the booking page (staff and up): the guest leaves early, stays
 * longer, or moves to another cabin from a date. Offered while the stay is still to come or
 * under way; each asks first and says the server's refusal (a 409 naming the taken nights).
 */
export function ChangeStayActions({ booking }: { booking: BookingDetail }) {
  const [open, setOpen] = useState<Change | null>(null);
  const status = booking.booking_status;
  if (status !== 'Pending' && status !== 'Confirmed' && status !== 'CheckedIn') return null;
  const close = () => setOpen(null);
  return (
    <>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Change stay">
        {status === 'CheckedIn' && booking.nights > 1 ? (
          <Button variant="outline" onClick={() => setOpen('early-departure')}>
            <CalendarMinus aria-hidden="true" />
            Early Departure
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setOpen('extend')}>
          <CalendarPlus aria-hidden="true" />
          Extend Stay
        </Button>
        <Button variant="outline" onClick={() => setOpen('move')}>
          <ArrowRightLeft aria-hidden="true" />
          Move to Another Cabin
        </Button>
      </div>
      {open === 'early-departure' ? (
        <EarlyDepartureDialog booking={booking} onClose={close} />
      ) : open === 'extend' ? (
        <ExtendDialog booking={booking} onClose={close} />
      ) : open === 'move' ? (
        <MoveDialog booking={booking} onClose={close} />
      ) : null}
    </>
  );
}

/** The server's refusal: its field message when it names one of `fields`, else its message. */
function refusal(error: unknown, fields: readonly string[]): { field?: string; text: string } {
  const text = error instanceof Error ? error.message : 'The stay was not changed.';
  const issue = isApiError(error)
    ? error.issues?.find((candidate) => fields.includes(candidate.path))
    : undefined;
  return issue ? { field: issue.path, text: issue.message } : { text };
}

/**
 * A stay change's messages: each field's (the form's own checks, or the server's refusal at a
 * field) and the refusal that names no field, shown above the buttons.
 */
function useChangeMessages(fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    errors,
    failure,
    /** Shows the form's own findings; true when there are none and the change may be sent. */
    check(found: Record<string, string | undefined>): boolean {
      setErrors(found);
      setFailure(null);
      return Object.values(found).every((message) => message === undefined);
    },
    clear(field: string) {
      setErrors((prev) => ({ ...prev, [field]: undefined }));
    },
    refused(error: unknown) {
      const { field, text } = refusal(error, fields);
      if (field) setErrors((prev) => ({ ...prev, [field]: text }));
      else setFailure(text);
    },
  };
}

function stayDescription(booking: BookingDetail): string {
  return `${booking.booking_reference} · ${booking.guest_name} · ${formatDate(booking.check_in)} to ${formatDate(booking.check_out)}`;
}

function EarlyDepartureDialog({
  booking,
  onClose,
}: {
  booking: BookingDetail;
  onClose: () => void;
}) {
  const today = useResortToday();
  const change = useEarlyDeparture();
  const first = addDays(booking.check_in, 1);
  const last = addDays(booking.check_out, -1);
  const [checkOut, setCheckOut] = useState(today >= first && today <= last ? today : last);
  const [refund, setRefund] = useState<'yes' | 'no' | ''>('');
  const [reason, setReason] = useState('');
  const messages = useChangeMessages(['check_out', 'refund', 'reason']);
  const { errors } = messages;
  const released = isIsoDate(checkOut) ? diffDays(booking.check_out, checkOut) : 0;

  const submit = () => {
    const found = {
      check_out:
        !isIsoDate(checkOut) || checkOut < first || checkOut > last
          ? `Choose a date from ${formatDate(first)} to ${formatDate(last)}`
          : undefined,
      refund: refund === '' ? 'Choose whether to refund the released nights' : undefined,
      reason:
        textFieldMessage(reason, { required: true, max: LIMITS.internal_notes_max }) ?? undefined,
    };
    if (!messages.check(found)) return;
    change.mutate(
      {
        bookingId: booking.booking_id,
        check_out: checkOut,
        refund: refund === 'yes',
        reason: reason.trim(),
      },
      {
        onSuccess: (answer) => {
          const nights = nightsText(answer.released_nights.length);
          toast.success(
            answer.refund_amount > 0
              ? `Early departure recorded: ${nights} released, ${formatCurrency(answer.refund_amount)} credited.`
              : `Early departure recorded: ${nights} released.`,
          );
          onClose();
        },
        onError: messages.refused,
      },
    );
  };

  return (
    <BookingQuestionDialog
      title="Record an early departure?"
      description={stayDescription(booking)}
      confirmLabel="Record Early Departure"
      loadingText="Recording..."
      pending={change.isPending}
      failure={messages.failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="New check-out date"
        required
        description={
          released > 0
            ? `${nightsText(released)} released: the cabin is free again from ${formatDate(checkOut)}.`
            : undefined
        }
        error={errors.check_out}
      >
        <DatePicker
          min={first}
          max={last}
          value={checkOut}
          onChange={(event) => setCheckOut(event.target.value)}
        />
      </Field>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.refund ? 'refund-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          Refund the released nights?<span className="text-destructive"> *</span>
        </legend>
        {(
          [
            ['yes', 'Yes: credit their room charges as the refund rule allows'],
            ['no', 'No: the charges stay on the folio'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="early-departure-refund"
              className={radioClass}
              checked={refund === value}
              onChange={() => {
                setRefund(value);
                messages.clear('refund');
              }}
            />
            {label}
          </label>
        ))}
        {errors.refund ? (
          <p id="refund-error" className="text-sm font-medium text-destructive">
            {errors.refund}
          </p>
        ) : null}
      </fieldset>
      <ReasonField
        label="Reason"
        value={reason}
        error={errors.reason ?? null}
        onChange={(value) => {
          setReason(value);
          messages.clear('reason');
        }}
      />
    </BookingQuestionDialog>
  );
}

/** The lines still under way at the end of the stay: what an extension adds nights to. */
function lastLines(booking: BookingDetail) {
  return booking.booking_units.filter((line) => line.check_out === booking.check_out);
}

function ExtendDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const change = useExtendStay();
  const first = addDays(booking.check_out, 1);
  const [checkOut, setCheckOut] = useState(first);
  const messages = useChangeMessages(['check_out']);
  const valid = isIsoDate(checkOut) && checkOut >= first;
  const added = valid ? diffDays(checkOut, booking.check_out) : 0;
  // The price of the added nights as a new stay in the same cabins: a preview; the server prices
  // the extension itself when it is confirmed.
  const quote = useQuote(
    valid && added <= LIMITS.stay_max_nights
      ? {
          check_in: booking.check_out,
          check_out: checkOut,
          units: lastLines(booking).map((line) => ({
            unit_id: line.unit_id,
            num_guests: line.assigned_guests,
          })),
        }
      : null,
  );

  const submit = () => {
    const found = {
      check_out: valid ? undefined : `Choose a date after ${formatDate(booking.check_out)}`,
    };
    if (!messages.check(found)) return;
    change.mutate(
      { bookingId: booking.booking_id, check_out: checkOut },
      {
        onSuccess: (answer) => {
          toast.success(
            `Stay extended by ${nightsText(answer.added_nights.length)}: ${formatCurrency(answer.charge_amount)} added to the folio.`,
          );
          onClose();
        },
        onError: messages.refused,
      },
    );
  };

  return (
    <BookingQuestionDialog
      title="Extend the stay?"
      description={stayDescription(booking)}
      confirmLabel="Extend Stay"
      loadingText="Extending..."
      pending={change.isPending}
      failure={messages.failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="New check-out date" required error={messages.errors.check_out}>
        <DatePicker
          min={first}
          value={checkOut}
          onChange={(event) => {
            setCheckOut(event.target.value);
            messages.clear('check_out');
          }}
        />
      </Field>
      {valid ? (
        <div role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
          {quote.isPending && quote.fetchStatus !== 'idle' ? (
            <p>Pricing the added nights...</p>
          ) : quote.data && !quote.isPlaceholderData ? (
            <p>
              {nightsText(added)} added, {formatDate(booking.check_out)} to {formatDate(checkOut)}:{' '}
              <span className="font-semibold" data-testid="extend-price">
                {formatCurrency(quote.data.total_amount)}
              </span>
              , taxes included. The folio is charged when you confirm.
            </p>
          ) : (
            <p>
              {nightsText(added)} added. Their price is worked out by the resort's rules when you
              confirm.
            </p>
          )}
        </div>
      ) : null}
    </BookingQuestionDialog>
  );
}

function MoveDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const today = useResortToday();
  const change = useMoveStay();
  const units = usePublicUnits();
  const lines = lastLines(booking);
  const lastNight = addDays(booking.check_out, -1);
  const [fromUnitId, setFromUnitId] = useState(lines[0]?.unit_id ?? '');
  const [toUnitId, setToUnitId] = useState('');
  const [fromDate, setFromDate] = useState(
    today > booking.check_in && today <= lastNight ? today : booking.check_in,
  );
  const messages = useChangeMessages(['from_unit_id', 'to_unit_id', 'from_date']);
  const { errors } = messages;
  const bookedIds = new Set(booking.booking_units.map((line) => line.unit_id));
  const options = (units.data ?? [])
    .filter((unit) => !bookedIds.has(unit.unit_id))
    .map((unit) => ({
      value: unit.unit_id,
      label: `${unit.unit_name} (${unit.unit_code}) · up to ${unit.max_occupancy} guests`,
    }));

  const submit = () => {
    const found = {
      from_unit_id: fromUnitId ? undefined : 'Choose the cabin the guest leaves',
      to_unit_id: toUnitId ? undefined : 'Choose the cabin to move to',
      from_date:
        !isIsoDate(fromDate) || fromDate < booking.check_in || fromDate > lastNight
          ? `Choose a night from ${formatDate(booking.check_in)} to ${formatDate(lastNight)}`
          : undefined,
    };
    if (!messages.check(found)) return;
    change.mutate(
      {
        bookingId: booking.booking_id,
        from_unit_id: fromUnitId,
        to_unit_id: toUnitId,
        from_date: fromDate,
      },
      {
        onSuccess: (answer) => {
          const cabin = units.data?.find((unit) => unit.unit_id === toUnitId)?.unit_name;
          toast.success(
            `Moved to ${cabin ?? 'the new cabin'} for ${nightsText(answer.moved_nights.length)}.`,
          );
          onClose();
        },
        onError: messages.refused,
      },
    );
  };

  return (
    <BookingQuestionDialog
      title="Move to another cabin?"
      description={stayDescription(booking)}
      confirmLabel="Move Guest"
      loadingText="Moving..."
      pending={change.isPending}
      failure={messages.failure}
      onSubmit={submit}
      onClose={onClose}
    >
      {lines.length > 1 ? (
        <Field label="Cabin the guest leaves" required error={errors.from_unit_id}>
          <Select
            value={fromUnitId}
            onChange={(event) => setFromUnitId(event.target.value)}
            options={lines.map((line) => ({
              value: line.unit_id,
              label: line.unit?.unit_name ?? 'Cabin',
            }))}
          />
        </Field>
      ) : (
        <p className="text-sm">
          From <span className="font-medium">{lines[0]?.unit?.unit_name ?? 'the cabin'}</span>
        </p>
      )}
      <Field
        label="Move to cabin"
        required
        error={errors.to_unit_id ?? (units.isError ? units.error.message : undefined)}
      >
        <Select
          value={toUnitId}
          onChange={(event) => {
            setToUnitId(event.target.value);
            messages.clear('to_unit_id');
          }}
          placeholder={units.isPending ? 'Loading cabins...' : 'Select a cabin'}
          options={options}
        />
      </Field>
      <Field
        label="From date"
        required
        description="The first night in the new cabin. The stay's first night moves the whole stay."
        error={errors.from_date}
      >
        <DatePicker
          min={booking.check_in}
          max={lastNight}
          value={fromDate}
          onChange={(event) => {
            setFromDate(event.target.value);
            messages.clear('from_date');
          }}
        />
      </Field>
      <p className="text-sm text-muted-foreground">
        The price stays as booked. A checked-in guest's old cabin is marked Dirty for housekeeping.
      </p>
    </BookingQuestionDialog>
  );
}
