import type { BookingDto } from '../../../domain/schemas/booking.schema';

/** "Cabin A, Cabin B" for a booking's lines. */
export function cabinNames(booking: Pick<BookingDto, 'booking_units'>): string {
  const names = booking.booking_units.map((line) => line.unit?.unit_name ?? 'Cabin');
  return names.length > 0 ? names.join(', ') : '—';
}
