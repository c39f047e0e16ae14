import { Link } from '@tanstack/react-router';
import {
  AlertTriangle,
  BedDouble,
  ChevronLeft,
  ChevronRight,
  LogIn,
  LogOut,
  Printer,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { BOOKING_SOURCE_LABELS, hasRoleAtLeast } from '../../../domain/constants';
import { addDays, isIsoDate } from '../../../domain/dates';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { FrontDeskStayDto as Stay } from '../../../domain/schemas/front-desk.schema';
import { Badge, StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyNote } from '../../components/ui/empty-note';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { bookingPath } from '../availability/booking-path';
import { useResortToday } from '../availability/resort-today';
import { CheckInDialog } from '../bookings/check-in-dialog';
import { CheckOutDialog } from '../bookings/check-out-dialog';
import { cabinsNotReady } from '../bookings/desk-booking';
import type { DeskBooking } from '../bookings/desk-booking';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { useFrontDesk } from './get-front-desk';

export interface FrontDeskPageProps {
  /** 'YYYY-MM-DD'; the resort's today when omitted. */
  date?: string;
  onDateChange: (date: string | undefined) => void;
}

type SectionKind = 'arrivals' | 'in_house' | 'departures';

const SECTIONS: readonly {
  kind: SectionKind;
  title: string;
  icon: LucideIcon;
  empty: string;
}[] = [
  { kind: 'arrivals', title: 'Arrivals', icon: LogIn, empty: 'No arrivals on this day.' },
  { kind: 'in_house', title: 'In house', icon: BedDouble, empty: 'No guests staying over.' },
  { kind: 'departures', title: 'Departures', icon: LogOut, empty: 'No departures on this day.' },
];

function deskStayOf(stay: Stay): DeskBooking {
  return {
    booking_id: stay.booking_id,
    booking_reference: stay.booking_reference,
    guest_name: stay.guest_name,
    email: stay.email,
    check_in: stay.check_in,
    check_out: stay.check_out,
    balance: stay.balance,
    cabins: stay.units.map((unit) => ({
      unit_name: unit.unit_name,
      housekeeping_status: unit.housekeeping_status,
    })),
  };
}

type Action = { kind: 'check-in' | 'check-out'; stay: Stay };

/**
 * Issue 22 "Today" (/front-desk): the day's arrivals, in-house guests and departures with the
 * cabin's housekeeping status, the balance and the guest's requests; one action to check in and
 * one to check out. On paper it is the day sheet: one compact table per section on an A4 page.
 */
export function FrontDeskPage({ date, onDateChange }: FrontDeskPageProps) {
  useDocumentTitle('Today');
  const today = useResortToday();
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const settings = usePublicSettings();
  const shown = date ?? today;
  const desk = useFrontDesk(date);
  const [action, setAction] = useState<Action | null>(null);
  const go = (next: string) => onDateChange(next === today ? undefined : next);

  return (
    <div className="grid grid-cols-1 gap-6 print:gap-2" data-printable="front-desk-day-sheet">
      <div className="hidden print:block">
        <p className="text-base font-bold">
          {settings.resort_name} · Day sheet · {formatDate(shown, 'EEEE, MMM dd, yyyy')}
        </p>
      </div>
      <PageHeader
        className="print:hidden"
        eyebrow="Front desk"
        title="Today"
        description={formatDate(shown, 'EEEE, MMM dd, yyyy')}
        actions={
          <Button variant="outline" onClick={() => window.print()} disabled={!desk.data}>
            <Printer aria-hidden="true" />
            Print day sheet
          </Button>
        }
      />

      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous day"
          onClick={() => go(addDays(shown, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <label className="grid gap-1 text-sm font-medium">
          Date
          <DatePicker
            value={shown}
            className="w-44"
            onChange={(event) => {
              if (isIsoDate(event.target.value)) go(event.target.value);
            }}
          />
        </label>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next day"
          onClick={() => go(addDays(shown, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        {shown !== today ? (
          <Button variant="ghost" onClick={() => onDateChange(undefined)}>
            Today
          </Button>
        ) : null}
      </div>

      {desk.isError && !desk.data ? (
        <LoadFailedAlert
          title="Failed to load the day"
          error={desk.error}
          onRetry={() => void desk.refetch()}
        />
      ) : !desk.data ? (
        <div className="grid gap-4" aria-busy="true">
          <span role="status" className="sr-only">
            Loading the day...
          </span>
          {SECTIONS.map((section) => (
            <Skeleton key={section.kind} className="h-32" />
          ))}
        </div>
      ) : (
        <div
          className={cn(
            'grid grid-cols-1 gap-6 print:gap-2',
            desk.isPlaceholderData && 'opacity-60 print:opacity-100',
          )}
          aria-busy={desk.isPlaceholderData || undefined}
        >
          {SECTIONS.map((section) => (
            <DaySection
              key={section.kind}
              {...section}
              stays={desk.data[section.kind]}
              isToday={desk.data.date === today}
              onAction={setAction}
            />
          ))}
        </div>
      )}

      {action?.kind === 'check-in' ? (
        <CheckInDialog booking={deskStayOf(action.stay)} onClose={() => setAction(null)} />
      ) : action?.kind === 'check-out' ? (
        <CheckOutDialog
          booking={deskStayOf(action.stay)}
          isManager={isManager}
          onClose={() => setAction(null)}
        />
      ) : null}
    </div>
  );
}

function DaySection({
  kind,
  title,
  icon: Icon,
  empty,
  stays,
  isToday,
  onAction,
}: {
  kind: SectionKind;
  title: string;
  icon: LucideIcon;
  empty: string;
  stays: Stay[];
  isToday: boolean;
  onAction: (action: Action) => void;
}) {
  const headingId = `front-desk-${kind}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 print:gap-1">
      <h2
        id={headingId}
        className="flex items-center gap-2 text-lg font-semibold print:text-sm print:font-bold"
      >
        <Icon aria-hidden="true" className="size-5 text-sea-700 print:hidden" />
        {title}
        <Badge variant="secondary" className="print:hidden">
          {stays.length}
        </Badge>
        <span className="hidden print:inline">({stays.length})</span>
      </h2>
      {stays.length === 0 ? (
        <>
          <div className="print:hidden">
            <EmptyNote>{empty}</EmptyNote>
          </div>
          <p className="hidden text-xs print:block">None.</p>
        </>
      ) : (
        <>
          <ul className="grid gap-3 print:hidden" aria-label={title}>
            {stays.map((stay) => (
              <StayCard
                key={stay.booking_id}
                kind={kind}
                stay={stay}
                isToday={isToday}
                onAction={onAction}
              />
            ))}
          </ul>
          <PrintTable kind={kind} stays={stays} />
        </>
      )}
    </section>
  );
}

/** The cabins of a stay (a split stay has two), each with its housekeeping status. */
function cabinText(stay: Stay): string {
  return stay.units.map((unit) => unit.unit_name).join(', ') || 'No cabin';
}

function StayCard({
  kind,
  stay,
  isToday,
  onAction,
}: {
  kind: SectionKind;
  stay: Stay;
  isToday: boolean;
  onAction: (action: Action) => void;
}) {
  // Issue 22: the warning is for a guest still to check in.
  const notReady =
    kind === 'arrivals' && stay.booking_status !== 'CheckedIn'
      ? cabinsNotReady(deskStayOf(stay))
      : [];
  const owing = stay.balance > 0;
  const canCheckIn = kind === 'arrivals' && stay.booking_status === 'Confirmed' && isToday;
  const canCheckOut = kind === 'departures' && stay.booking_status === 'CheckedIn';
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
      aria-label={`${stay.guest_name}, ${cabinText(stay)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <Link
            to={bookingPath(stay.booking_id)}
            className="font-semibold break-words text-primary underline-offset-4 hover:underline"
          >
            {stay.guest_name}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{stay.booking_reference}</span>
        </div>
        <StatusBadge status={stay.booking_status} />
      </div>

      <ul className="grid gap-1" aria-label="Cabins">
        {stay.units.map((unit) => (
          <li
            key={`${unit.unit_id}-${unit.check_in}`}
            className="flex flex-wrap items-center gap-2 text-sm"
          >
            <span className="font-medium">{unit.unit_name}</span>
            <span className="text-muted-foreground">
              {formatDate(unit.check_in, 'MMM dd')} to {formatDate(unit.check_out, 'MMM dd')}
            </span>
            <Badge
              variant={
                ['Clean', 'Inspected'].includes(unit.housekeeping_status) ? 'info' : 'warning'
              }
            >
              {unit.housekeeping_status}
            </Badge>
          </li>
        ))}
      </ul>

      {notReady.length > 0 ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-sand-400 bg-warning-soft p-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Cabin not ready:{' '}
            {notReady
              .map((cabin) => `${cabin.unit_name} is ${cabin.housekeeping_status}`)
              .join('; ')}
            .
          </span>
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Guests</dt>
          <dd>{stay.num_guests}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance due</dt>
          <dd className={cn('tabular-nums', owing && 'font-semibold text-destructive')}>
            {formatCurrency(stay.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Source</dt>
          <dd>{BOOKING_SOURCE_LABELS[stay.source]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Stay</dt>
          <dd>
            {formatDate(stay.check_in, 'MMM dd')} to {formatDate(stay.check_out, 'MMM dd')}
          </dd>
        </div>
        {stay.special_requests ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted-foreground">Special requests</dt>
            <dd className="break-words">{stay.special_requests}</dd>
          </div>
        ) : null}
      </dl>

      {canCheckIn || canCheckOut ? (
        <div className="flex flex-wrap gap-2">
          {canCheckIn ? (
            <Button onClick={() => onAction({ kind: 'check-in', stay })}>
              <LogIn aria-hidden="true" />
              Check In<span className="sr-only"> {stay.guest_name}</span>
            </Button>
          ) : null}
          {canCheckOut ? (
            <Button onClick={() => onAction({ kind: 'check-out', stay })}>
              <LogOut aria-hidden="true" />
              Check Out<span className="sr-only"> {stay.guest_name}</span>
            </Button>
          ) : null}
        </div>
      ) : kind === 'arrivals' && stay.booking_status === 'Pending' ? (
        <p className="text-sm text-muted-foreground">
          Pending: confirm the booking before checking in.
        </p>
      ) : null}
    </li>
  );
}

/** The day sheet's columns: a fixed layout, so no text can push the table past the page. */
const PRINT_COLUMNS: readonly { label: string; width: string; right?: boolean }[] = [
  { label: 'Cabin', width: 'w-[12%]' },
  { label: 'Guest', width: 'w-[20%]' },
  { label: 'Pax', width: 'w-[4%]', right: true },
  { label: 'Stay', width: 'w-[12%]' },
  { label: 'Balance', width: 'w-[9%]', right: true },
  { label: 'Housekeeping', width: 'w-[10%]' },
  { label: 'Source', width: 'w-[9%]' },
  { label: 'Requests', width: 'w-[21%]' },
];

/**
 * The day sheet on paper: one line per stay (long text is cut with an ellipsis), so a 20-cabin
 * resort's day — every cabin arriving and every cabin leaving — fits one A4 page; a box to tick.
 */
function PrintTable({ kind, stays }: { kind: SectionKind; stays: Stay[] }) {
  const cell = 'truncate py-px pr-1';
  return (
    <table className="hidden w-full table-fixed border-collapse text-[7.5pt] leading-tight print:table">
      <thead>
        <tr className="border-b border-black text-left">
          {PRINT_COLUMNS.map((column) => (
            <th key={column.label} className={cn(cell, column.width, column.right && 'text-right')}>
              {column.label}
            </th>
          ))}
          <th className="w-[3%] py-px">{kind === 'departures' ? 'Out' : 'In'}</th>
        </tr>
      </thead>
      <tbody>
        {stays.map((stay) => (
          <tr key={stay.booking_id} className="border-b border-neutral-300">
            <td className={cell}>{cabinText(stay)}</td>
            <td className={cell}>
              {stay.guest_name} <span className="font-mono">{stay.booking_reference}</span>
            </td>
            <td className={cn(cell, 'text-right')}>{stay.num_guests}</td>
            <td className={cell}>
              {formatDate(stay.check_in, 'MMM dd')}–{formatDate(stay.check_out, 'MMM dd')}
            </td>
            <td className={cn(cell, 'text-right')}>{formatCurrency(stay.balance)}</td>
            <td className={cell}>
              {stay.units.map((unit) => unit.housekeeping_status).join(', ')}
            </td>
            <td className={cell}>{BOOKING_SOURCE_LABELS[stay.source]}</td>
            <td className={cell}>{stay.special_requests ?? ''}</td>
            <td className="py-px">
              {(kind === 'arrivals' && stay.booking_status === 'CheckedIn') ||
              stay.booking_status === 'CheckedOut'
                ? '✓'
                : '☐'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
