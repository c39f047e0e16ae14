import { formatDate } from '../../../domain/format';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';

/**
 * Issue 22: what the check-in and check-out dialogs need of a booking. The booking page passes
 * its booking, the front desk a day's stay (whose balance is the folio's decimal string).
 */
export interface DeskBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  /** Null for a walk-in booked with a phone number only: the ID is then required. */
  email: string | null;
  check_in: string;
  check_out: string;
  /** Pesos owed: a number, or the folio's decimal string. */
  balance: number | string;
  /** The booking's cabins and, where known, their housekeeping status. */
  cabins: readonly { unit_name: string; housekeeping_status?: string | null }[];
}

/** Housekeeping statuses a guest may be checked into without a warning (issue 22). */
const READY_STATUSES: readonly string[] = ['Clean', 'Inspected'];

/** The cabins of an arrival that housekeeping has not made ready: the desk warns about them. */
export function cabinsNotReady(booking: DeskBooking): DeskBooking['cabins'] {
  return booking.cabins.filter(
    (cabin) => cabin.housekeeping_status && !READY_STATUSES.includes(cabin.housekeeping_status),
  );
}

/** Whether a balance (number or decimal string) is owed. */
export function hasBalanceDue(balance: number | string): boolean {
  return Number(balance) > 0;
}

/** The booking page's booking as the desk dialogs read it. */
export function deskBookingOf(booking: BookingDetail): DeskBooking {
  return {
    booking_id: booking.booking_id,
    booking_reference: booking.booking_reference,
    guest_name: booking.guest_name,
    email: booking.email,
    check_in: booking.check_in,
    check_out: booking.check_out,
    balance: booking.balance_due,
    cabins: booking.booking_units.map((line) => ({ unit_name: line.unit?.unit_name ?? 'Cabin' })),
  };
}

/** "RB-… · A Desk 1 · Jan 05, 2027 to Jan 07, 2027": the booking a desk question is about. */
export function deskDescription(booking: DeskBooking): string {
  const cabins = booking.cabins.map((cabin) => cabin.unit_name).join(', ');
  return `${booking.booking_reference} · ${cabins} · ${formatDate(booking.check_in)} to ${formatDate(booking.check_out)}`;
}
