import { Link } from '@tanstack/react-router';
import {
  AlertTriangle,
  Ban,
  CalendarSync,
  CheckCircle2,
  Clock,
  Hammer,
  LogIn,
  LogOut,
  Wrench,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Fragment, useEffect, useRef } from 'react';
import { BLACKOUT_KIND_LABELS } from '../../../domain/constants';
import type { BlackoutKind, BookingStatus } from '../../../domain/constants';
import { dayOfWeek, diffDays } from '../../../domain/dates';
import { formatDate } from '../../../domain/format';
import { StatusBadge, statusLabel } from '../../components/ui/badge';
import { Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { daysOfMonth, monthLabel, type MonthKey } from '../../lib/calendar-month';
import type { CalendarBlackout, CalendarRow } from '../../../domain/schemas/availability.schema';
import { bookingPath } from './booking-path';
import { hasOpenConflict, tapeSegments } from './tape-segments';

const WEEKDAY_LETTERS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** SPEC §4 colours, and for each status an icon and a border style: never colour alone. */
const BAR_STYLES: Record<
  Exclude<BookingStatus, 'Cancelled'>,
  { className: string; icon: LucideIcon }
> = {
  Pending: {
    className: 'border-2 border-dashed border-sand-600 bg-sand-100 text-sand-900 hover:bg-sand-200',
    icon: Clock,
  },
  Confirmed: {
    className: 'border-2 border-sea-700 bg-sea-600 text-white hover:bg-sea-700',
    icon: CheckCircle2,
  },
  CheckedIn: {
    className: 'border-2 border-sea-950 bg-sea-800 text-white hover:bg-sea-900',
    icon: LogIn,
  },
  CheckedOut: {
    className:
      'border-2 border-dotted border-input-border bg-muted text-muted-foreground hover:bg-sand-200',
    icon: LogOut,
  },
};

const BLACKOUT_CLASS =
  'border-2 border-sand-500 text-sand-900 bg-[repeating-linear-gradient(135deg,var(--color-sand-200)_0_6px,var(--color-sand-50)_6px_12px)]';

/**
 * Issue 22: a cabin out of order (a housekeeping status with a reason and an end date) and
 * scheduled maintenance block nights like a blackout, drawn apart from it: each its own border,
 * pattern, icon and word. They are changed on the cabin's page, so their bars link there.
 */
const BLOCK_STYLES: Record<
  Exclude<BlackoutKind, 'blackout'>,
  { className: string; icon: LucideIcon; label: string }
> = {
  out_of_order: {
    className:
      'border-2 border-destructive text-destructive bg-[repeating-linear-gradient(45deg,var(--color-destructive-soft)_0_6px,#fde2df_6px_12px)]',
    icon: Wrench,
    label: BLACKOUT_KIND_LABELS.out_of_order,
  },
  maintenance: {
    className: 'border-2 border-dashed border-sand-800 bg-warning-soft text-warning-foreground',
    icon: Hammer,
    label: BLACKOUT_KIND_LABELS.maintenance,
  },
};

/** Issue 19: nights a channel holds: dotted, with the channel's name; a conflict in red. */
const HOLD_CLASS = 'border-2 border-dotted border-sea-900 bg-sea-100 text-sea-950';
const CONFLICT_HOLD_CLASS =
  'border-4 border-double border-destructive bg-destructive-soft text-destructive';

/** A stay a channel also sold: a red outline and a warning icon, never colour alone. */
const CONFLICT_BOOKING_CLASS = 'ring-2 ring-destructive ring-offset-1';

function nights(first: string, last: string): number {
  return diffDays(last, first) + 1;
}

export interface TapeChartProps {
  month: MonthKey;
  today: string;
  units: CalendarRow[];
  /** Managers get a button on each blocked stretch to change it. */
  onBlackoutSelect?: (blackout: CalendarBlackout, unit: CalendarRow) => void;
  className?: string;
}

/**
 * SPEC §2 "Calendar View" as a tape chart: one row per cabin, one column per night. It is a real
 * table (row and column headers), so screen readers can move by cabin and by date; each stay is a
 * link to its booking and each blocked stretch (for managers) a button, in reading order. On a
 * phone the chart scrolls sideways with the cabin column held in place.
 */
export function TapeChart({ month, today, units, onBlackoutSelect, className }: TapeChartProps) {
  const days = daysOfMonth(month);
  const chartRef = useRef<HTMLTableElement>(null);
  // A month opens on its first night (issue 15): the chart scrolls inside its own box and comes
  // back to the start when the month changes; today's column is marked wherever it is.
  useEffect(() => {
    const box = chartRef.current?.closest('[role="region"]');
    if (box instanceof HTMLElement) box.scrollLeft = 0;
  }, [month]);
  return (
    <Table
      label={`Availability, ${monthLabel(month)}`}
      ref={chartRef}
      // Sideways scrolling stops on whole nights, so no sliver of a night's header (the "o" of
      // "Mo" read as a stray letter) shows beside the cabin column.
      containerClassName={cn('snap-x snap-mandatory scroll-pl-32 sm:scroll-pl-48', className)}
      className="relative w-max! min-w-full table-fixed border-separate border-spacing-0"
    >
      <caption className="sr-only">
        Stays and blocked dates of each cabin in {monthLabel(month)}, one column per night.
      </caption>
      <colgroup>
        <col className="w-32 sm:w-48" />
        {days.map((day) => (
          <col key={day} className="w-10" />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-20 w-32 max-w-32 border-b border-border bg-muted px-3 py-2 text-left text-xs font-semibold text-muted-foreground uppercase sm:w-48 sm:max-w-48"
          >
            Cabin
          </th>
          {days.map((day) => {
            const isToday = day === today;
            return (
              <th
                key={day}
                scope="col"
                aria-current={isToday ? 'date' : undefined}
                className={cn(
                  'w-10 snap-start border-b border-l border-border px-0 py-1 text-center text-xs font-medium',
                  isToday ? 'bg-sea-700 text-white' : 'bg-muted text-muted-foreground',
                )}
              >
                <span aria-hidden="true" className="block leading-tight">
                  {WEEKDAY_LETTERS[dayOfWeek(day)]}
                </span>
                <span aria-hidden="true" className="block text-sm leading-tight font-semibold">
                  {Number(day.slice(8))}
                </span>
                <span className="sr-only">
                  {formatDate(day, 'EEEE, MMM dd')}
                  {isToday ? ' (today)' : ''}
                </span>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {units.map((unit) => (
          <tr key={unit.unit_id}>
            <th
              scope="row"
              className="sticky left-0 z-10 w-32 max-w-32 border-b border-border bg-surface px-3 py-1.5 text-left align-middle font-normal sm:w-48 sm:max-w-48"
            >
              <Link
                to="/units/$unitId"
                params={{ unitId: unit.unit_id }}
                className="line-clamp-2 text-sm leading-tight font-semibold break-words text-foreground underline-offset-4 hover:underline"
              >
                {unit.unit_name}
              </Link>
              <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                {unit.unit_code}
                {unit.unit_status !== 'Available' ? (
                  <StatusBadge status={unit.unit_status} className="px-1.5 py-0 text-[0.65rem]" />
                ) : null}
              </span>
            </th>
            {tapeSegments(days, unit.bookings, unit.blackouts, unit.holds ?? []).map((segment) => {
              if (segment.kind === 'free') {
                return (
                  <td
                    key={segment.date}
                    className={cn(
                      'h-12 border-b border-l border-border p-0',
                      segment.date === today && 'bg-sea-50',
                    )}
                  />
                );
              }
              const rounded = cn(
                segment.continuesBefore ? 'rounded-l-none border-l-0' : 'rounded-l-md',
                segment.continuesAfter ? 'rounded-r-none border-r-0' : 'rounded-r-md',
              );
              const range = `${formatDate(segment.first, 'MMM dd')} to ${formatDate(segment.last, 'MMM dd')}, ${nights(segment.first, segment.last)} ${nights(segment.first, segment.last) === 1 ? 'night' : 'nights'}`;
              if (segment.kind === 'booking') {
                const { booking } = segment;
                const status = booking.booking_status as keyof typeof BAR_STYLES;
                const style = BAR_STYLES[status] ?? BAR_STYLES.Pending;
                // Issue 19: a channel booked nights of this stay; marked until resolved.
                const inConflict = hasOpenConflict(booking, unit.holds ?? []);
                const Icon = inConflict ? AlertTriangle : style.icon;
                const conflictNote = inConflict ? ', channel conflict' : '';
                return (
                  <td
                    key={`${booking.booking_id}-${segment.first}`}
                    colSpan={segment.span}
                    className="h-12 border-b border-l border-border px-0.5 py-1"
                  >
                    <Link
                      to={bookingPath(booking.booking_id)}
                      aria-label={`${booking.guest_name}, ${statusLabel(booking.booking_status)}, ${booking.booking_reference}, check-in ${formatDate(booking.check_in, 'MMM dd')}, check-out ${formatDate(booking.check_out, 'MMM dd')}${conflictNote}`}
                      title={`${booking.guest_name} · ${statusLabel(booking.booking_status)} · ${booking.booking_reference} · check-in ${formatDate(booking.check_in, 'MMM dd')}, check-out ${formatDate(booking.check_out, 'MMM dd')}${conflictNote}`}
                      data-conflict={inConflict ? 'true' : undefined}
                      className={cn(
                        'flex h-9 w-0 min-w-full items-center gap-1 px-1.5 text-xs font-semibold',
                        style.className,
                        inConflict && CONFLICT_BOOKING_CLASS,
                        rounded,
                      )}
                    >
                      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="truncate">{booking.guest_name}</span>
                      <span className="sr-only">
                        , {statusLabel(booking.booking_status)}, {booking.booking_reference},
                        check-in {formatDate(booking.check_in, 'MMM dd')}, check-out{' '}
                        {formatDate(booking.check_out, 'MMM dd')}
                        {conflictNote}
                      </span>
                    </Link>
                  </td>
                );
              }
              if (segment.kind === 'hold') {
                const { hold } = segment;
                const HoldIcon = hold.conflict ? AlertTriangle : CalendarSync;
                const holdLabel = `Held by ${hold.channel} (${hold.feed_name})${hold.conflict ? ', conflict with a direct booking' : ''}, ${range}`;
                return (
                  <td
                    key={`${hold.hold_id}-${segment.first}`}
                    colSpan={segment.span}
                    className="h-12 border-b border-l border-border px-0.5 py-1"
                  >
                    <span
                      role="img"
                      aria-label={holdLabel}
                      title={holdLabel}
                      data-hold-channel={hold.channel}
                      className={cn(
                        'flex h-9 w-0 min-w-full items-center gap-1 px-1.5 text-xs font-semibold',
                        hold.conflict ? CONFLICT_HOLD_CLASS : HOLD_CLASS,
                        rounded,
                      )}
                    >
                      <HoldIcon aria-hidden="true" className="size-3.5 shrink-0" />
                      <span aria-hidden="true" className="truncate">
                        {hold.channel}
                      </span>
                    </span>
                  </td>
                );
              }
              const { blackout } = segment;
              const kind = blackout.kind;
              if (kind !== 'blackout') {
                const block = BLOCK_STYLES[kind];
                const blockLabel = `${block.label}: ${blackout.reason ?? 'no reason given'}, ${range}`;
                return (
                  <td
                    key={`${blackout.blackout_id}-${segment.first}`}
                    colSpan={segment.span}
                    className="h-12 border-b border-l border-border px-0.5 py-1"
                  >
                    <Link
                      to="/units/$unitId"
                      params={{ unitId: unit.unit_id }}
                      aria-label={`${blockLabel}. Open the cabin`}
                      title={blockLabel}
                      data-block-kind={kind}
                      className={cn(
                        'flex h-9 w-0 min-w-full items-center gap-1 px-1.5 text-xs font-semibold hover:brightness-95',
                        block.className,
                        rounded,
                      )}
                    >
                      <block.icon aria-hidden="true" className="size-3.5 shrink-0" />
                      <span aria-hidden="true" className="truncate">
                        {block.label}
                      </span>
                    </Link>
                  </td>
                );
              }
              const label = `Blocked: ${blackout.reason ?? 'no reason given'}, ${range}`;
              const content = (
                <Fragment>
                  <Ban aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">Blocked</span>
                </Fragment>
              );
              const barClass = cn(
                'flex h-9 w-0 min-w-full items-center gap-1 px-1.5 text-xs font-semibold',
                BLACKOUT_CLASS,
                rounded,
              );
              return (
                <td
                  key={`${blackout.blackout_id}-${segment.first}`}
                  colSpan={segment.span}
                  className="h-12 border-b border-l border-border px-0.5 py-1"
                >
                  {onBlackoutSelect ? (
                    <button
                      type="button"
                      className={cn(barClass, 'hover:brightness-95')}
                      aria-label={`${label}. Change or remove`}
                      title={`${label}. Change or remove`}
                      onClick={() => onBlackoutSelect(blackout, unit)}
                    >
                      {content}
                    </button>
                  ) : (
                    <span
                      className={barClass}
                      title={`Blocked: ${blackout.reason ?? ''} (${range})`}
                    >
                      {content}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** What the bars' colours, borders and icons mean. */
export function TapeChartLegend() {
  const items: { label: string; className: string; icon: LucideIcon }[] = [
    ...Object.entries(BAR_STYLES).map(([status, style]) => ({
      label: statusLabel(status),
      className: style.className,
      icon: style.icon,
    })),
    { label: 'Blocked', className: BLACKOUT_CLASS, icon: Ban },
    ...Object.values(BLOCK_STYLES).map((block) => ({
      label: block.label,
      className: block.className,
      icon: block.icon,
    })),
    { label: 'Held by a channel', className: HOLD_CLASS, icon: CalendarSync },
    { label: 'Channel conflict', className: CONFLICT_HOLD_CLASS, icon: AlertTriangle },
  ];
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span className={cn('flex h-5 w-8 items-center justify-center rounded', item.className)}>
            <item.icon aria-hidden="true" className="size-3" />
          </span>
          {item.label}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span className="h-5 w-8 rounded bg-sea-700" aria-hidden="true" />
        Today
      </li>
    </ul>
  );
}
