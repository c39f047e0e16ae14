import { useState } from 'react';
import { STATUS_MESSAGES, isBeforeArrival } from '../../../domain/booking-status';
import { ID_TYPE_LABELS, ID_TYPES, LIMITS } from '../../../domain/constants';
import type { IdType } from '../../../domain/constants';
import { Field } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useResortToday } from '../availability/resort-today';
import { BookingQuestionDialog } from './booking-question-dialog';
import { useChangeBookingStatus } from './change-booking-status';
import { cabinsNotReady, deskDescription } from './desk-booking';
import type { DeskBooking } from './desk-booking';
import { OFFLINE_MESSAGES, isQueued } from './offline-booking-changes';

/** The field messages, the server's words (booking.schema.ts statusChangeBodySchema). */
export const ID_MESSAGES = {
  type: 'Please choose an ID type',
  number: "Enter the ID's number",
  numberMax: `An ID number is at most ${LIMITS.id_number_max} characters`,
} as const;

type IdErrors = { id_type?: string; id_number?: string };

/**
 * Issue 22: one check-in question for the booking page and the front desk. It asks the guest's ID
 * (required for a booking without an e-mail address, else both or neither) and warns when
 * housekeeping has not made the cabin ready; the server keeps only the ID's last four digits in
 * what it shows.
 */
export function CheckInDialog({ booking, onClose }: { booking: DeskBooking; onClose: () => void }) {
  const change = useChangeBookingStatus();
  const today = useResortToday();
  const [idType, setIdType] = useState<IdType | ''>('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<IdErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const idRequired = !booking.email;
  const tooEarly = isBeforeArrival(booking.check_in, today);
  const notReady = cabinsNotReady(booking);

  const validate = (): IdErrors => {
    const number = idNumber.trim();
    const found: IdErrors = {};
    if (number.length > LIMITS.id_number_max) found.id_number = ID_MESSAGES.numberMax;
    if ((idRequired || number) && !idType) found.id_type = ID_MESSAGES.type;
    if ((idRequired || idType) && !number) found.id_number = ID_MESSAGES.number;
    return found;
  };

  const submit = async () => {
    if (tooEarly) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (found.id_type || found.id_number) return;
    const result = await change
      .mutateAsync({
        bookingId: booking.booking_id,
        status: 'CheckedIn',
        ...(idType ? { id_type: idType, id_number: idNumber.trim() } : {}),
      })
      .catch((error: unknown) => {
        const text = error instanceof Error ? error.message : 'The guest was not checked in.';
        if (isApiError(error)) {
          const at = (path: string) => error.issues?.find((issue) => issue.path === path)?.message;
          const fieldErrors = { id_type: at('id_type'), id_number: at('id_number') };
          if (fieldErrors.id_type || fieldErrors.id_number) setErrors(fieldErrors);
        }
        setFailure(text);
        toast.error(text);
        return null;
      });
    if (!result) return;
    onClose();
    if (isQueued(result)) toast.info(OFFLINE_MESSAGES.queued);
    else toast.success(`${booking.guest_name} checked in`);
  };

  return (
    <BookingQuestionDialog
      title={`Check in ${booking.guest_name}?`}
      description={deskDescription(booking)}
      confirmLabel="Check In"
      loadingText="Checking in..."
      pending={change.isPending}
      disabled={tooEarly}
      failure={failure && !errors.id_type && !errors.id_number ? failure : null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {tooEarly ? (
        <p role="note" className="rounded-lg border border-border bg-muted p-3 text-sm">
          {STATUS_MESSAGES.checkInBeforeArrival(booking.check_in)}
        </p>
      ) : null}
      {notReady.length > 0 ? (
        <InlineAlert tone="warning" title="Cabin not ready">
          {notReady.map((cabin) => `${cabin.unit_name} is ${cabin.housekeeping_status}`).join('; ')}
          . Housekeeping has not marked it Clean or Inspected.
        </InlineAlert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {idRequired
          ? "This booking has no e-mail address: record the guest's ID."
          : "The guest's ID is optional for a booking with an e-mail address."}{' '}
        Only its last four digits are shown afterwards.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="ID type" required={idRequired} error={errors.id_type}>
          <Select
            value={idType}
            onChange={(event) => {
              setIdType(event.target.value as IdType | '');
              setErrors((prev) => ({ ...prev, id_type: undefined }));
            }}
            placeholder="Choose the ID"
            options={ID_TYPES.map((type) => ({ value: type, label: ID_TYPE_LABELS[type] }))}
          />
        </Field>
        <Field label="ID number" required={idRequired} error={errors.id_number}>
          <Input
            autoComplete="off"
            maxLength={LIMITS.id_number_max}
            value={idNumber}
            onChange={(event) => {
              setIdNumber(event.target.value);
              setErrors((prev) => ({ ...prev, id_number: undefined }));
            }}
          />
        </Field>
      </div>
    </BookingQuestionDialog>
  );
}
