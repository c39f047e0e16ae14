import { Link } from '@tanstack/react-router';
import { ArrowLeft, BadgeCheck, ExternalLink, FileText, Pencil, Undo2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { hasRoleAtLeast, PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import {
  DATE_FORMATS,
  formatCurrency,
  formatDate,
  formatPhoneDisplay,
} from '../../../domain/format';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { StatusBadge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CurrencyInput } from '../../components/ui/currency-input';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { PaymentProofField } from '../../components/ui/payment-proof-field';
import { useProofFile } from '../../lib/use-proof-file';
import { cabinNames } from '../bookings/cabin-names';
import { usePayment } from './get-payment';
import { isSettled, proofKind } from './payment-display';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';
import { useRetryProofUpload } from './record-payment';
import { useRefundPayment } from './refund-payment';
import { useVerifyPayment } from './verify-payment';
import { RecordHistoryCard } from '../audit/record-history-card';

/** SPEC §2 /payments/{paymentId}: the payment with its booking, guest and proof. */
export function PaymentDetailPage({ paymentId }: { paymentId: string }) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const query = usePayment(paymentId);
  useDocumentTitle('Payment');

  if (query.isPending) return <DetailSkeleton label="Loading payment..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <NotFoundRecord entity="Payment" />;
    }
    return (
      <LoadFailed entity="Payment" message={`Failed to load payment: ${query.error.message}`} />
    );
  }
  const payment = query.data;
  const canEdit = isManager && (!isSettled(payment) || user?.role === 'admin');

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link to="/payments" className={buttonVariants({ variant: 'link' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All payments
        </Link>
      </div>
      <PageHeader
        eyebrow={`Payment for ${payment.booking.booking_reference}`}
        title={`${payment.payment_status === 'Refunded' ? 'Refund of ' : ''}${formatCurrency(payment.payment_amount)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={payment.payment_status} />
            <span>
              {PAYMENT_METHOD_LABELS[payment.payment_method]} ·{' '}
              {formatDate(payment.transaction_date, DATE_FORMATS.withTime)}
            </span>
          </span>
        }
        actions={
          <>
            {isManager && payment.payment_status === 'Pending' ? (
              <VerifyPaymentButton payment={payment} />
            ) : null}
            {isManager && payment.payment_status === 'Completed' ? (
              <RefundPaymentButton payment={payment} />
            ) : null}
            {canEdit ? (
              <Link
                to="/payments/$paymentId/edit"
                params={{ paymentId }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
          </>
        }
      />
      {isManager && isSettled(payment) && user?.role !== 'admin' ? (
        <p className="text-sm text-muted-foreground">
          Verified payments can only be edited by administrators.
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PaymentCard payment={payment} />
        <BookingCard payment={payment} />
      </div>
      <ProofCard payment={payment} />
      <RecordHistoryCard table="payments" recordId={paymentId} recordLabel="payment" />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function PaymentCard({ payment }: { payment: PaymentDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Row label="Amount">{formatCurrency(payment.payment_amount)}</Row>
          <Row label="Method">{PAYMENT_METHOD_LABELS[payment.payment_method]}</Row>
          <Row label="Status">
            <StatusBadge status={payment.payment_status} />
          </Row>
          <Row label="Date">{formatDate(payment.transaction_date, DATE_FORMATS.withTime)}</Row>
          <Row label="Reference">
            {payment.transaction_reference ? (
              <span className="font-mono" data-testid="payment-reference">
                {payment.transaction_reference}
              </span>
            ) : (
              '—'
            )}
          </Row>
          <Row label="Notes">{payment.notes || '—'}</Row>
          <Row label="Recorded by">{payment.recorded_by_name ?? 'The guest, online'}</Row>
          <Row label="Verified">
            {payment.verified_at
              ? `${formatDate(payment.verified_at, DATE_FORMATS.withTime)}${payment.verified_by_name ? ` by ${payment.verified_by_name}` : ''}`
              : 'Not yet'}
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

function BookingCard({ payment }: { payment: PaymentDetail }) {
  const { booking, guest } = payment;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking and guest</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Row label="Booking">
            <Link
              to="/bookings/$bookingId"
              params={{ bookingId: booking.booking_id }}
              className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
            >
              {booking.booking_reference}
            </Link>
          </Row>
          <Row label="Status">
            <span className="flex flex-wrap gap-2">
              <StatusBadge status={booking.booking_status} />
              <StatusBadge status={booking.payment_status} />
            </span>
          </Row>
          <Row label="Stay">
            {cabinNames(booking)} · {formatDate(booking.check_in)} to{' '}
            {formatDate(booking.check_out)}
          </Row>
          <Row label="Booking total">{formatCurrency(booking.total_amount)}</Row>
          <Row label="Guest">
            {guest ? (
              <Link
                to="/guests/$guestId"
                params={{ guestId: guest.guest_id }}
                className="text-primary underline-offset-4 hover:underline"
              >
                {booking.guest_name}
              </Link>
            ) : (
              booking.guest_name
            )}
          </Row>
          <Row label="E-mail">{guest?.email ?? booking.email}</Row>
          <Row label="Phone">
            {formatPhoneDisplay(guest?.phone_number ?? booking.contact_number) || '—'}
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * DESIGN §3: the proof is served only to signed-in staff, from this app: an image is shown, a PDF
 * framed (the app's CSP allows same-origin frames; <object> is refused by object-src 'none').
 */
function ProofCard({ payment }: { payment: PaymentDetail }) {
  const url = payment.payment_proof_url;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment proof</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!url ? (
          <>
            <p className="text-sm text-muted-foreground">No proof has been uploaded.</p>
            {payment.payment_status === 'Pending' ? <AddProof payment={payment} /> : null}
          </>
        ) : (
          <>
            {proofKind(payment) === 'pdf' ? (
              <iframe
                src={url}
                title={`Payment proof ${payment.proof_file_name ?? ''}`}
                className="h-[32rem] w-full rounded-lg border border-border bg-surface"
              />
            ) : (
              <img
                src={url}
                alt={`Payment proof for ${payment.booking.booking_reference}`}
                className="max-h-[32rem] w-auto max-w-full rounded-lg border border-border bg-surface object-contain"
              />
            )}
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <FileText aria-hidden="true" className="size-4" />
                {payment.proof_file_name}
              </span>
              <a
                href={url}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Open in a new tab
              </a>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A pending payment without its proof (an upload that failed) gets it here. */
function AddProof({ payment }: { payment: PaymentDetail }) {
  const proofFile = useProofFile();
  const proof = proofFile.state;
  const retry = useRetryProofUpload();
  return (
    <div className="grid gap-3">
      <PaymentProofField
        state={proof}
        onSelect={proofFile.select}
        onRemove={proofFile.clear}
        disabled={retry.isPending}
      />
      <div>
        <Button
          disabled={proof.status !== 'ready'}
          loading={retry.isPending}
          loadingText="Uploading..."
          onClick={() => {
            if (proof.status !== 'ready') return;
            retry.mutate(
              { payment, file: proof.file },
              {
                onSuccess: () => toast.success('Payment proof uploaded'),
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Upload aria-hidden="true" />
          Upload Proof
        </Button>
      </div>
    </div>
  );
}

/** DESIGN §3 Verify (managers and above), optionally confirming the booking in the same step. */
function VerifyPaymentButton({ payment }: { payment: PaymentDetail }) {
  const [open, setOpen] = useState(false);
  const bookingPending = payment.booking.booking_status === 'Pending';
  const [confirmBooking, setConfirmBooking] = useState(bookingPending);
  const verify = useVerifyPayment();
  const checkboxId = useId();

  const submit = async () => {
    const result = await verify
      .mutateAsync({
        paymentId: payment.payment_id,
        confirmBooking: confirmBooking && bookingPending,
      })
      .catch(() => null);
    if (!result) return;
    if (result.confirmation_email_sent === true) {
      toast.success('Payment verified. The booking is confirmed and the guest was e-mailed.');
    } else if (result.confirmation_email_sent === false) {
      toast.warning('Payment verified and booking confirmed, but the e-mail could not be sent.');
    } else {
      toast.success('Payment verified');
    }
    setOpen(false);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <BadgeCheck aria-hidden="true" />
        Verify
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={setOpen}
        title="Verify payment"
        description={`Confirm that ${formatCurrency(payment.payment_amount)} by ${PAYMENT_METHOD_LABELS[payment.payment_method]}${payment.transaction_reference ? ` (reference ${payment.transaction_reference})` : ''} was received for ${payment.booking.booking_reference}.`}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={verify.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => void submit()}
              loading={verify.isPending}
              loadingText="Verifying..."
            >
              Verify Payment
            </Button>
          </>
        }
      >
        {bookingPending ? (
          <div className="flex items-start gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={confirmBooking}
              onChange={(event) => setConfirmBooking(event.target.checked)}
            />
            <label htmlFor={checkboxId} className="text-sm">
              Also confirm the booking (the guest is e-mailed the written confirmation)
            </label>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            The booking is{' '}
            {payment.booking.booking_status === 'Cancelled' ? 'cancelled' : 'already confirmed'}.
          </p>
        )}
      </SimpleDialog>
    </>
  );
}

/** DESIGN §4: a refund is recorded as a Refunded payment. */
function RefundPaymentButton({ payment }: { payment: PaymentDetail }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(payment.payment_amount);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundPayment();

  const submit = async () => {
    if (amount === null || amount <= 0) {
      setError('Must be a positive number');
      return;
    }
    try {
      const row = await refund.mutateAsync({
        paymentId: payment.payment_id,
        amount,
        reason: reason.trim() || undefined,
      });
      toast.success(`Refund of ${formatCurrency(row.payment_amount)} recorded`);
      setOpen(false);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'The refund was not recorded.';
      setError(message);
      toast.error(message);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" />
        Refund
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={setOpen}
        title="Refund payment"
        description="Record money returned to the guest. The booking's payment status and the guest's totals follow."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => void submit()}
              loading={refund.isPending}
              loadingText="Recording..."
            >
              Record Refund
            </Button>
          </>
        }
      >
        <div className="grid min-w-0 grid-cols-1 gap-4">
          <Field label="Refund amount" required error={error ?? undefined}>
            <CurrencyInput
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                setError(null);
              }}
            />
          </Field>
          <Field label="Reason" description="Up to 300 characters.">
            <Textarea
              rows={2}
              maxLength={300}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        </div>
      </SimpleDialog>
    </>
  );
}
