import { paths } from '../../lib/paths';

/** A booking's page (/bookings/{bookingId}, the bookings feature's route). */
export function bookingPath(bookingId: string): string {
  return `${paths.bookings}/${encodeURIComponent(bookingId)}`;
}
