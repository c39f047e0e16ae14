import { useId, useState } from 'react';
import { LIMITS } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { textFieldMessage } from '../../components/ui/form-helpers';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import type {
  BookingDetailDto as BookingDetail,
  RefundPreview,
} from '../../../domain/schemas/booking.schema';
import { useCancelBooking } from './cancel-booking';
import { useRefundPreview } from './get-refund-preview';
import { ReasonField } from './reason-field';

function daysLabel(days: number): string {
  return `${days} day${Math.abs(days) === 1 ? '' : 's'}`;
}

/** DESIGN §4's refund, in words, before the cancellation is confirmed. */
function RefundSummary({ preview, noShow }: { preview: RefundPreview; noShow: boolean }) {
  const percent = noShow ? 0 : preview.percent;
  const amount = noShow ? 0 : preview.amount;
  const when =
    preview.days_before >= 0
      ? `${daysLabel(preview.days_before)} before check-in`
      : `${daysLabel(-preview.days_before)} after check-in`;
  return (
    <div
      className="grid gap-2 rounded-lg border border-border bg-sand-50 p-4 text-sm"
      data-testid="refund-preview"
    >
      <p>
        Cancelling today ({formatDate(preview.cancelled_on)}), {when} (
        {formatDate(preview.check_in)}).
      </p>
      <dl className="grid gap-1">
        <div className="flex justify-between gap-4">
          <dt>Verified amount paid</dt>
          <dd className="tabular-nums">{formatCurrency(preview.paid_amount)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Refund rate</dt>
          <dd className="tabular-nums">{percent}%</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
          <dt>Refund</dt>
          <dd className="tabular-nums" data-testid="refund-amount">
            {formatCurrency(amount)}
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        {noShow
          ? 'A no-show forfeits the payment.'
          : '90% 30 or more days before check-in, 50% for 15 to 29 days, 25% for 7 to 14 days, none under 7 days. The refund is recorded as a Refunded payment.'}
      </p>
    </div>
  );
}

export interface CancelBookingDialogProps {
  booking: BookingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Cancel with DESIGN §4's refund figure shown first and a reason required. */
export function CancelBookingDialog({ booking, open, onOpenChange }: CancelBookingDialogProps) {
  const preview = useRefundPreview(booking.booking_id, open);
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');
  const [noShow, setNoShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noShowId = useId();

  const submit = () => {
    const message = textFieldMessage(reason, { required: true, max: LIMITS.internal_notes_max });
    setError(message);
    if (message) return;
    cancel.mutate(
      { bookingId: booking.booking_id, reason: reason.trim(), no_show: noShow },
      {
        onSuccess: ({ refund }) => {
          toast.success(
            refund.amount > 0
              ? `Booking cancelled. Refund of ${formatCurrency(refund.amount)} (${refund.percent}%) recorded.`
              : 'Booking cancelled. No refund is due.',
          );
          onOpenChange(false);
        },
        onError: (failure) => {
          const text =
            failure instanceof Error ? failure.message : 'The booking was not cancelled.';
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel booking ${booking.booking_reference}?`}
      description="The cabin's nights are released. This cannot be undone."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep Booking
          </Button>
          <Button
            variant="destructive"
            onClick={() => void submit()}
            loading={cancel.isPending}
            loadingText="Cancelling..."
            disabled={preview.isPending}
          >
            Cancel Booking
          </Button>
        </>
      }
    >
      <div className="grid min-w-0 grid-cols-1 gap-4">
        {preview.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Working out the refund...</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The refund could not be worked out: {preview.error.message}
          </p>
        ) : (
          <RefundSummary preview={preview.data} noShow={noShow} />
        )}
        <ReasonField
          label="Reason for cancelling"
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            if (error) setError(null);
          }}
        />
        <div className="flex items-start gap-2">
          <input
            id={noShowId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={noShow}
            onChange={(event) => setNoShow(event.target.checked)}
          />
          <label htmlFor={noShowId} className="text-sm">
            The guest did not arrive (no-show: the payment is forfeited)
          </label>
        </div>
      </div>
    </SimpleDialog>
  );
}
