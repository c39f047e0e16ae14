import type {
  CalendarBlackout,
  CalendarBooking,
  CalendarHold,
} from '../../../domain/schemas/availability.schema';

export type TapeSegment =
  | { kind: 'free'; date: string }
  | {
      kind: 'booking';
      booking: CalendarBooking;
      first: string;
      last: string;
      span: number;
      /** The stay began before the first column or ends after the last one. */
      continuesBefore: boolean;
      continuesAfter: boolean;
    }
  | {
      kind: 'blackout';
      blackout: CalendarBlackout;
      first: string;
      last: string;
      span: number;
      continuesBefore: boolean;
      continuesAfter: boolean;
    }
  | {
      kind: 'hold';
      hold: CalendarHold;
      first: string;
      last: string;
      span: number;
      continuesBefore: boolean;
      continuesAfter: boolean;
    };

type Occupant =
  | { kind: 'booking'; booking: CalendarBooking; firstNight: string; lastNight: string }
  | { kind: 'blackout'; blackout: CalendarBlackout; firstNight: string; lastNight: string }
  | { kind: 'hold'; hold: CalendarHold; firstNight: string; lastNight: string };

/**
 * One tape-chart row as cells: each night (column) is free, or part of a booking's bar (nights
 * check_in to check_out - 1, DESIGN §3) or of a blackout (start_date to end_date). Consecutive
 * nights of one booking or blackout merge into one cell spanning them. Should two entries claim a
 * night (which the database prevents), the first keeps it.
 */
export function tapeSegments(
  days: readonly string[],
  bookings: readonly CalendarBooking[],
  blackouts: readonly CalendarBlackout[],
  holds: readonly CalendarHold[] = [],
): TapeSegment[] {
  const occupants: (Occupant | null)[] = days.map(() => null);
  const place = (occupant: Occupant) => {
    days.forEach((day, index) => {
      if (day >= occupant.firstNight && day <= occupant.lastNight && !occupants[index]) {
        occupants[index] = occupant;
      }
    });
  };
  for (const booking of bookings) {
    if (booking.booking_status === 'Cancelled' || booking.check_out <= booking.check_in) continue;
    const lastNight = previousDay(booking.check_out);
    place({ kind: 'booking', booking, firstNight: booking.check_in, lastNight });
  }
  for (const blackout of blackouts) {
    place({
      kind: 'blackout',
      blackout,
      firstNight: blackout.start_date,
      lastNight: blackout.end_date,
    });
  }
  // Issue 19: nights a channel holds, [start_date, end_date) like a stay.
  for (const hold of holds) {
    if (hold.end_date <= hold.start_date) continue;
    place({
      kind: 'hold',
      hold,
      firstNight: hold.start_date,
      lastNight: previousDay(hold.end_date),
    });
  }

  const segments: TapeSegment[] = [];
  let index = 0;
  while (index < days.length) {
    const occupant = occupants[index];
    const day = days[index]!;
    if (!occupant) {
      segments.push({ kind: 'free', date: day });
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < days.length && occupants[end + 1] === occupant) end += 1;
    const first = day;
    const last = days[end]!;
    const shared = {
      first,
      last,
      span: end - index + 1,
      continuesBefore: occupant.firstNight < first,
      continuesAfter: occupant.lastNight > last,
    };
    segments.push(
      occupant.kind === 'booking'
        ? { kind: 'booking', booking: occupant.booking, ...shared }
        : occupant.kind === 'hold'
          ? { kind: 'hold', hold: occupant.hold, ...shared }
          : { kind: 'blackout', blackout: occupant.blackout, ...shared },
    );
    index = end + 1;
  }
  return segments;
}

/**
 * Issue 19 §4: a channel's hold over this stay is an open conflict (the hold's `conflict` is
 * only true while unresolved), so the tape chart marks the booking.
 */
export function hasOpenConflict(
  booking: Pick<CalendarBooking, 'check_in' | 'check_out'>,
  holds: readonly CalendarHold[],
): boolean {
  return holds.some(
    (hold) =>
      hold.conflict && hold.start_date < booking.check_out && booking.check_in < hold.end_date,
  );
}

/** The day before a 'YYYY-MM-DD' date. */
function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
