import { BOOKING_STATUSES } from './constants';
import type { BookingStatus } from './constants';
import { formatCurrency, formatDate } from './format';

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

/**
 * Issue 15: a mistaken move is undone by a manager with a reason, audited. Only these two
 * corrections exist beside SPEC §4's moves: a guest checked in by mistake goes back to Confirmed,
 * a booking confirmed by mistake goes back to Pending.
 */
export const STATUS_CORRECTIONS: Readonly<Partial<Record<BookingStatus, BookingStatus>>> = {
  CheckedIn: 'Confirmed',
  Confirmed: 'Pending',
};

export function correctionOf(from: BookingStatus): BookingStatus | null {
  return STATUS_CORRECTIONS[from] ?? null;
}

export function isStatusCorrection(from: BookingStatus, to: BookingStatus): boolean {
  return correctionOf(from) === to;
}

/** Issue 15: a guest is checked in on the arrival day (the resort's today), never before. */
export function isBeforeArrival(checkIn: string, today: string): boolean {
  return today < checkIn;
}

export const STATUS_MESSAGES = {
  checkInBeforeArrival: (checkIn: string) =>
    `Check-in opens on the arrival day, ${formatDate(checkIn)}.`,
  correctionForManagers: 'Only a manager or higher can correct a booking status.',
  reasonRequired: 'Please give a reason.',
  // Issue 17: a booking may be confirmed once its deposit is verified.
  noVerifiedPayment:
    'Deposit not verified: only a manager or higher can confirm this booking, with a reason.',
  noVerifiedPaymentReason: 'Deposit not verified: give the reason for confirming without it.',
  // Issue 22: the front desk.
  idRequired:
    'A walk-in without an e-mail address checks in with an ID: choose its type and enter its number.',
  balanceDue: (balance: number) =>
    `This booking has a balance due of ${formatCurrency(balance)}. A manager must approve checking out with a reason.`,
} as const;
