import { Link } from '../../lib/public-router';
import {
  BadgeCheck,
  CalendarDays,
  Clock,
  Home,
  MapPin,
  Phone,
  RotateCcw,
  Search,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { refundPercent } from '../../../domain/refund';
import { ErrorScreen, errorMessage } from '../../components/errors/error-screen';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button, buttonVariants } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { formatTime12 } from '../../../domain/format';
import { paths } from '../../lib/paths';
import { RenderLater } from '../../lib/render-later';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { ratesTaxSentence } from './rate-tax-note';
import {
  officeHoursText,
  quietHoursText,
  telHref,
  verificationWindowText,
} from '../public-settings/settings-text';
import { usePublicUnits } from '../units/get-public-units';
import { CabinCard, CabinCardSkeleton } from './cabin-card';
import { CabinIllustration } from './cabin-illustration';

/* Buttons on the dark hero: sand on sea keeps 9:1 contrast. */
const heroButton =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold transition-colors [&_svg]:size-5';

/** DESIGN §3: the public home page of the resort. */
export function HomePage() {
  const settings = usePublicSettings();
  useDocumentTitle('', settings.resort_name);
  useMetaDescription(
    `${settings.resort_name}: beachfront cabins in ${settings.address}. Book your stay online, check a booking and see which nights are free.`,
  );

  return (
    <PublicLayout>
      <section
        aria-labelledby="hero-title"
        className="on-dark relative overflow-hidden bg-gradient-to-b from-sea-900 via-sea-800 to-sea-700 text-white"
      >
        <div className="relative z-10 mx-auto grid max-w-6xl items-center gap-10 px-4 pt-14 pb-24 sm:px-6 sm:pt-20 sm:pb-32 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="grid gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-sand-100">
              <MapPin aria-hidden="true" className="size-4" />
              El Nido, Palawan, Philippines
            </p>
            <h1
              id="hero-title"
              className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
              {settings.resort_name}
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-sea-50 sm:text-xl">
              {settings.tagline}
            </p>
            <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:flex-wrap">
              <Link
                to={paths.guestBooking}
                className={`${heroButton} bg-sand-100 text-sea-900 shadow-lg hover:bg-white`}
              >
                <CalendarDays aria-hidden="true" />
                Book Your Stay
              </Link>
              <Link
                to={paths.checkBooking}
                className={`${heroButton} border border-sand-200/70 text-white hover:bg-white/10`}
              >
                <Search aria-hidden="true" />
                Check Booking
              </Link>
              <Link
                to={paths.calendar}
                className={`${heroButton} text-sand-100 underline-offset-4 hover:underline`}
              >
                Availability Calendar
              </Link>
            </div>
          </div>
          <div className="hidden overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/20 lg:block">
            <CabinIllustration variant={1} className="aspect-[4/3]" />
          </div>
        </div>
        <HeroWaves />
      </section>

      <CabinsSection />

      <PoliciesSection />

      <section aria-labelledby="cta-title" className="bg-sand-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div className="grid gap-2">
            <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-sea-900">
              Ready for the beach?
            </h2>
            <p className="max-w-xl text-muted-foreground">
              Pick your dates, choose a cabin and upload your payment proof. We&apos;ll confirm your
              stay in writing once the payment is verified.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={paths.guestBooking} className={buttonVariants({ size: 'lg' })}>
              Book Your Stay
            </Link>
            <Link
              to={paths.calendar}
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
            >
              Availability Calendar
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}

function HeroWaves() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 1440 120"
      preserveAspectRatio="none"
      className="absolute inset-x-0 bottom-0 h-16 w-full sm:h-24"
    >
      <path
        d="M0 64c120-24 240-36 360-24s240 48 360 48 240-36 360-48 240 0 360 24v56H0z"
        fill="#14968a"
        opacity="0.45"
      />
      <path
        d="M0 88c120-20 240-28 360-16s240 36 360 36 240-28 360-36 240 4 360 20v28H0z"
        fill="#fbf8f1"
      />
    </svg>
  );
}

function CabinsSection() {
  const settings = usePublicSettings();
  const { data: units, isPending, isError, error, refetch, isRefetching } = usePublicUnits();

  let body: ReactNode;
  if (isPending) {
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading cabins...
        </p>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <CabinCardSkeleton />
          <CabinCardSkeleton />
          <CabinCardSkeleton />
        </div>
      </div>
    );
  } else if (isError) {
    body = (
      <ErrorScreen
        variant="inline"
        title="We couldn't load the cabins"
        description={
          <>
            Please try again. You can also call us at{' '}
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
  } else if (units.length === 0) {
    body = (
      <EmptyState
        icon={Home}
        headingLevel="h3"
        title="No cabins are open for booking right now"
        description={
          <>
            Please check back soon, or contact us at{' '}
            <a
              className="font-medium text-primary underline"
              href={`mailto:${settings.contact_email}`}
            >
              {settings.contact_email}
            </a>{' '}
            to ask about your dates.
          </>
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {units.map((unit, index) => (
          <li key={unit.unit_id} className="flex">
            {/* One card per task on a phone: the first at once, the rest each in its own. */}
            {index === 0 ? (
              <CabinCard unit={unit} index={index} />
            ) : (
              <RenderLater fallback={<CabinCardSkeleton />}>
                <CabinCard unit={unit} index={index} />
              </RenderLater>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="cabins-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <div className="mb-8 grid gap-2">
        <h2 id="cabins-title" className="text-3xl font-bold tracking-tight text-sea-900">
          Our cabins
        </h2>
        <p className="max-w-2xl text-muted-foreground">
          Every cabin sits a few steps from the sand. Rates are per night in Philippine pesos;{' '}
          {ratesTaxSentence(settings)}
        </p>
      </div>
      {body}
    </section>
  );
}

interface PolicyItem {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
}

function PoliciesSection() {
  const settings = usePublicSettings();
  const items: PolicyItem[] = [
    {
      icon: Clock,
      title: 'Check-in and check-out',
      body: (
        <>
          Check-in from <strong>{formatTime12(settings.check_in_time)}</strong>, check-out by{' '}
          <strong>{formatTime12(settings.check_out_time)}</strong>. Quiet hours are{' '}
          {quietHoursText(settings)}.
        </>
      ),
    },
    {
      icon: Phone,
      title: 'Office hours',
      body: <>We answer calls, messages and e-mail {officeHoursText(settings)}.</>,
    },
    {
      icon: Users,
      title: 'Guests',
      body: (
        <>
          The guest who books must be at least {settings.minimum_guest_age} years old. All guests
          must be declared, up to each cabin&apos;s maximum occupancy.
        </>
      ),
    },
    {
      icon: Wallet,
      title: 'Payment',
      body: (
        <>
          Pay by GCash, Maya, bank transfer and other methods, then upload your payment proof with
          your booking.
        </>
      ),
    },
    {
      icon: BadgeCheck,
      title: 'Confirmation',
      body: (
        <>
          Your booking is confirmed only after we receive and verify your payment proof, typically{' '}
          {verificationWindowText(settings.payment_verification_hours)} on business days. We confirm
          in writing.
        </>
      ),
    },
    {
      icon: Undo2,
      title: 'Cancellations',
      body: (
        <>
          Cancel 30 or more days before check-in for a {refundPercent(30)}% refund; less notice
          means a smaller refund, and a no-show forfeits the payment.{' '}
          <Link
            to="/terms-and-conditions"
            className="font-medium text-primary underline underline-offset-4"
          >
            Read the Terms and Conditions
          </Link>
          .
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="policies-title" className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="mb-8 grid gap-2">
          <h2 id="policies-title" className="text-3xl font-bold tracking-tight text-sea-900">
            Good to know before you book
          </h2>
          <p className="max-w-2xl text-muted-foreground">
            A summary of our policies. The{' '}
            <Link
              to="/terms-and-conditions"
              className="font-medium text-primary underline underline-offset-4"
            >
              Terms and Conditions
            </Link>{' '}
            and the{' '}
            <Link
              to="/privacy-policy"
              className="font-medium text-primary underline underline-offset-4"
            >
              Data Privacy Notice
            </Link>{' '}
            give the details.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.title}
              className="flex gap-4 rounded-xl border border-border bg-background p-5"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <item.icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid content-start gap-1">
                <h3 className="font-semibold text-foreground">{item.title}</h3>
                <p className="text-sm text-muted-foreground">{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
