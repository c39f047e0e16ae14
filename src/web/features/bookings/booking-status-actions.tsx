import { CheckCircle2, LogIn, LogOut, Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { correctionOf, nextStatuses } from '../../../domain/booking-status';
import { LIMITS, type BookingStatus } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { statusLabel } from '../../components/ui/badge';
import { SimpleDialog } from '../../components/ui/dialog';
import { textFieldMessage } from '../../components/ui/form-helpers';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { useChangeBookingStatus } from './change-booking-status';
import { CheckInDialog } from './check-in-dialog';
import { CheckOutDialog } from './check-out-dialog';
import { deskBookingOf } from './desk-booking';
import { OFFLINE_MESSAGES, isQueued } from './offline-booking-changes';
import { ReasonField } from './reason-field';

type Action = {
  label: string;
  busy: string;
  done: string;
  icon: typeof LogIn;
  /** The dialog's question. */
  question: (booking: BookingDetail) => string;
};

const ACTIONS: Partial<Record<BookingStatus, Action>> = {
  Confirmed: {
    label: 'Confirm Booking',
    busy: 'Confirming...',
    done: 'Booking confirmed',
    icon: CheckCircle2,
    question: (booking) => `Confirm booking ${booking.booking_reference}?`,
  },
  CheckedIn: {
    label: 'Check In',
    busy: 'Checking in...',
    done: 'Guest checked in',
    icon: LogIn,
    question: (booking) => `Check in ${booking.guest_name}?`,
  },
  CheckedOut: {
    label: 'Check Out',
    busy: 'Checking out...',
    done: 'Guest checked out',
    icon: LogOut,
    question: (booking) => `Check out ${booking.guest_name}?`,
  },
};

/** SPEC §1: a verified payment is a Completed one; a proof awaiting review is not. */
function hasVerifiedPayment(booking: BookingDetail): boolean {
  return booking.payments.some((payment) => payment.payment_status === 'Completed');
}

type Dialog =
  | { kind: 'move'; status: BookingStatus; action: Action }
  | { kind: 'correct'; status: BookingStatus }
  | { kind: 'cancel' };

/**
 * SPEC §4: only the moves the state machine allows from the current status are offered (the
 * server refuses any other with "Cannot transition from X to Y"), each asked first in a dialog
 * (issue 15). Cancelling has its own dialog, for managers and above (DESIGN §5); managers may also
 * undo a mistaken check-in or confirmation, with a reason that goes to the audit trail.
 */
export function BookingStatusActions({
  booking,
  canCancel,
  canCorrect = canCancel,
}: {
  booking: BookingDetail;
  canCancel: boolean;
  /** Managers and above (the server refuses others with 403). */
  canCorrect?: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const moves = nextStatuses(booking.booking_status);
  const correction = canCorrect ? correctionOf(booking.booking_status) : null;
  const close = () => setDialog(null);

  // The dialogs stay mounted when the move leaves no buttons (a cancelled booking has none), so
  // they can finish and say what happened.
  return (
    <>
      {moves.length > 0 || correction ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Change booking status">
          {moves.map((status) => {
            if (status === 'Cancelled') {
              return canCancel ? (
                <Button
                  key={status}
                  variant="destructive"
                  onClick={() => setDialog({ kind: 'cancel' })}
                >
                  <XCircle aria-hidden="true" />
                  Cancel Booking
                </Button>
              ) : null;
            }
            const action = ACTIONS[status];
            if (!action) return null;
            const Icon = action.icon;
            return (
              <Button key={status} onClick={() => setDialog({ kind: 'move', status, action })}>
                <Icon aria-hidden="true" />
                {action.label}
              </Button>
            );
          })}
          {correction ? (
            <Button
              variant="outline"
              onClick={() => setDialog({ kind: 'correct', status: correction })}
            >
              <Undo2 aria-hidden="true" />
              Correct Status
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelBookingDialog
          booking={booking}
          open
          onOpenChange={(open) => {
            if (!open) close();
          }}
        />
      ) : null}
      {/* Issue 22: checking in asks the guest's ID, checking out minds the balance due. */}
      {dialog?.kind === 'move' && dialog.status === 'CheckedIn' ? (
        <CheckInDialog booking={deskBookingOf(booking)} onClose={close} />
      ) : dialog?.kind === 'move' && dialog.status === 'CheckedOut' ? (
        <CheckOutDialog booking={deskBookingOf(booking)} isManager={canCorrect} onClose={close} />
      ) : dialog?.kind === 'move' || dialog?.kind === 'correct' ? (
        <StatusChangeDialog
          booking={booking}
          dialog={dialog}
          isManager={canCorrect}
          onClose={close}
        />
      ) : null}
    </>
  );
}

function StatusChangeDialog({
  booking,
  dialog,
  isManager,
  onClose,
}: {
  booking: BookingDetail;
  dialog: Extract<Dialog, { kind: 'move' | 'correct' }>;
  isManager: boolean;
  onClose: () => void;
}) {
  const change = useChangeBookingStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { status } = dialog;
  const correcting = dialog.kind === 'correct';
  const unverified = !correcting && status === 'Confirmed' && !hasVerifiedPayment(booking);
  const needsReason = correcting || unverified;
  const blocked = unverified && !isManager;
  const action = dialog.kind === 'move' ? dialog.action : null;

  const submit = async () => {
    if (blocked) return;
    const message = needsReason
      ? textFieldMessage(reason, { required: true, max: LIMITS.internal_notes_max })
      : null;
    setError(message);
    if (message) return;
    // Awaited here rather than through mutate's callbacks, which do not run once the buttons
    // have gone (a checked-out booking has none).
    const result = await change
      .mutateAsync({
        bookingId: booking.booking_id,
        status,
        ...(needsReason ? { override_reason: reason.trim() } : {}),
      })
      .catch((failure: unknown) => {
        const text = failure instanceof Error ? failure.message : 'The status was not changed.';
        const atField = isApiError(failure)
          ? failure.issues?.find((issue) => issue.path === 'override_reason')?.message
          : undefined;
        setError(atField ?? text);
        toast.error(text);
        return null;
      });
    if (!result) return;
    onClose();
    if (isQueued(result)) {
      toast.info(OFFLINE_MESSAGES.queued);
      return;
    }
    const done = action ? action.done : `Status corrected to ${statusLabel(status)}`;
    if (result.confirmation_email_sent === false) {
      toast.warning(`${done}. The confirmation e-mail could not be sent.`);
    } else if (result.confirmation_email_sent) {
      toast.success(`${done}. The guest was e-mailed the confirmation.`);
    } else {
      toast.success(done);
    }
  };

  const title = action
    ? action.question(booking)
    : `Correct the status of ${booking.booking_reference}?`;
  const description = correcting
    ? `Move it back from ${statusLabel(booking.booking_status)} to ${statusLabel(status)}, to undo a mistake. The reason is kept in the audit trail.`
    : `${booking.booking_reference} · ${booking.guest_name} · ${formatDate(booking.check_in)} to ${formatDate(booking.check_out)}`;
  const confirmLabel = action ? action.label : 'Correct Status';

  return (
    <SimpleDialog
      open
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            Go Back
          </Button>
          <Button
            onClick={() => void submit()}
            loading={change.isPending}
            loadingText={action ? action.busy : 'Correcting...'}
            disabled={blocked}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="grid min-w-0 grid-cols-1 gap-4">
        {unverified ? (
          <div
            role="note"
            className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="font-semibold">No verified payment</p>
            <p>
              No payment for this booking has been verified; {formatCurrency(booking.total_amount)}{' '}
              is still due. The guest&apos;s confirmation e-mail will say so.
            </p>
            {isManager ? null : <p>Only a manager or higher can confirm it without one.</p>}
          </div>
        ) : null}
        {needsReason && !blocked ? (
          <ReasonField
            label={
              correcting ? 'Reason for the correction' : 'Reason for confirming without payment'
            }
            value={reason}
            error={error}
            onChange={(value) => {
              setReason(value);
              if (error) setError(null);
            }}
          />
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
