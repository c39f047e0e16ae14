import { Home, RotateCcw } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { todayInZone } from '../../../domain/dates';
import { ErrorScreen, errorMessage } from '../../components/errors/error-screen';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { telHref } from '../public-settings/settings-text';
import { usePublicUnits } from '../units/get-public-units';
import type { ReceivedBooking } from './booking-confirmed';
import { FormCardSkeleton, GuestBookingForm } from './guest-booking-form';
import { loadBookingConfirmed } from './load-booking-confirmed';

const BookingConfirmed = lazy(() =>
  loadBookingConfirmed().then((module) => ({ default: module.BookingConfirmed })),
);

function FormSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p role="status" className="sr-only">
        Loading the booking form…
      </p>
      <FormCardSkeleton />
      <FormCardSkeleton />
      <FormCardSkeleton />
    </div>
  );
}

export interface GuestBookingPageProps {
  /** `?unit_id=` from a cabin card on the home page. */
  initialUnitId?: string;
}

/** SPEC §2 /guest-booking: "Book Your Stay". */
export function GuestBookingPage({ initialUnitId }: GuestBookingPageProps) {
  const settings = usePublicSettings();
  useDocumentTitle('Book Your Stay', settings.resort_name);
  useMetaDescription(
    `Book a beachfront cabin at ${settings.resort_name} online: choose your dates and guests, see the full price, and pay by GCash, Maya or bank transfer.`,
  );
  const { data: units, isPending, isError, error, refetch, isRefetching } = usePublicUnits();
  const [confirmed, setConfirmed] = useState<ReceivedBooking | null>(null);
  const [formKey, setFormKey] = useState(0);
  // DESIGN §3: "today" is the resort's today; check-in must be after it (SPEC §5).
  const today = todayInZone(settings.timezone);

  let body: ReactNode;
  if (confirmed) {
    body = (
      <Suspense fallback={<FormSkeleton />}>
        <BookingConfirmed
          booking={confirmed}
          settings={settings}
          onBookAgain={() => {
            setConfirmed(null);
            setFormKey((k) => k + 1);
            window.scrollTo({ top: 0 });
          }}
        />
      </Suspense>
    );
  } else if (isPending) {
    body = <FormSkeleton />;
  } else if (isError) {
    body = (
      <ErrorScreen
        variant="inline"
        title="We couldn't load the cabins"
        description={
          <>
            Please try again, or book by phone at{' '}
            <a
              className="font-medium text-primary underline"
              href={telHref(settings.contact_phone)}
            >
              {settings.contact_phone}
            </a>
            .
          </>
        }
        detail={errorMessage(error)}
        actions={
          <Button variant="outline" onClick={() => void refetch()} loading={isRefetching}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        }
      />
    );
  } else {
    // SPEC §2: only units with status Available are offered.
    const available = units.filter((u) => u.unit_status === 'Available');
    body =
      available.length === 0 ? (
        <EmptyState
          icon={Home}
          title="No cabins are open for booking right now"
          description={
            <>
              Please check back soon, or contact us at{' '}
              <a
                className="font-medium text-primary underline"
                href={`mailto:${settings.contact_email}`}
              >
                {settings.contact_email}
              </a>
              .
            </>
          }
        />
      ) : (
        <GuestBookingForm
          key={formKey}
          units={available}
          settings={settings}
          today={today}
          initialUnitId={formKey === 0 ? initialUnitId : undefined}
          onBooked={(result) => {
            setConfirmed(result);
            window.scrollTo({ top: 0 });
          }}
        />
      );
  }

  return (
    <PublicLayout mainClassName="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-6">
        <PageHeader
          title="Book Your Stay"
          description="Tell us who is coming and when, pay by GCash, Maya or bank transfer, and upload your receipt. We confirm once the payment is verified."
        />
        {body}
      </div>
    </PublicLayout>
  );
}
