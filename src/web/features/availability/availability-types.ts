import type { BookingPaymentStatus, BookingStatus, UnitStatus } from '../../../domain/constants';

/** GET /api/availability/calendar (DESIGN §5 field names). */
export interface CalendarBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  booking_status: BookingStatus;
  payment_status: BookingPaymentStatus;
  check_in: string;
  check_out: string;
  num_guests: number;
}

export interface CalendarBlackout {
  blackout_id: string;
  start_date: string;
  end_date: string;
  reason: string | null;
}

/** Nights a channel holds (issue 19); end_date is the checkout day, exclusive. */
export interface CalendarHold {
  hold_id: string;
  channel: string;
  feed_name: string;
  start_date: string;
  end_date: string;
  /** An open conflict with a direct booking. */
  conflict: boolean;
}

export interface CalendarUnit {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  unit_type: string;
  unit_status: UnitStatus;
  max_occupancy: number;
}

export interface CalendarRow extends CalendarUnit {
  bookings: CalendarBooking[];
  blackouts: CalendarBlackout[];
  holds: CalendarHold[];
}

export interface CalendarData {
  from: string;
  to: string;
  today: string;
  units: CalendarRow[];
}

export type TodayStatus =
  'free' | 'occupied' | 'arriving' | 'departing' | 'blocked' | 'maintenance';

export interface OverviewUnit extends CalendarUnit {
  status: TodayStatus;
  arriving: CalendarBooking | null;
  departing: CalendarBooking | null;
  staying: CalendarBooking | null;
  blackout: CalendarBlackout | null;
}

export interface OverviewData {
  date: string;
  units: OverviewUnit[];
}

/** A blackout as /api/blackouts answers it. */
export interface Blackout extends CalendarBlackout {
  unit_id: string;
  unit_name: string;
  unit_code: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Every query of the availability views starts with this key (the live updates refresh it). */
export const availabilityQueryKey = ['availability'] as const;
