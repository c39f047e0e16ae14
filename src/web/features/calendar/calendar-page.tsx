import { Link, useNavigate } from '../../lib/public-router';
import { CalendarDays, ChevronLeft, ChevronRight, Eye, RotateCcw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { todayInZone } from '../../../domain/dates';
import { formatCurrency } from '../../../domain/format';
import { ErrorScreen, errorMessage } from '../../components/errors/error-screen';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { RenderLater } from '../../lib/render-later';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { usePublicStayRules } from '../public-settings/get-public-stay-rules';
import { telHref } from '../public-settings/settings-text';
import { usePublicUnits } from '../units/get-public-units';
import { CabinPhoto } from '../public-site/cabin-photo';
import {
  addMonths,
  daysOfMonth,
  monthLabel,
  monthOf,
  monthsBetween,
} from '../../lib/calendar-month';
import type { MonthKey } from '../../lib/calendar-month';
import { usePublicCalendar } from './get-public-calendar';
import type { PublicCalendarUnit as CalendarUnit } from '../../../domain/schemas/calendar.schema';
import { CalendarLegend, MonthGrid } from './month-grid';
import type { NightState } from './month-grid';
import { resortStructuredData, useStructuredData } from './resort-structured-data';
import { arrivalClosedLookup, monthStayRuleNotes } from './stay-rule-notes';

/** How far ahead guests may look. */
export const CALENDAR_MONTHS_AHEAD = 24;

function stateLookup(unit: CalendarUnit, today: string) {
  const taken = new Set(unit.taken);
  const blocked = new Set(unit.blocked);
  return (date: string): NightState => {
    if (date < today) return 'past';
    if (blocked.has(date)) return 'blocked';
    if (taken.has(date)) return 'taken';
    return 'free';
  };
}

/** A cabin's card while the calendar loads, or while its month waits to be drawn. */
function CabinCardSkeleton() {
  return (
    <Card aria-hidden="true" className="h-full">
      <CardHeader>
        <Skeleton className="h-6 w-40" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-64 w-full" />
      </CardContent>
    </Card>
  );
}

function CalendarSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      <p role="status" className="sr-only">
        Loading availability…
      </p>
      <CabinCardSkeleton />
      <CabinCardSkeleton />
      <CabinCardSkeleton />
    </div>
  );
}

export interface CalendarPageProps {
  /** `?month=YYYY-MM`; the current month when missing. */
  month?: MonthKey;
}

/** SPEC §2 /calendar: the public, view-only availability of every cabin by month. */
export function CalendarPage({ month: requested }: CalendarPageProps) {
  const settings = usePublicSettings();
  const navigate = useNavigate();
  const today = todayInZone(settings.timezone);
  const firstMonth = monthOf(today);
  const lastMonth = addMonths(firstMonth, CALENDAR_MONTHS_AHEAD - 1);
  const month =
    requested &&
    monthsBetween(firstMonth, requested) >= 0 &&
    monthsBetween(requested, lastMonth) >= 0
      ? requested
      : firstMonth;
  const days = daysOfMonth(month);
  const range = { from: days[0] ?? `${month}-01`, to: days[days.length - 1] ?? `${month}-28` };
  const calendar = usePublicCalendar(range);
  const units = usePublicUnits();
  const stayRules = usePublicStayRules();

  useDocumentTitle('Availability Calendar', settings.resort_name);
  useMetaDescription(
    `Availability of the beachfront cabins at ${settings.resort_name}, ${settings.address}. See which nights are free and book your stay online.`,
  );
  useStructuredData(
    units.data ? resortStructuredData(settings, units.data, window.location.origin) : null,
  );

  const goTo = (next: MonthKey) =>
    void navigate({
      to: '/calendar',
      search: next === firstMonth ? {} : { month: next },
      replace: true,
    });

  // Issue 15: each cabin shows its photo and description from the cabins list. The cards wait for
  // it (unless it fails) so they do not grow once it arrives.
  const cabinInfo = new Map((units.data ?? []).map((unit) => [unit.unit_id, unit]));
  let body: ReactNode;
  if (calendar.isPending || units.isPending) {
    body = <CalendarSkeleton />;
  } else if (calendar.isError) {
    body = (
      <ErrorScreen
        variant="inline"
        title="We couldn't load the calendar"
        description="Please try again in a moment."
        detail={errorMessage(calendar.error)}
        actions={
          <Button
            variant="outline"
            onClick={() => void calendar.refetch()}
            loading={calendar.isRefetching}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        }
      />
    );
  } else if (calendar.data.units.length === 0) {
    body = <EmptyState icon={CalendarDays} title="No cabins to show yet" />;
  } else {
    body = (
      <ul
        className="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
        aria-label={`Cabins in ${monthLabel(month)}`}
      >
        {calendar.data.units.map((unit, index) => {
          const stateOf = stateLookup(unit, today);
          const freeNights = days.filter((d) => stateOf(d) === 'free').length;
          // Issue 21: the stay rules for this cabin in this month, before the guest books.
          const ruleNotes = monthStayRuleNotes(stayRules, unit.unit_id, range);
          const headingId = `cabin-${unit.unit_id}`;
          const card = (
            <Card
              aria-labelledby={headingId}
              role="region"
              className="h-full"
              data-unit-name={unit.unit_name}
            >
              <CardHeader className="gap-1">
                <div className="flex min-w-0 gap-3">
                  <div className="aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-sea-100 sm:w-24">
                    <CabinPhoto
                      unit={{
                        unit_name: unit.unit_name,
                        photos: cabinInfo.get(unit.unit_id)?.photos,
                      }}
                      variant={index}
                    />
                  </div>
                  <div className="grid min-w-0 content-start gap-1">
                    <CardTitle as="h3" id={headingId}>
                      {unit.unit_name}
                    </CardTitle>
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>{unit.unit_type}</span>
                      <span className="flex items-center gap-1">
                        <Users aria-hidden="true" className="size-4" />
                        Up to {unit.max_occupancy} guests
                      </span>
                      {unit.base_rate > 0 ? (
                        <span>
                          from {formatCurrency(unit.base_rate, { wholePesos: true })}/night
                        </span>
                      ) : null}
                    </p>
                  </div>
                </div>
                {cabinInfo.get(unit.unit_id)?.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">
                    {cabinInfo.get(unit.unit_id)?.description}
                  </p>
                ) : null}
                <p className="text-sm font-medium">
                  {freeNights} {freeNights === 1 ? 'night' : 'nights'} available in{' '}
                  {monthLabel(month)}
                </p>
                {ruleNotes.length > 0 ? (
                  <ul
                    className="grid gap-1 text-sm text-muted-foreground"
                    data-testid="stay-rule-notes"
                  >
                    {ruleNotes.map((note) => (
                      <li key={note}>{note}.</li>
                    ))}
                  </ul>
                ) : null}
              </CardHeader>
              <CardContent>
                <MonthGrid
                  month={month}
                  today={today}
                  stateOf={stateOf}
                  unitName={unit.unit_name}
                  arrivalClosed={arrivalClosedLookup(stayRules, unit.unit_id, today)}
                />
              </CardContent>
              <CardFooter>
                <Link
                  to="/guest-booking"
                  search={{ unit_id: unit.unit_id }}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  Book this cabin
                  <span className="sr-only">: {unit.unit_name}</span>
                </Link>
              </CardFooter>
            </Card>
          );
          return (
            <li key={unit.unit_id} className="min-w-0">
              {/* A month grid is a few hundred elements: the first cabin's is drawn at once,
                  each other one in a task of its own (RenderLater). */}
              {index === 0 ? (
                card
              ) : (
                <RenderLater fallback={<CabinCardSkeleton />}>{card}</RenderLater>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <PublicLayout mainClassName="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-6">
        <PageHeader
          title="Availability Calendar"
          description={`Which nights are free at ${settings.resort_name}, cabin by cabin.`}
          actions={
            <Link to={paths.guestBooking} className={buttonVariants()}>
              <CalendarDays aria-hidden="true" />
              Book Your Stay
            </Link>
          }
        />

        <p className="flex gap-2 rounded-lg border border-sea-200 bg-accent p-4 text-sm text-accent-foreground">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>View-Only: Contact us to book available dates.</strong> Call{' '}
            <a className="font-medium underline" href={telHref(settings.contact_phone)}>
              {settings.contact_phone}
            </a>
            , e-mail{' '}
            <a
              className="font-medium wrap-anywhere underline"
              href={`mailto:${settings.contact_email}`}
            >
              {settings.contact_email}
            </a>
            , or{' '}
            <Link to={paths.guestBooking} className="font-medium underline">
              book online
            </Link>
            . Each date is a night: you can check out on a booked date.
          </span>
        </p>

        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center justify-between gap-2 sm:justify-start">
            <Button
              variant="outline"
              size="icon"
              onClick={() => goTo(addMonths(month, -1))}
              disabled={month === firstMonth}
              aria-label="Previous month"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <h2
              aria-live="polite"
              className="min-w-40 text-center text-lg font-semibold"
              data-testid="calendar-month"
            >
              {monthLabel(month)}
            </h2>
            <Button
              variant="outline"
              size="icon"
              onClick={() => goTo(addMonths(month, 1))}
              disabled={month === lastMonth}
              aria-label="Next month"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <CalendarLegend />
        </div>

        {body}
      </div>
    </PublicLayout>
  );
}
