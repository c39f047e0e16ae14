import { describe, expect, it } from 'vitest';
import type { CalendarBooking } from '../../domain/schemas/availability.schema';
import { unitDay } from './today-status';

const booking = (overrides: Partial<CalendarBooking>): CalendarBooking => ({
  booking_id: 'b',
  booking_reference: 'BK-2027-AAAA',
  guest_name: 'Maria Santos',
  booking_status: 'Confirmed',
  payment_status: 'Paid',
  check_in: '2027-06-10',
  check_out: '2027-06-12',
  num_guests: 2,
  ...overrides,
});

describe('unitDay', () => {
  it('is free with nothing on that day', () => {
    expect(unitDay('2027-06-09', [], []).status).toBe('free');
  });

  it('is arriving on the check-in day until the guest checks in, then occupied', () => {
    expect(unitDay('2027-06-10', [booking({})], []).status).toBe('arriving');
    expect(unitDay('2027-06-10', [booking({ booking_status: 'CheckedIn' })], []).status).toBe(
      'occupied',
    );
  });

  it('is occupied on a night in the middle of a stay', () => {
    expect(unitDay('2027-06-11', [booking({ booking_status: 'CheckedIn' })], []).status).toBe(
      'occupied',
    );
  });

  it('is departing on the check-out day until the guest checks out', () => {
    expect(unitDay('2027-06-12', [booking({ booking_status: 'CheckedIn' })], []).status).toBe(
      'departing',
    );
    expect(unitDay('2027-06-12', [booking({ booking_status: 'CheckedOut' })], []).status).toBe(
      'free',
    );
  });

  it('reads departing on a turnover day and names both bookings', () => {
    const leaving = booking({ booking_id: 'a', booking_status: 'CheckedIn' });
    const coming = booking({ booking_id: 'c', check_in: '2027-06-12', check_out: '2027-06-14' });
    const day = unitDay('2027-06-12', [leaving, coming], []);
    expect(day.status).toBe('departing');
    expect(day.arriving?.booking_id).toBe('c');
    expect(day.departing?.booking_id).toBe('a');
  });

  it('ignores cancelled bookings and is blocked inside a blackout, both ends included', () => {
    expect(unitDay('2027-06-10', [booking({ booking_status: 'Cancelled' })], []).status).toBe(
      'free',
    );
    const blackout = {
      blackout_id: 'x',
      start_date: '2027-07-01',
      end_date: '2027-07-03',
      reason: 'Repairs',
      kind: 'blackout' as const,
    };
    expect(unitDay('2027-07-01', [], [blackout]).status).toBe('blocked');
    expect(unitDay('2027-07-03', [], [blackout]).status).toBe('blocked');
    expect(unitDay('2027-07-04', [], [blackout]).status).toBe('free');
  });

  it('reads maintenance, not free, for a Maintenance cabin with nobody there', () => {
    expect(unitDay('2027-06-09', [], [], 'Maintenance').status).toBe('maintenance');
    expect(unitDay('2027-06-09', [], [], 'Available').status).toBe('free');
    // Guests and blackouts still say what is happening in the cabin that day.
    expect(
      unitDay('2027-06-11', [booking({ booking_status: 'CheckedIn' })], [], 'Maintenance').status,
    ).toBe('occupied');
  });
});
