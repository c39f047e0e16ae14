import { CheckCircle2, LogIn, LogOut, XCircle } from 'lucide-react';
import { useState } from 'react';
import { nextStatuses } from '../../../domain/booking-status';
import type { BookingStatus } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import type { BookingDetail } from './booking-types';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { useChangeBookingStatus } from './change-booking-status';
import { OFFLINE_MESSAGES, isQueued } from './offline-booking-changes';

const ACTIONS: Partial<
  Record<BookingStatus, { label: string; busy: string; done: string; icon: typeof LogIn }>
> = {
  Confirmed: {
    label: 'Confirm Booking',
    busy: 'Confirming...',
    done: 'Booking confirmed',
    icon: CheckCircle2,
  },
  CheckedIn: { label: 'Check In', busy: 'Checking in...', done: 'Guest checked in', icon: LogIn },
  CheckedOut: {
    label: 'Check Out',
    busy: 'Checking out...',
    done: 'Guest checked out',
    icon: LogOut,
  },
};

/**
 * SPEC §4: only the moves the state machine allows from the current status are offered (the
 * server refuses any other with "Cannot transition from X to Y"). Cancelling has its own dialog,
 * for managers and above (DESIGN §5).
 */
export function BookingStatusActions({
  booking,
  canCancel,
}: {
  booking: BookingDetail;
  canCancel: boolean;
}) {
  const change = useChangeBookingStatus();
  const [cancelling, setCancelling] = useState(false);
  const moves = nextStatuses(booking.booking_status);
  const [pendingStatus, setPendingStatus] = useState<BookingStatus | null>(null);

  const move = async (
    status: BookingStatus,
    action: NonNullable<(typeof ACTIONS)[BookingStatus]>,
  ) => {
    setPendingStatus(status);
    // Awaited here rather than through mutate's callbacks, which do not run once the buttons
    // have gone (a checked-out booking has none).
    const result = await change
      .mutateAsync({ bookingId: booking.booking_id, status })
      .catch(() => null);
    if (!result) return;
    if (isQueued(result)) {
      toast.info(OFFLINE_MESSAGES.queued);
      return;
    }
    if (result.confirmation_email_sent === false) {
      toast.warning(`${action.done}. The confirmation e-mail could not be sent.`);
    } else if (result.confirmation_email_sent) {
      toast.success(`${action.done}. The guest was e-mailed the confirmation.`);
    } else {
      toast.success(action.done);
    }
  };

  return (
    <>
      {moves.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Change booking status">
          {moves.map((status) => {
            if (status === 'Cancelled') {
              return canCancel ? (
                <Button key={status} variant="destructive" onClick={() => setCancelling(true)}>
                  <XCircle aria-hidden="true" />
                  Cancel Booking
                </Button>
              ) : null;
            }
            const action = ACTIONS[status];
            if (!action) return null;
            const Icon = action.icon;
            return (
              <Button
                key={status}
                loading={change.isPending && pendingStatus === status}
                loadingText={action.busy}
                disabled={change.isPending}
                onClick={() => void move(status, action)}
              >
                <Icon aria-hidden="true" />
                {action.label}
              </Button>
            );
          })}
        </div>
      ) : null}
      {cancelling ? (
        <CancelBookingDialog booking={booking} open onOpenChange={setCancelling} />
      ) : null}
    </>
  );
}
