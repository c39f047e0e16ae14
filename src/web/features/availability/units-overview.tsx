import { Link } from '@tanstack/react-router';
import { Ban, BedDouble, DoorOpen, LogIn, LogOut, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { BLACKOUT_KIND_LABELS } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import { Badge, StatusBadge } from '../../components/ui/badge';
import type { BadgeVariant } from '../../components/ui/badge';

import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import type {
  CalendarBooking,
  OverviewUnit,
  TodayStatus,
} from '../../../domain/schemas/availability.schema';
import { bookingPath } from './booking-path';
import { useOverview } from './get-overview';

const STATUS_DISPLAY: Record<
  TodayStatus,
  { label: string; variant: BadgeVariant; icon: LucideIcon }
> = {
  free: { label: 'Free', variant: 'default', icon: DoorOpen },
  occupied: { label: 'Occupied', variant: 'outline', icon: BedDouble },
  arriving: { label: 'Arriving', variant: 'secondary', icon: LogIn },
  departing: { label: 'Departing', variant: 'secondary', icon: LogOut },
  blocked: { label: 'Blocked', variant: 'destructive', icon: Ban },
  maintenance: { label: 'Maintenance', variant: 'destructive', icon: Wrench },
};

function BookingLink({ booking, prefix }: { booking: CalendarBooking; prefix: string }) {
  return (
    <span className="block">
      {prefix}{' '}
      <Link
        to={bookingPath(booking.booking_id)}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {booking.guest_name}
      </Link>{' '}
      <span className="text-muted-foreground">
        ({booking.booking_reference}, {formatDate(booking.check_in, 'MMM dd')} –{' '}
        {formatDate(booking.check_out, 'MMM dd')})
      </span>
    </span>
  );
}

function details(unit: OverviewUnit) {
  const lines = [];
  if (unit.blackout) {
    lines.push(
      <span key="blackout" className="block">
        {/* Issue 22: out of order and scheduled maintenance say so. */}
        {BLACKOUT_KIND_LABELS[unit.blackout.kind]} {formatDate(unit.blackout.start_date, 'MMM dd')}{' '}
        – {formatDate(unit.blackout.end_date, 'MMM dd')}:{' '}
        {unit.blackout.reason ?? 'no reason given'}
      </span>,
    );
  }
  if (unit.departing)
    lines.push(<BookingLink key="out" booking={unit.departing} prefix="Leaving:" />);
  if (unit.staying) lines.push(<BookingLink key="in" booking={unit.staying} prefix="Staying:" />);
  if (unit.arriving)
    lines.push(<BookingLink key="arr" booking={unit.arriving} prefix="Arriving:" />);
  if (lines.length > 0) return lines;
  return (
    <span className="text-muted-foreground">
      {unit.status === 'maintenance' ? 'Under maintenance: not to be let' : 'No guests today'}
    </span>
  );
}

/**
 * SPEC §2 "Units Overview": the cabins with today's state (free, occupied, arriving, departing,
 * blocked, or under maintenance).
 */
export function UnitsOverview() {
  const query = useOverview();
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span role="status" className="sr-only">
          Loading today’s overview...
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailedAlert
        title="Failed to load the cabins overview"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const counts = query.data.units.reduce<Record<TodayStatus, number>>(
    (acc, unit) => ({ ...acc, [unit.status]: acc[unit.status] + 1 }),
    { free: 0, occupied: 0, arriving: 0, departing: 0, blocked: 0, maintenance: 0 },
  );
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">
        Today, {formatDate(query.data.date, 'EEEE, MMM dd, yyyy')}:{' '}
        {(Object.keys(counts) as TodayStatus[])
          .map((status) => `${counts[status]} ${STATUS_DISPLAY[status].label.toLowerCase()}`)
          .join(', ')}
        .
      </p>
      <Table label="Units overview" className="relative">
        <TableHeader>
          <TableRow>
            <TableHead>Cabin</TableHead>
            <TableHead>Today</TableHead>
            <TableHead>Details</TableHead>
            <TableHead>Cabin status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.units.map((unit) => {
            const display = STATUS_DISPLAY[unit.status];
            return (
              <TableRow key={unit.unit_id}>
                <TableCell className="min-w-40">
                  <Link
                    to="/units/$unitId"
                    params={{ unitId: unit.unit_id }}
                    className="font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {unit.unit_name}
                  </Link>
                  <div className="text-xs text-muted-foreground">
                    {unit.unit_code} · {unit.unit_type}
                  </div>
                </TableCell>
                <TableCell>
                  <Badge variant={display.variant}>
                    <display.icon aria-hidden="true" />
                    {display.label}
                  </Badge>
                </TableCell>
                <TableCell className="min-w-64 text-sm">{details(unit)}</TableCell>
                <TableCell>
                  <StatusBadge status={unit.unit_status} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
