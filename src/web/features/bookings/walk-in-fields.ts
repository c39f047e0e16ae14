import {
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  type BookingSource,
} from '../../../domain/constants';

/*
 * Issue 22 in the staff booking forms (the single-cabin "New Booking" dialog and the multi-unit
 * wizard): where a booking came from, and a walk-in without an e-mail address.
 */

/** The Source select's choices, in the order of BOOKING_SOURCES. */
export const BOOKING_SOURCE_OPTIONS = BOOKING_SOURCES.map((source) => ({
  value: source,
  label: BOOKING_SOURCE_LABELS[source],
}));

/** The E-mail field's hint: it may stay empty when a phone number is given. */
export const WALK_IN_EMAIL_HINT = 'Or leave it empty for a walk-in with a phone number.';

/**
 * The source a form shows until staff pick one: a guest without an e-mail address is a walk-in,
 * one with an address a phone booking (the server's default).
 */
export function suggestedSource(email: string | null | undefined): BookingSource {
  return email?.trim() ? 'phone' : 'walk_in';
}
