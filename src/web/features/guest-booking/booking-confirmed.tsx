import { Link } from '@tanstack/react-router';
import { CalendarPlus, Check, CheckCircle2, Copy, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';

export interface BookingConfirmedProps {
  reference: string;
  email: string;
  onBookAgain: () => void;
}

/** SPEC §2: "Booking Confirmed!" with the reference, the e-mail note and the two buttons. */
export function BookingConfirmed({ reference, email, onBookAgain }: BookingConfirmedProps) {
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
    <Card className="border-sea-300">
      <CardHeader className="justify-items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-14 text-primary" />
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold focus-visible:outline-none"
        >
          Booking Confirmed!
        </h2>
        <p className="text-muted-foreground">Thank you. We have received your booking request.</p>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4 text-center">
        <div className="grid w-full max-w-sm gap-2 rounded-xl border border-border bg-sand-50 p-4">
          <span className="text-sm text-muted-foreground">Your booking reference</span>
          <span
            className="font-mono text-3xl font-bold tracking-wider wrap-anywhere text-sea-900 select-all"
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
        <p className="max-w-md text-sm">
          A confirmation email has been sent to <strong className="wrap-anywhere">{email}</strong>.
          Keep your reference: you need it with your e-mail to check your booking.
        </p>
        <p className="max-w-md text-sm text-muted-foreground">
          Your payment is being verified. You will receive a confirmation email once the payment is
          confirmed.
        </p>
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
