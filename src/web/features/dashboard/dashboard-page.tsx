import { Link } from '@tanstack/react-router';
import {
  BedDouble,
  CalendarRange,
  ChevronLeft,
  ChevronRight,
  CreditCard,
  LogIn,
  LogOut,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ROLE_LABELS } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { Badge, StatusBadge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { bookingPath } from '../availability/booking-path';
import { useCalendar } from '../availability/get-calendar';
import { TapeChart, TapeChartLegend } from '../availability/tape-chart';
import { addMonths, daysOfMonth, monthLabel } from '../../lib/calendar-month';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';
import { InlineAlert, LoadFailedAlert } from '../../components/ui/inline-alert';
import type {
  Dashboard as DashboardData,
  DayBooking,
} from '../../../domain/schemas/dashboard.schema';
import { useDashboard } from './get-dashboard';
import { StatCard } from './stat-card';
import { ChannelConflictsCard } from '../channels/channel-conflicts-card';
import { FailingFeedsCard } from '../channels/failing-feeds-card';

export interface DashboardPageProps {
  /** 'YYYY-MM'; this month when omitted. */
  month?: string;
  onMonthChange: (month: string | undefined) => void;
  /** Arrived from a page this role may not open (SPEC §6). */
  unauthorized?: boolean;
  onDismissError?: () => void;
}

/** SPEC §2 /dashboard: statistic cards, today's arrivals and departures, and the month's calendar. */
export function DashboardPage({
  month,
  onMonthChange,
  unauthorized = false,
  onDismissError,
}: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const dashboard = useDashboard(month);
  const toasted = useRef(false);

  useEffect(() => {
    if (unauthorized && !toasted.current) {
      toasted.current = true;
      toast.error(PERMISSION_MESSAGES.auditLogs, { id: 'audit-logs-denied' });
    }
  }, [unauthorized]);

  const shown = dashboard.data?.month ?? month;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Dashboard"
        description={
          user ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>Welcome back, {user.name}.</span>
              <Badge variant="secondary">{user.role ? ROLE_LABELS[user.role] : 'No role'}</Badge>
            </span>
          ) : null
        }
      />

      {unauthorized ? (
        <InlineAlert tone="error" title={PERMISSION_MESSAGES.auditLogs} onDismiss={onDismissError}>
          {PERMISSION_MESSAGES.auditLogsWho}
        </InlineAlert>
      ) : null}

      {dashboard.isError && !dashboard.data ? (
        <LoadFailedAlert
          title="Failed to load the dashboard"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : !dashboard.data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" aria-busy="true">
          <span role="status" className="sr-only">
            Loading the dashboard...
          </span>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : (
        <>
          <MonthBar
            month={dashboard.data.month}
            today={dashboard.data.today}
            onMonthChange={onMonthChange}
          />
          <ChannelConflictsCard />
          <FailingFeedsCard />
          <Cards data={dashboard.data} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <DayList
              title="Arriving today"
              icon={LogIn}
              bookings={dashboard.data.arrivals}
              empty="No arrivals today."
              date={dashboard.data.today}
            />
            <DayList
              title="Departing today"
              icon={LogOut}
              bookings={dashboard.data.departures}
              empty="No departures today."
              date={dashboard.data.today}
            />
          </div>
        </>
      )}

      {shown ? <MonthCalendar month={shown} /> : null}
    </div>
  );
}

function MonthBar({
  month,
  today,
  onMonthChange,
}: {
  month: string;
  today: string;
  onMonthChange: (month: string | undefined) => void;
}) {
  const current = today.slice(0, 7);
  const go = (next: string) => onMonthChange(next === current ? undefined : next);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        onClick={() => go(addMonths(month, -1))}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <h2 className="min-w-40 text-center text-lg font-semibold" aria-live="polite">
        {monthLabel(month)}
      </h2>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        onClick={() => go(addMonths(month, 1))}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
      {month !== current ? (
        <Button variant="ghost" size="sm" onClick={() => onMonthChange(undefined)}>
          This month
        </Button>
      ) : null}
    </div>
  );
}

function Cards({ data }: { data: DashboardData }) {
  const { cards } = data;
  const monthName = monthLabel(data.month).split(' ')[0]!;
  const previousName = monthLabel(data.previous_month).split(' ')[0]!;
  const pending = cards.payments_awaiting;
  return (
    <section aria-label="Figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <StatCard
        title={`Occupancy, ${monthName}`}
        value={`${cards.occupancy.value.toLocaleString('en-PH', { maximumFractionDigits: 1 })}%`}
        description={`${cards.occupancy.booked_nights} of ${cards.occupancy.available_nights} cabin-nights booked (cancelled stays not counted).`}
        icon={BedDouble}
        trend={{ percent: cards.occupancy.change_percent, against: previousName }}
      />
      {/* Absent when the owners hide revenue from staff: no card rather than a blank one. */}
      {cards.revenue ? (
        <StatCard
          title={`Revenue, ${monthName}`}
          value={formatCurrency(cards.revenue.value, { wholePesos: true })}
          description={`Booking totals of the ${cards.revenue.bookings} ${cards.revenue.bookings === 1 ? 'stay' : 'stays'} checking in this month, cancelled ones left out.`}
          icon={Wallet}
          trend={{ percent: cards.revenue.change_percent, against: previousName }}
        />
      ) : null}
      <StatCard
        title="Arrivals today"
        value={String(cards.arrivals_today.value)}
        description={`Guests checking in on ${formatDate(data.today, 'MMM dd')}.`}
        icon={LogIn}
        trend={{ percent: cards.arrivals_today.change_percent, against: 'yesterday' }}
      />
      <StatCard
        title="Departures today"
        value={String(cards.departures_today.value)}
        description={`Guests checking out on ${formatDate(data.today, 'MMM dd')}.`}
        icon={LogOut}
        trend={{ percent: cards.departures_today.change_percent, against: 'yesterday' }}
      />
      <StatCard
        title="Payments awaiting verification"
        value={String(pending.value)}
        description={
          pending.over_24_hours > 0
            ? `${pending.over_24_hours} waiting more than 24 hours, the time guests are promised.`
            : 'Payment proofs to check against the bank or e-wallet.'
        }
        icon={CreditCard}
        footer={
          pending.value > 0 ? (
            <Link
              to={paths.payments}
              search={{ status: 'Pending' }}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              Review the payment proofs
            </Link>
          ) : null
        }
      />
    </section>
  );
}

function DayList({
  title,
  icon: Icon,
  bookings,
  empty,
  date,
}: {
  title: string;
  icon: typeof LogIn;
  bookings: DayBooking[];
  empty: string;
  date: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-sea-700" />
          {title}
        </CardTitle>
        <CardDescription>{formatDate(date, 'EEEE, MMM dd, yyyy')}</CardDescription>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={title}>
            {bookings.map((booking) => (
              <li
                key={booking.booking_id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3"
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Link
                    to={bookingPath(booking.booking_id)}
                    className="font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {booking.guest_name}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    {booking.unit_names || 'No cabin'} · {booking.num_guests}{' '}
                    {booking.num_guests === 1 ? 'guest' : 'guests'} · {booking.booking_reference}
                  </span>
                </div>
                <StatusBadge status={booking.booking_status} />
                <StatusBadge status={booking.payment_status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function MonthCalendar({ month }: { month: string }) {
  const days = daysOfMonth(month);
  const calendar = useCalendar({ from: days[0]!, to: days[days.length - 1]! });
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Calendar, {monthLabel(month)}</CardTitle>
          <CardDescription>
            Stays and blocked dates of every cabin. Select a stay to open its booking.
          </CardDescription>
        </div>
        <Link
          to="/availability"
          search={{ date: month }}
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
        >
          <CalendarRange aria-hidden="true" />
          Open availability
        </Link>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {calendar.isError && !calendar.data ? (
          <InlineAlert tone="error" title="Failed to load the calendar">
            {calendar.error.message}
          </InlineAlert>
        ) : !calendar.data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <TapeChart month={month} today={calendar.data.today} units={calendar.data.units} />
            <TapeChartLegend />
          </>
        )}
      </CardContent>
    </Card>
  );
}
