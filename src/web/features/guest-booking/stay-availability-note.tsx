import { CheckCircle2, Info } from 'lucide-react';
import { addDays, diffDays } from '../../../domain/dates';
import { formatDate } from '../../../domain/format';
import { cn } from '../../lib/cn';
import { CALENDAR_MAX_DAYS, usePublicCalendar } from '../calendar/get-public-calendar';

export interface StayAvailabilityNoteProps {
  unitId: string;
  checkIn: string;
  checkOut: string;
  className?: string;
}

/**
 * Tells the guest, before they pay, whether the chosen nights are free (from the public
 * calendar). Advisory only: the server decides when the booking is made (409 when taken).
 */
export function StayAvailabilityNote({
  unitId,
  checkIn,
  checkOut,
  className,
}: StayAvailabilityNoteProps) {
  const lastNight = addDays(checkOut, -1);
  const fits = diffDays(lastNight, checkIn) < CALENDAR_MAX_DAYS;
  const { data } = usePublicCalendar(fits ? { from: checkIn, to: lastNight } : null);
  const unit = data?.units.find((u) => u.unit_id === unitId);
  if (!unit) return null;

  const inStay = (date: string) => date >= checkIn && date < checkOut;
  const unavailable = [...new Set([...unit.taken, ...unit.blocked].filter(inStay))].sort();
  const free = unavailable.length === 0;

  return (
    <p
      role="status"
      data-testid="stay-availability"
      className={cn(
        'flex gap-2 rounded-lg p-3 text-sm',
        free
          ? 'bg-success-soft text-success-foreground'
          : 'bg-warning-soft text-warning-foreground',
        className,
      )}
    >
      {free ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      ) : (
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      {free
        ? 'These dates are available.'
        : `Not available on ${unavailable.map((d) => formatDate(d, 'MMM dd')).join(', ')}. Please choose other dates.`}
    </p>
  );
}
