import { LIMITS } from '../../domain/constants';
import { diffDays, type IsoDate } from '../../domain/dates';
import { formatDate } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import type { QuoteUnitLine } from '../../domain/pricing';
import type { AppTx } from '../db/client';
import { badRequest, conflict, constraintName, databaseMessage, sqlState } from '../errors';
import {
  insertBookingLine,
  type BookingLineRow,
  type BookingRow,
  type NewBookingLine,
} from './bookings.repository';

/**
 * The rules every write of a booking keeps, the same for creating one (booking-creation.service.ts:
 * guest form, staff dialog, multi-unit wizard) and for editing one (bookings.service.ts): the
 * stay's dates, and the database's refusal of taken nights as SPEC §8's 409 naming the cabin and
 * the dates. The unit checks and the price are booking-creation.service.ts's priceStay.
 */

export const BOOKING_MESSAGES = {
  unitNotFound: 'The selected cabin does not exist.',
  unitNotAvailable: (unit: string) =>
    `${unit} is not available for booking. Please choose another cabin.`,
  tooManyGuests: (unit: string, max: number) =>
    `${unit} allows at most ${max} guest${max === 1 ? '' : 's'}.`,
  datesTaken: (unit: string, checkIn: string, checkOut: string) =>
    `${unit} is not available from ${formatDate(checkIn)} to ${formatDate(checkOut)}. Please choose other dates.`,
} as const;

/**
 * SPEC §5's dates of a stay: check-out after check-in, at most LIMITS.stay_max_nights nights and,
 * given the resort's `today` (a new booking), a check-in not in the past. A booking already under
 * way keeps its check-in when edited, so an edit passes no `today`. `orderPath` is the field an
 * out-of-order stay is reported on (an edit names the date it changed).
 */
export function checkStayDates(
  stay: { check_in: IsoDate; check_out: IsoDate },
  rules: { today?: IsoDate | undefined; orderPath?: 'check_in' | 'check_out' } = {},
): void {
  if (rules.today !== undefined && stay.check_in < rules.today) {
    throw badRequest(MESSAGES.checkInNotPast, [
      { path: 'check_in', message: MESSAGES.checkInNotPast },
    ]);
  }
  if (stay.check_out <= stay.check_in) {
    const path = rules.orderPath ?? 'check_out';
    throw badRequest(MESSAGES.checkOutAfterCheckIn, [
      { path, message: MESSAGES.checkOutAfterCheckIn },
    ]);
  }
  if (diffDays(stay.check_out, stay.check_in) > LIMITS.stay_max_nights) {
    throw badRequest(MESSAGES.stayTooLong, [{ path: 'check_out', message: MESSAGES.stayTooLong }]);
  }
}

/**
 * Runs a write that may take nights: a taken night (the exclusion constraint) or a blackout (its
 * trigger), both 23P01, becomes the 409 naming the cabin and the stay; the throw rolls the
 * transaction back. Any other error is thrown as it is.
 */
export async function refuseTakenNights<T>(
  stay: { unit_name: string; check_in: IsoDate; check_out: IsoDate },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Issue 19: nights a channel holds; the database's message names the channel and the nights.
    if (sqlState(error) === '23P01' && constraintName(error) === 'booking_units_external_hold') {
      const held = databaseMessage(error);
      if (held) throw conflict(held);
    }
    if (sqlState(error) === '23P01') {
      throw conflict(BOOKING_MESSAGES.datesTaken(stay.unit_name, stay.check_in, stay.check_out));
    }
    throw error;
  }
}

/** Adds a cabin to a booking at its share of the price; its nights taken → 409. */
export async function addBookingLine(
  tx: AppTx,
  booking: BookingRow,
  line: NewBookingLine & { unit_name: string },
  price: QuoteUnitLine,
): Promise<BookingLineRow> {
  const { unit_name, ...columns } = line;
  return refuseTakenNights(
    { unit_name, check_in: booking.check_in, check_out: booking.check_out },
    () => insertBookingLine(tx, booking, columns, price),
  );
}
