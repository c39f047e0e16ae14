import { describe, expect, it } from 'vitest';
import {
  STATUS_MESSAGES,
  canTransition,
  correctionOf,
  isBeforeArrival,
  isStatusCorrection,
  isBookingStatus,
  isTerminalStatus,
  nextStatuses,
  transitionError,
} from './booking-status';
import { BOOKING_STATUSES } from './constants';
import type { BookingStatus } from './constants';

const allowed = new Set([
  'Pending>Confirmed',
  'Pending>Cancelled',
  'Confirmed>CheckedIn',
  'Confirmed>Cancelled',
  'CheckedIn>CheckedOut',
]);

const pairs: [BookingStatus, BookingStatus][] = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.map((to): [BookingStatus, BookingStatus] => [from, to]),
);

describe('booking status machine (SPEC §4)', () => {
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('no status moves to itself', () => {
    for (const status of BOOKING_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('lists the next statuses', () => {
    expect(nextStatuses('Pending')).toEqual(['Confirmed', 'Cancelled']);
    expect(nextStatuses('Confirmed')).toEqual(['CheckedIn', 'Cancelled']);
    expect(nextStatuses('CheckedIn')).toEqual(['CheckedOut']);
    expect(nextStatuses('CheckedOut')).toEqual([]);
    expect(nextStatuses('Cancelled')).toEqual([]);
  });

  it('CheckedOut and Cancelled are terminal', () => {
    expect(BOOKING_STATUSES.filter(isTerminalStatus)).toEqual(['CheckedOut', 'Cancelled']);
  });

  it('words the refusal as SPEC §8 does', () => {
    expect(transitionError('CheckedOut', 'Pending')).toBe(
      'Cannot transition from CheckedOut to Pending',
    );
  });

  it('recognises status names exactly', () => {
    expect(isBookingStatus('CheckedIn')).toBe(true);
    expect(isBookingStatus('checkedin')).toBe(false);
    expect(isBookingStatus(undefined)).toBe(false);
  });
});

describe('issue 15 status corrections', () => {
  it('undoes only a check-in and a confirmation', () => {
    expect(correctionOf('CheckedIn')).toBe('Confirmed');
    expect(correctionOf('Confirmed')).toBe('Pending');
    expect(correctionOf('Pending')).toBeNull();
    expect(correctionOf('CheckedOut')).toBeNull();
    expect(correctionOf('Cancelled')).toBeNull();
    expect(isStatusCorrection('CheckedIn', 'Confirmed')).toBe(true);
    expect(isStatusCorrection('CheckedIn', 'Pending')).toBe(false);
    expect(isStatusCorrection('Cancelled', 'Pending')).toBe(false);
  });

  it('opens check-in on the arrival day and says when', () => {
    expect(isBeforeArrival('2027-01-05', '2027-01-04')).toBe(true);
    expect(isBeforeArrival('2027-01-05', '2027-01-05')).toBe(false);
    expect(isBeforeArrival('2027-01-05', '2027-01-09')).toBe(false);
    expect(STATUS_MESSAGES.checkInBeforeArrival('2027-01-05')).toBe(
      'Check-in opens on the arrival day, Jan 05, 2027.',
    );
  });
});
