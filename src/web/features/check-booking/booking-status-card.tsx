import {
  BadgeCheck,
  BadgePercent,
  CalendarCheck,
  CalendarX,
  Clock,
  Home,
  Info,
  ReceiptText,
  XCircle,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { diffDays, isIsoDate, toIsoDate } from '../../../domain/dates';
import type { IsoDate } from '../../../domain/dates';
import { formatCurrency, formatDate } from '../../../domain/format';
import { StatusBadge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import type { BookingLookup } from '../../../domain/schemas/guest-booking.schema';
import { balanceLine } from './balance-due';
import { GuestDocuments } from './guest-documents';
import { RATE_PLAN_NAMES } from '../quote/rate-plan-text';

const PENDING_PAYMENT =
  'Your payment is being verified. You will receive a confirmation email once the payment is confirmed.';
const CONFIRMED = 'Your booking is confirmed! We look forward to welcoming you.';

/** The guest-facing message for a booking's state (SPEC §2), with its tone. */
export function statusMessage(
  booking: Pick<BookingLookup, 'booking_status' | 'payment_status'>,
): { text: string; tone: 'info' | 'success' | 'warning'; icon: LucideIcon } | null {
  const status = booking.booking_status.toLowerCase();
  const payment = booking.payment_status.toLowerCase();
  if (status === 'cancelled') {
    return {
      text: 'This booking has been cancelled. Please contact us if you have any questions.',
      tone: 'warning',
      icon: XCircle,
    };
  }
  if (status === 'confirmed') return { text: CONFIRMED, tone: 'success', icon: BadgeCheck };
  if (status === 'checkedin') {
    return { text: 'You are checked in. Enjoy your stay!', tone: 'success', icon: BadgeCheck };
  }
  if (status === 'checkedout') {
    return { text: 'Thank you for staying with us!', tone: 'info', icon: Info };
  }
  if (payment === 'pending verification')
    return { text: PENDING_PAYMENT, tone: 'info', icon: Clock };
  if (payment === 'unpaid') {
    return {
      text: 'We have not received your payment proof yet. Please contact us to complete your booking.',
      tone: 'warning',
      icon: Info,
    };
  }
  return null;
}

const toneClass = {
  info: 'border-sea-200 bg-accent text-accent-foreground',
  success: 'border-sea-300 bg-success-soft text-success-foreground',
  warning: 'border-sand-400 bg-warning-soft text-warning-foreground',
} as const;

function Detail({
  icon: Icon,
  label,
  children,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  children: string;
  testId?: string;
}) {
  return (
    // A <dl> may hold <div> groups of <dt>/<dd> and nothing deeper (axe definition-list, dlitem):
    // the icon sits inside the term, and the value is indented under the label.
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-3 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="pl-8 font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A money row of the card: the label, the amount on the right, and a note under it. */
function MoneyRow({
  label,
  amount,
  note,
  emphasis,
  testId,
}: {
  label: string;
  amount: number;
  note?: string | null;
  emphasis?: 'strong' | 'overdue';
  testId: string;
}) {
  // The dt and dd sit directly in the group (axe dlitem); the grid puts the amount on the right.
  return (
    <div
      className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 border-t border-border py-2 first:border-t-0"
      data-testid={testId}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('tabular-nums', emphasis ? 'text-lg font-bold' : 'font-medium')}>
        {formatCurrency(amount)}
      </dd>
      {note ? (
        <dd
          className={cn(
            'col-span-2 text-sm',
            emphasis === 'overdue' ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          {note}
        </dd>
      ) : null}
    </div>
  );
}

export interface BookingStatusCardProps {
  booking: BookingLookup;
  /** The resort's today (DESIGN §3), for "due on" and "overdue". */
  today: IsoDate;
  /**
   * A balance proof was sent from this page. The lookup cannot say so (a proof is not on the
   * folio until staff verify it, and a paid deposit keeps the payment status at Deposit paid),
   * so the page tells the card.
   */
  balanceProofPending?: boolean;
}

/** SPEC §2 /check-booking result card, with the folio's figures (issue 17 point 3). */
export function BookingStatusCard({
  booking,
  today,
  balanceProofPending = false,
}: BookingStatusCardProps) {
  const message = statusMessage(booking);
  const balance = balanceLine(booking, today);
  const checkIn = toIsoDate(booking.check_in) ?? booking.check_in;
  const checkOut = toIsoDate(booking.check_out) ?? booking.check_out;
  const nights = isIsoDate(checkIn) && isIsoDate(checkOut) ? diffDays(checkOut, checkIn) : null;

  return (
    <Card aria-labelledby="booking-result-title" role="region">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">
              Booking{' '}
              <span className="font-mono font-semibold text-foreground">
                {booking.booking_reference}
              </span>
            </p>
            <h2 id="booking-result-title" className="text-xl font-bold">
              {booking.unit.unit_name}
            </h2>
            {booking.unit.unit_type ? (
              <p className="text-sm text-muted-foreground">{booking.unit.unit_type}</p>
            ) : null}
          </div>
          <dl className="grid gap-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="text-muted-foreground">Booking status:</dt>
              <dd data-testid="booking-status-badge">
                <StatusBadge status={booking.booking_status} />
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-muted-foreground">Payment status:</dt>
              <dd data-testid="payment-status-badge">
                <StatusBadge status={booking.payment_status} />
              </dd>
            </div>
            {balanceProofPending || (booking.pending_total > 0 && booking.paid_total > 0) ? (
              <div className="flex items-center gap-2">
                <dt className="text-muted-foreground">Balance proof:</dt>
                <dd data-testid="balance-proof-badge">
                  <StatusBadge status="Pending verification" />
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Detail icon={CalendarCheck} label="Check-in">
            {formatDate(checkIn, 'MMM dd, yyyy')}
          </Detail>
          <Detail icon={CalendarX} label="Check-out">
            {formatDate(checkOut, 'MMM dd, yyyy')}
          </Detail>
          <Detail icon={Home} label="Stay">
            {nights === null ? '—' : `${nights} ${nights === 1 ? 'night' : 'nights'}`}
          </Detail>
          {/* Issue 21: the rate plan the stay was sold on, and the promo code that priced it. */}
          <Detail icon={ReceiptText} label="Rate" testId="booking-rate-plan">
            {RATE_PLAN_NAMES[booking.rate_plan]}
          </Detail>
          {booking.promo_code ? (
            <Detail icon={BadgePercent} label="Promo code" testId="booking-promo-code">
              {booking.promo_code}
            </Detail>
          ) : null}
        </dl>
        <dl className="grid rounded-lg border border-border px-4 py-1">
          <MoneyRow label="Total" amount={booking.total_amount} testId="booking-total" />
          <MoneyRow label="Paid" amount={booking.paid_total} testId="booking-paid" />
          {booking.pending_total > 0 ? (
            <MoneyRow
              label="Awaiting verification"
              amount={booking.pending_total}
              note="Your proof of payment is with us; we add it once we have checked it."
              testId="booking-pending"
            />
          ) : null}
          {balance ? (
            <MoneyRow
              label={balance.label}
              amount={balance.amount}
              note={balance.note}
              emphasis={balance.overdue ? 'overdue' : 'strong'}
              testId="booking-balance"
            />
          ) : null}
        </dl>
        {message ? (
          <p
            className={cn(
              'flex gap-2 rounded-lg border p-3 text-sm font-medium',
              toneClass[message.tone],
            )}
            data-testid="booking-status-message"
          >
            <message.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {message.text}
          </p>
        ) : null}
        <GuestDocuments documents={booking.documents} />
      </CardContent>
    </Card>
  );
}
