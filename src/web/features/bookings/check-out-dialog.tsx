import { useState } from 'react';
import { LIMITS } from '../../../domain/constants';
import { formatCurrency } from '../../../domain/format';
import { textFieldMessage } from '../../components/ui/form-helpers';
import { InlineAlert } from '../../components/ui/inline-alert';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { BookingQuestionDialog } from './booking-question-dialog';
import { useChangeBookingStatus } from './change-booking-status';
import { deskDescription, hasBalanceDue } from './desk-booking';
import type { DeskBooking } from './desk-booking';
import { OFFLINE_MESSAGES, isQueued } from './offline-booking-changes';
import { ReasonField } from './reason-field';

/**
 * Issue 22: one check-out question for the booking page and the front desk. With a balance due
 * it warns; a manager or higher may check out anyway with a reason (the server audits it as an
 * override), a member of staff is told a manager must approve. The server decides in the end: a
 * balance that appeared meanwhile comes back as its 409, said here.
 */
export function CheckOutDialog({
  booking,
  isManager,
  onClose,
}: {
  booking: DeskBooking;
  isManager: boolean;
  onClose: () => void;
}) {
  const change = useChangeBookingStatus();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const owing = hasBalanceDue(booking.balance);
  const blocked = owing && !isManager;

  const submit = async () => {
    if (blocked) return;
    const message = owing
      ? textFieldMessage(reason, { required: true, max: LIMITS.internal_notes_max })
      : null;
    setReasonError(message);
    setFailure(null);
    if (message) return;
    const result = await change
      .mutateAsync({
        bookingId: booking.booking_id,
        status: 'CheckedOut',
        ...(owing ? { override_reason: reason.trim() } : {}),
      })
      .catch((error: unknown) => {
        const text = error instanceof Error ? error.message : 'The guest was not checked out.';
        const atField = isApiError(error)
          ? error.issues?.find((issue) => issue.path === 'override_reason')?.message
          : undefined;
        if (atField) setReasonError(atField);
        else setFailure(text);
        toast.error(text);
        return null;
      });
    if (!result) return;
    onClose();
    if (isQueued(result)) toast.info(OFFLINE_MESSAGES.queued);
    else toast.success(`${booking.guest_name} checked out`);
  };

  return (
    <BookingQuestionDialog
      title={`Check out ${booking.guest_name}?`}
      description={deskDescription(booking)}
      confirmLabel={owing ? 'Check Out Anyway' : 'Check Out'}
      loadingText="Checking out..."
      pending={change.isPending}
      disabled={blocked}
      failure={failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {owing ? (
        <InlineAlert
          tone="warning"
          title={`This booking has a balance due of ${formatCurrency(booking.balance)}`}
        >
          {isManager
            ? 'Take the payment first, or check out anyway with your reason: it is kept in the audit trail.'
            : 'Take the payment first. A manager must approve checking out with a balance due.'}
        </InlineAlert>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing is owed. The cabin will be marked Dirty for housekeeping.
        </p>
      )}
      {owing && isManager ? (
        <ReasonField
          label="Reason for checking out with a balance due"
          value={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            if (reasonError) setReasonError(null);
          }}
        />
      ) : null}
    </BookingQuestionDialog>
  );
}
