import { useMutation } from '@tanstack/react-query';
import { Link } from '../../lib/public-router';
import { AlertTriangle, Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { todayInZone } from '../../../domain/dates';
import type { CheckBooking, CheckBookingInput } from '../../../domain/schemas/check-booking.schema';
import type { BookingLookup } from '../../../domain/schemas/guest-booking.schema';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { telHref } from '../public-settings/settings-text';
import { canPayBalance } from './balance-due';
import { BalancePayment } from './balance-payment';
import { BookingStatusCard } from './booking-status-card';
import { STATUS_LOOKUP_FALLBACK, getBookingStatus } from './get-booking-status';
import { lazyCheckBookingResolver, loadCheckBookingValidation } from './load-validation';

export interface CheckBookingPageProps {
  /** `?ref=` from the booking confirmation. */
  initialReference?: string;
}

/** SPEC §2 /check-booking: look a booking up by reference and e-mail. */
export function CheckBookingPage({ initialReference }: CheckBookingPageProps) {
  const settings = usePublicSettings();
  useDocumentTitle('Check Booking', settings.resort_name);
  useMetaDescription(
    `Check your booking at ${settings.resort_name}: enter your booking reference and e-mail to see its dates, status and payment.`,
  );
  const form = useForm<CheckBookingInput, unknown, CheckBooking>({
    resolver: lazyCheckBookingResolver,
    mode: 'onTouched',
    defaultValues: { booking_reference: initialReference ?? '', email: '' },
  });
  const { errors } = form.formState;
  // The booking shown, looked up again after a balance proof (issue 17 point 3), and that proof.
  const [result, setResult] = useState<{
    booking: BookingLookup;
    sent: { balance: number } | null;
  } | null>(null);
  const lookup = useMutation({
    mutationFn: (input: CheckBooking) => getBookingStatus(input),
    meta: { suppressErrorToast: true },
    onMutate: () => setResult(null),
    onSuccess: (booking) => setResult({ booking, sent: null }),
  });
  // DESIGN §3: "due" and "overdue" are counted in the resort's days.
  const today = useMemo(() => todayInZone(settings.timezone), [settings.timezone]);
  const resultRef = useRef<HTMLDivElement>(null);

  // Arriving from "Check Booking Status" with the reference filled in: the e-mail is next.
  useEffect(() => {
    if (initialReference) form.setFocus('email');
  }, [form, initialReference]);

  useEffect(() => {
    if (lookup.isSuccess || lookup.isError) resultRef.current?.focus();
  }, [lookup.isSuccess, lookup.isError]);

  const notFound = isApiError(lookup.error) && lookup.error.status === 404;

  return (
    <PublicLayout mainClassName="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-6">
        <PageHeader
          title="Check Your Booking"
          description="Enter your booking reference and the e-mail you booked with."
        />
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <form
              noValidate
              onFocusCapture={() => void loadCheckBookingValidation().catch(() => undefined)}
              onSubmit={form.handleSubmit((values) => lookup.mutate(values))}
              className="grid gap-4 sm:grid-cols-2 sm:items-start"
            >
              <Field
                label="Booking reference"
                required
                error={errors.booking_reference?.message}
                description="e.g. BK-2026-AB12"
              >
                <Input
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono uppercase"
                  {...form.register('booking_reference')}
                />
              </Field>
              <Field
                label="E-mail"
                required
                error={errors.email?.message}
                description="As given when booking"
              >
                <Input
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  {...form.register('email')}
                />
              </Field>
              <Button
                type="submit"
                className="w-full sm:col-span-2 sm:w-auto sm:justify-self-start"
                loading={lookup.isPending}
                loadingText="Searching…"
              >
                <Search aria-hidden="true" />
                Check Booking
              </Button>
            </form>
          </CardContent>
        </Card>

        <div
          ref={resultRef}
          tabIndex={-1}
          aria-live="polite"
          className="focus-visible:outline-none"
        >
          {lookup.isSuccess && result ? (
            <BookingStatusCard
              booking={result.booking}
              today={today}
              balanceProofPending={result.sent !== null}
            />
          ) : null}
          {notFound ? (
            <Card
              className="items-center gap-3 px-5 py-8 text-center"
              data-testid="booking-not-found"
            >
              <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
              <h2 className="text-lg font-semibold">No booking found with the provided details.</h2>
              <p className="max-w-md text-sm text-muted-foreground">
                Please check your booking reference and the e-mail you used when booking. The
                reference is in your confirmation e-mail and looks like BK-2026-AB12.
              </p>
              <p className="text-sm">
                Need help? Call{' '}
                <a
                  className="font-medium text-primary underline"
                  href={telHref(settings.contact_phone)}
                >
                  {settings.contact_phone}
                </a>
                .
              </p>
            </Card>
          ) : null}
          {lookup.isError && !notFound ? (
            <p
              role="alert"
              className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-4 text-sm font-medium text-destructive"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {lookup.error instanceof Error && lookup.error.message
                ? lookup.error.message
                : STATUS_LOOKUP_FALLBACK}
            </p>
          ) : null}
        </div>

        {lookup.isSuccess && result && (result.sent || canPayBalance(result.booking)) ? (
          <BalancePayment
            // A new lookup starts a new form.
            key={lookup.submittedAt}
            booking={result.booking}
            lookup={lookup.variables}
            settings={settings}
            today={today}
            sent={result.sent}
            onSent={({ balance, refreshed }) =>
              setResult(
                (current) =>
                  current && { booking: refreshed ?? current.booking, sent: { balance } },
              )
            }
          />
        ) : null}

        <p className="text-sm text-muted-foreground">
          Not booked yet?{' '}
          <Link to={paths.guestBooking} className={buttonVariants({ variant: 'link' })}>
            Book your stay
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
