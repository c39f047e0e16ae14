import type { UnitStatus } from '../../domain/constants';
import type {
  CalendarBlackout,
  CalendarBooking,
  TodayStatus,
} from '../../domain/schemas/availability.schema';

export type UnitDay = {
  status: TodayStatus;
  arriving: CalendarBooking | null;
  departing: CalendarBooking | null;
  staying: CalendarBooking | null;
  blackout: CalendarBlackout | null;
};

/**
 * A unit's state on `date` (DESIGN §3: a stay occupies [check_in, check_out); a blackout blocks
 * start_date to end_date inclusive). Cancelled bookings are ignored. When a guest leaves and
 * another arrives the same day, the unit reads "departing" until the first guest checks out,
 * then "arriving"; a guest who has checked in makes it "occupied". A cabin set to Maintenance
 * with no guest and no blackout that day reads "maintenance", never "free": it cannot be let.
 */
export function unitDay(
  date: string,
  bookings: readonly CalendarBooking[],
  blackouts: readonly CalendarBlackout[],
  unitStatus?: UnitStatus,
): UnitDay {
  const live = bookings.filter((b) => b.booking_status !== 'Cancelled');
  const blackout = blackouts.find((b) => b.start_date <= date && date <= b.end_date) ?? null;
  const arriving =
    live.find(
      (b) =>
        b.check_in === date &&
        b.booking_status !== 'CheckedIn' &&
        b.booking_status !== 'CheckedOut',
    ) ?? null;
  const departing =
    live.find((b) => b.check_out === date && b.booking_status !== 'CheckedOut') ?? null;
  const staying =
    live.find(
      (b) =>
        b.check_in <= date &&
        date < b.check_out &&
        b.booking_status !== 'CheckedOut' &&
        (b.check_in < date || b.booking_status === 'CheckedIn'),
    ) ?? null;

  let status: TodayStatus = 'free';
  if (blackout) status = 'blocked';
  else if (departing) status = 'departing';
  else if (staying) status = 'occupied';
  else if (arriving) status = 'arriving';
  else if (unitStatus === 'Maintenance') status = 'maintenance';
  return { status, arriving, departing, staying, blackout };
}
