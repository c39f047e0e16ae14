import { Link } from '@tanstack/react-router';
import { BedDouble, LogIn, LogOut } from 'lucide-react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import type { HousekeepingCabin } from '../../../domain/schemas/housekeeping.schema';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../auth/get-session';
import { useResortToday } from '../availability/resort-today';
import { HousekeepingActions } from './housekeeping-actions';
import { HOUSEKEEPING_STYLES, HousekeepingStatusBadge } from './housekeeping-status-badge';

/** One cabin on the board: its status, today's comings and goings, why it is out of order. */
export function HousekeepingCard({ cabin }: { cabin: HousekeepingCabin }) {
  const user = useCurrentUser();
  // The cabin's page is for staff and up (a housekeeping account has only the board).
  const canOpenCabin = hasRoleAtLeast(user?.role, 'staff');
  const headingId = `housekeeping-${cabin.unit_id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-unit-id={cabin.unit_id}
      className={cn(
        'grid h-full gap-3 rounded-xl border border-l-8 border-border bg-surface p-4 shadow-sm',
        HOUSEKEEPING_STYLES[cabin.housekeeping_status].card,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={headingId} className="text-lg leading-tight font-bold break-words">
            {canOpenCabin ? (
              <Link
                to="/units/$unitId"
                params={{ unitId: cabin.unit_id }}
                className="underline-offset-4 hover:underline"
              >
                {cabin.unit_name}
              </Link>
            ) : (
              cabin.unit_name
            )}
          </h2>
          <p className="text-sm text-muted-foreground">
            {cabin.unit_code} · {cabin.unit_type}
          </p>
        </div>
        <HousekeepingStatusBadge status={cabin.housekeeping_status} />
      </div>
      <HousekeepingDetails cabin={cabin} />
      <HousekeepingActions
        unitId={cabin.unit_id}
        unitName={cabin.unit_name}
        status={cabin.housekeeping_status}
        className="mt-auto"
      />
    </article>
  );
}

/** Today's arrivals and departures, the out-of-order reason and dates, and the last change. */
export function HousekeepingDetails({ cabin }: { cabin: HousekeepingCabin }) {
  const today = useResortToday();
  const block = cabin.out_of_order;
  return (
    <>
      <TodayNotes cabin={cabin} />
      {block ? (
        <dl className="grid gap-0.5 rounded-lg bg-destructive-soft px-3 py-2 text-sm">
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">Out of order:</dt>
            <dd>{block.reason ?? cabin.housekeeping_note ?? 'No reason given'}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">Until:</dt>
            <dd>
              {formatDate(block.until)}
              {block.from > today ? ` (from ${formatDate(block.from)})` : null}
            </dd>
          </div>
        </dl>
      ) : null}
      {cabin.housekeeping_changed_at ? (
        <p className="text-xs text-muted-foreground">
          Changed {formatDate(cabin.housekeeping_changed_at, 'MMM dd, HH:mm')}
          {cabin.housekeeping_changed_by_name ? ` by ${cabin.housekeeping_changed_by_name}` : ''}
        </p>
      ) : null}
    </>
  );
}

function TodayNotes({ cabin }: { cabin: HousekeepingCabin }) {
  const notes: { key: string; icon: typeof LogIn; text: string }[] = [];
  if (cabin.departure_today) notes.push({ key: 'out', icon: LogOut, text: 'Departure today' });
  if (cabin.arrival_today) notes.push({ key: 'in', icon: LogIn, text: 'Arrival today' });
  if (cabin.in_house) notes.push({ key: 'stay', icon: BedDouble, text: 'In house' });
  if (notes.length === 0) {
    return <p className="text-sm text-muted-foreground">No arrival or departure today</p>;
  }
  return (
    <ul aria-label="Today" className="flex flex-wrap gap-2">
      {notes.map((note) => (
        <li
          key={note.key}
          className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-2.5 py-0.5 text-sm font-medium"
        >
          <note.icon aria-hidden="true" className="size-4" />
          {note.text}
        </li>
      ))}
    </ul>
  );
}
