import { BOOKING_STATUSES } from './constants';
import type { BookingStatus } from './constants';

/**
 * SPEC §4 booking state machine: Pending → Confirmed | Cancelled; Confirmed → CheckedIn |
 * Cancelled; CheckedIn → CheckedOut; CheckedOut and Cancelled are terminal.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  Pending: ['Confirmed', 'Cancelled'],
  Confirmed: ['CheckedIn', 'Cancelled'],
  CheckedIn: ['CheckedOut'],
  CheckedOut: [],
  Cancelled: [],
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

export function nextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return ALLOWED_TRANSITIONS[from];
}

export function isTerminalStatus(status: BookingStatus): boolean {
  return ALLOWED_TRANSITIONS[status].length === 0;
}

/** SPEC §4 and §8: the message of a refused move (answered with 409, DESIGN §5). */
export function transitionError(from: BookingStatus, to: BookingStatus): string {
  return `Cannot transition from ${from} to ${to}`;
}
