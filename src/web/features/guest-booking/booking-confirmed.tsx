import { Link } from '../../lib/public-router';
import { CalendarPlus, Check, Copy, Hourglass, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { GuestBookingCreated } from '../../../domain/schemas/guest-booking.schema';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import type { PublicSettings } from '../../../domain/settings';
import { verificationWindowText } from '../public-settings/settings-text';
import { isFullPayment } from '../quote/deposit-text';
import { RATE_PLAN_NAMES } from '../quote/rate-plan-text';
import type { RatePlan } from '../../../domain/pricing';
import { PaymentInstructions } from './payment-instructions';

type CreatedBooking = GuestBookingCreated['booking'];

/** What the guest booked: a view of the server's answer and of what the form sent. */
export interface ReceivedBooking {
  reference: CreatedBooking['booking_reference'];
  email: string;
  cabinName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  /** The booking's total in pesos, from the server's answer. */
  total: CreatedBooking['total_amount'];
  /** Issue 17: the deposit the proof was sent for, the balance left and when it is due. */
  deposit: CreatedBooking['deposit_amount'];
  balance: CreatedBooking['balance_amount'];
  balanceDueDate: CreatedBooking['balance_due_date'];
  /** Issue 21: the promo code that priced the booking (null: none, or the automatic discount won). */
  promoCode: string | null;
  /** Issue 21: the rate plan chosen; null when the resort sells only the flexible rate. */
  ratePlan: RatePlan | null;
}

export interface BookingConfirmedProps {
  booking: ReceivedBooking;
  /** The resort's public settings: its verification window and how to pay the balance. */
  settings: PublicSettings;
  onBookAgain: () => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * SPEC §2's result of the guest form, worded for what it is (issue 15): the booking is received
 * and waits for the payment to be verified, so it says "Booking received" (not "confirmed"),
 * shows what was booked, and what happens next. The two buttons stay as SPEC §2 has them.
 */
export function BookingConfirmed({ booking, settings, onBookAgain }: BookingConfirmedProps) {
  const { reference, email } = booking;
  const plan = {
    deposit_amount: booking.deposit,
    balance_amount: booking.balance,
    balance_due_date: booking.balanceDueDate,
  };
  const paidInFull = isFullPayment(plan);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);

  // Move focus to the result so screen-reader and keyboard users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      toast.success('Booking reference copied');
    } catch {
      toast.info(`Your booking reference is ${reference}`);
    }
  };

  return (
    <Card className="border-sea-300" data-testid="booking-received">
      <CardHeader className="justify-items-center text-center">
        <Hourglass aria-hidden="true" className="size-12 text-primary" />
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold focus-visible:outline-none"
        >
          Booking received
        </h2>
        <p className="text-muted-foreground">
          Thank you. Your booking is waiting for us to verify your payment.
        </p>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-5">
        <div className="grid w-full max-w-sm gap-2 rounded-xl border border-border bg-sand-50 p-4 text-center">
          <span className="text-sm text-muted-foreground">Your booking reference</span>
          <span
            className="font-mono text-2xl font-bold tracking-wider wrap-anywhere text-sea-900 select-all sm:text-3xl"
            data-testid="booking-reference"
          >
            {reference}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-center"
            onClick={() => void copy()}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy reference'}
          </Button>
        </div>

        <section aria-labelledby="received-stay-title" className="grid w-full max-w-sm gap-1">
          <h3 id="received-stay-title" className="text-base font-semibold">
            Your booking
          </h3>
          <dl className="divide-y divide-border text-sm" data-testid="received-details">
            <Detail label="Cabin">{booking.cabinName}</Detail>
            <Detail label="Check-in">{formatDate(booking.checkIn)}</Detail>
            <Detail label="Check-out">{formatDate(booking.checkOut)}</Detail>
            <Detail label="Nights">{booking.nights}</Detail>
            {booking.ratePlan ? (
              <Detail label="Rate">
                <span data-testid="received-rate-plan">{RATE_PLAN_NAMES[booking.ratePlan]}</span>
              </Detail>
            ) : null}
            {booking.promoCode ? (
              <Detail label="Promo code">
                <span data-testid="received-promo-code">{booking.promoCode}</span>
              </Detail>
            ) : null}
            <Detail label="Total">
              <span className="tabular-nums">{formatCurrency(booking.total)}</span>
            </Detail>
            <Detail label={paidInFull ? 'Paid (the full amount)' : 'Deposit paid'}>
              <span className="tabular-nums" data-testid="received-deposit">
                {formatCurrency(booking.deposit)}
              </span>
              <span className="block text-xs font-normal text-muted-foreground">
                Pending verification
              </span>
            </Detail>
            <Detail label="Balance">
              <span className="tabular-nums" data-testid="received-balance">
                {formatCurrency(booking.balance)}
              </span>
              {paidInFull ? null : (
                <span
                  className="block text-xs font-normal text-muted-foreground"
                  data-testid="received-balance-due"
                >
                  due on {formatDate(booking.balanceDueDate)}
                </span>
              )}
            </Detail>
          </dl>
        </section>

        <section aria-labelledby="next-steps-title" className="grid w-full max-w-sm gap-2 text-sm">
          <h3 id="next-steps-title" className="text-base font-semibold">
            What happens next
          </h3>
          <ol className="grid list-decimal gap-2 pl-5" data-testid="next-steps">
            <li>
              We verify your payment, typically{' '}
              {verificationWindowText(settings.payment_verification_hours)} on business days.
            </li>
            <li>
              Once it is verified we confirm your booking by e-mail to{' '}
              <strong className="wrap-anywhere">{email}</strong>.
            </li>
            <li>
              Keep your reference: with your e-mail it lets you check your booking at any time.
            </li>
          </ol>
        </section>

        {paidInFull ? null : (
          <section
            aria-labelledby="pay-balance-title"
            className="grid w-full max-w-sm gap-2 text-sm"
            data-testid="pay-balance"
          >
            <h3 id="pay-balance-title" className="text-base font-semibold">
              Paying the balance
            </h3>
            <PaymentInstructions
              settings={settings}
              amount={booking.balance}
              amountLabel="Balance to pay"
              paymentNote={
                <>
                  your booking reference, <strong className="font-mono">{reference}</strong>.
                </>
              }
              footer={
                <p>
                  Then upload the receipt on{' '}
                  <Link
                    to="/check-booking"
                    search={{ ref: reference }}
                    className="font-medium text-primary underline"
                  >
                    Check Booking
                  </Link>{' '}
                  with your reference and e-mail; we verify it as we do the deposit.
                </p>
              }
            >
              <p>Due on {formatDate(booking.balanceDueDate)}.</p>
            </PaymentInstructions>
          </section>
        )}
      </CardContent>
      <CardFooter className="justify-center">
        <Link
          to="/check-booking"
          search={{ ref: reference }}
          className={buttonVariants({ className: 'w-full sm:w-auto' })}
        >
          <Search aria-hidden="true" />
          Check Booking Status
        </Link>
        <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={onBookAgain}>
          <CalendarPlus aria-hidden="true" />
          Make Another Booking
        </Button>
      </CardFooter>
    </Card>
  );
}
