import { Link } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Printer } from 'lucide-react';
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
import { LabelledStatusBadge } from './status-badges';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { AuditCard } from '../audit/record-history-card';
import { BookingStatusActions } from './booking-status-actions';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import type { PaymentDto as Payment } from '../../../domain/schemas/payment.schema';
import { useBooking } from './get-booking';
import { useBookingAudit } from './get-booking-audit';
import { PaymentMethodText } from '../../components/ui/payment-method-text';
import { FolioCard } from './folio/folio-card';
import { DocumentsCard } from '../documents/documents-card';
import { BookingConflictAlert } from '../channels/booking-conflict-alert';
import { BookingMessagesCard } from '../messages/booking-messages-card';

export interface BookingDetailPageProps {
  bookingId: string;
  /** The payments slice's "Record Payment" button and dialog, for this booking. */
  recordPayment?: (booking: BookingDetail) => ReactNode;
}

/** SPEC §2 /bookings/{bookingId}: the booking, its cabins, price, payments and history. */
export function BookingDetailPage({ bookingId, recordPayment }: BookingDetailPageProps) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const query = useBooking(bookingId);
  const audit = useBookingAudit(bookingId, isManager && query.isSuccess);
  useDocumentTitle(query.data ? `Booking ${query.data.booking_reference}` : 'Booking');

  if (query.isPending) return <DetailSkeleton label="Loading booking..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <NotFoundRecord entity="Booking" />;
    }
    return (
      <LoadFailed entity="Booking" message={`Failed to load booking: ${query.error.message}`} />
    );
  }
  const booking = query.data;

  return (
    <div className="grid grid-cols-1 gap-6" data-printable="booking-confirmation">
      <div className="print:hidden">
        <Link to="/bookings" className={buttonVariants({ variant: 'link' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All bookings
        </Link>
      </div>
      <PrintHeading booking={booking} />
      <PageHeader
        eyebrow="Booking"
        title={<span className="font-mono">{booking.booking_reference}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <LabelledStatusBadge label="Booking" status={booking.booking_status} />
            <LabelledStatusBadge label="Payment" status={booking.payment_status} />
            <span>
              {formatDate(booking.check_in)} to {formatDate(booking.check_out)} · {booking.nights}{' '}
              {booking.nights === 1 ? 'night' : 'nights'}
            </span>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
            {isManager ? (
              <Link
                to="/bookings/$bookingId/edit"
                params={{ bookingId }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            {recordPayment?.(booking)}
          </div>
        }
      />

      <BookingConflictAlert bookingId={bookingId} />

      <div className="print:hidden">
        <BookingStatusActions booking={booking} canCancel={isManager} />
      </div>

      {booking.booking_status === 'Cancelled' ? (
        <div
          role="note"
          className="rounded-xl border border-destructive/40 bg-destructive-soft p-4 text-sm"
        >
          <p className="font-semibold">
            Cancelled
            {booking.cancelled_at
              ? ` on ${formatDate(booking.cancelled_at, DATE_FORMATS.withTime)}`
              : ''}
          </p>
          {booking.cancellation_reason ? <p>Reason: {booking.cancellation_reason}</p> : null}
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <GuestCard booking={booking} />
        <StayCard booking={booking} />
      </div>
      <CabinsCard booking={booking} />
      <PriceCard booking={booking} />
      <FolioCard booking={booking} />
      <DocumentsCard booking={booking} />
      <PaymentsCard payments={booking.payments} />
      <BookingMessages booking={booking} />
      {isManager ? (
        <AuditCard
          entries={audit.data}
          pending={audit.isPending}
          error={audit.error}
          recordLabel="booking"
        />
      ) : null}
    </div>
  );
}

/** Issue 18: the booking's e-mails, at the resort's times. */
function BookingMessages({ booking }: { booking: BookingDetail }) {
  const settings = usePublicSettings();
  return (
    <BookingMessagesCard
      bookingId={booking.booking_id}
      bookingReference={booking.booking_reference}
      guestEmail={booking.email ?? ''}
      timeZone={settings.timezone}
    />
  );
}

/** Only on paper: the resort's name above the confirmation. */
function PrintHeading({ booking }: { booking: BookingDetail }) {
  const settings = usePublicSettings();
  return (
    <div className="hidden print:block">
      <p className="text-xl font-bold">{settings.resort_name}</p>
      <p className="text-sm">
        Booking confirmation · {booking.booking_reference} ·{' '}
        {[settings.contact_phone, settings.contact_email].filter(Boolean).join(' · ')}
      </p>
    </div>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Issue 15: every booking counted, and how many of them were cancelled. */
function guestHistory(total: number, cancelled: number): string {
  const bookings = `${total} booking${total === 1 ? '' : 's'}`;
  return cancelled > 0 ? `${bookings} (${cancelled} cancelled)` : bookings;
}

function GuestCard({ booking }: { booking: BookingDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Guest</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <DetailRow label="Name">
            {booking.guest_id ? (
              <Link
                to="/guests/$guestId"
                params={{ guestId: booking.guest_id }}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {booking.guest_name}
              </Link>
            ) : (
              booking.guest_name
            )}
          </DetailRow>
          <DetailRow label="E-mail">{booking.email}</DetailRow>
          <DetailRow label="Contact number">
            {formatPhoneDisplay(booking.contact_number) || '—'}
          </DetailRow>
          {booking.guest ? (
            <DetailRow label="Guest history">
              {guestHistory(booking.guest.total_bookings, booking.guest.cancelled_bookings)}
              {booking.guest.total_spent !== undefined
                ? ` · ${formatCurrency(booking.guest.total_spent)} paid`
                : ''}
            </DetailRow>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function StayCard({ booking }: { booking: BookingDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stay</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <DetailRow label="Check-in">{formatDate(booking.check_in)}</DetailRow>
          <DetailRow label="Check-out">{formatDate(booking.check_out)}</DetailRow>
          <DetailRow label="Guests">{booking.num_guests}</DetailRow>
          <DetailRow label="Payment method">
            {booking.payment_method ? PAYMENT_METHOD_LABELS[booking.payment_method] : '—'}
          </DetailRow>
          <DetailRow label="Special requests">{booking.special_requests || '—'}</DetailRow>
          <DetailRow label="Internal notes">
            <span className="print:hidden">{booking.internal_notes || '—'}</span>
          </DetailRow>
          <DetailRow label="Booked">
            {formatDate(booking.created_at, DATE_FORMATS.withTime)} ·{' '}
            {booking.source === 'website' ? 'online by the guest' : 'by staff'}
          </DetailRow>
          {/* Issue 21: the rate plan, the promo code and a manager's reason past a stay rule. */}
          {booking.rate_plan === 'non_refundable' ? (
            <DetailRow label="Rate">Non-refundable</DetailRow>
          ) : null}
          {booking.promo_code ? (
            <DetailRow label="Promo code">
              <span className="font-mono">{booking.promo_code}</span>
            </DetailRow>
          ) : null}
          {booking.rule_override_reason ? (
            <DetailRow label="Booked past a stay rule">{booking.rule_override_reason}</DetailRow>
          ) : null}
          {booking.payment_proof_url ? (
            <DetailRow label="Payment proof link">
              <a
                href={booking.payment_proof_url}
                target="_blank"
                rel="noreferrer noopener"
                className="text-primary underline underline-offset-4"
              >
                Open
              </a>
            </DetailRow>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function CabinsCard({ booking }: { booking: BookingDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{booking.booking_units.length === 1 ? 'Cabin' : 'Cabins'}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table label="Cabins of this booking" containerClassName="relative">
          <TableHeader>
            <TableRow>
              <TableHead>Cabin</TableHead>
              <TableHead className="text-right">Guests</TableHead>
              <TableHead className="text-right">Base</TableHead>
              <TableHead className="text-right">Weekend</TableHead>
              <TableHead className="text-right">Extra person</TableHead>
              <TableHead className="text-right">Line total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {booking.booking_units.map((line) => (
              <TableRow key={line.booking_unit_id}>
                <TableCell>
                  <div className="font-medium">{line.unit?.unit_name ?? 'Cabin'}</div>
                  <div className="text-xs text-muted-foreground">
                    {line.unit ? `${line.unit.unit_code} · ${line.unit.unit_type}` : ''}
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{line.assigned_guests}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatCurrency(line.unit_price)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatCurrency(line.weekend_surcharge)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatCurrency(line.extra_person_charge)}
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatCurrency(line.subtotal)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function PriceRow({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', className)}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * DESIGN §4: base, weekend, extra person, discount, VAT and local tax of the stay as priced; the
 * total, paid and balance are the folio's (issue 17), as the booking answers them.
 */
function PriceCard({ booking }: { booking: BookingDetail }) {
  const weekend = booking.booking_units.reduce((sum, line) => sum + line.weekend_surcharge, 0);
  const extra = booking.booking_units.reduce((sum, line) => sum + line.extra_person_charge, 0);
  const subtotal = booking.base_amount + booking.total_surcharges;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price</CardTitle>
        <CardDescription>
          {booking.nights} {booking.nights === 1 ? 'night' : 'nights'}, priced by the resort's rules
          when booked or last changed. The total includes the extras and adjustments on the folio.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="max-w-md divide-y divide-border text-sm" data-testid="booking-price">
          <PriceRow label="Base rate" value={formatCurrency(booking.base_amount)} />
          {weekend > 0 ? (
            <PriceRow label="Weekend surcharge" value={formatCurrency(weekend)} />
          ) : null}
          {extra > 0 ? <PriceRow label="Extra person fee" value={formatCurrency(extra)} /> : null}
          <PriceRow label="Subtotal" value={formatCurrency(subtotal)} />
          {booking.discount_amount > 0 ? (
            <PriceRow
              label={`${booking.discount_name ?? 'Discount'} discount`}
              value={`−${formatCurrency(booking.discount_amount)}`}
              className="text-success-foreground"
            />
          ) : null}
          <PriceRow label="VAT" value={formatCurrency(booking.vat_amount)} />
          <PriceRow label="Local tax" value={formatCurrency(booking.local_tax_amount)} />
          <PriceRow
            label="Total"
            value={formatCurrency(booking.total_amount)}
            className="text-base font-bold"
          />
          <PriceRow label="Paid (verified)" value={formatCurrency(booking.paid_total)} />
          <PriceRow
            label={booking.balance < 0 ? 'Credit (overpaid)' : 'Balance due'}
            value={formatCurrency(booking.balance)}
            className="font-semibold"
          />
          {booking.balance > 0 && booking.balance_due_date ? (
            <PriceRow label="Balance due by" value={formatDate(booking.balance_due_date)} />
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function PaymentsCard({ payments }: { payments: Payment[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments recorded yet.</p>
        ) : (
          <Table label="Payments of this booking" containerClassName="relative">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Method</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="print:hidden">Proof</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment.payment_id}>
                  <TableCell className="whitespace-nowrap">
                    <Link
                      to="/payments/$paymentId"
                      params={{ paymentId: payment.payment_id }}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {formatDate(payment.transaction_date)}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {payment.payment_status === 'Refunded' ? '−' : ''}
                    {formatCurrency(payment.payment_amount)}
                  </TableCell>
                  <TableCell>
                    <PaymentMethodText
                      method={payment.payment_method}
                      reference={payment.transaction_reference}
                    />
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={payment.payment_status} />
                  </TableCell>
                  <TableCell className="print:hidden">
                    {payment.payment_proof_url ? (
                      <a
                        href={payment.payment_proof_url}
                        target="_blank"
                        rel="noopener"
                        className="text-primary underline underline-offset-4"
                      >
                        View proof
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="text-muted-foreground">None</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
