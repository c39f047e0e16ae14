import { describe, expect, it } from 'vitest';
import type { CalendarBooking, CalendarHold } from '../../../domain/schemas/availability.schema';
import { hasOpenConflict, tapeSegments } from './tape-segments';

const days = ['2027-06-01', '2027-06-02', '2027-06-03', '2027-06-04', '2027-06-05'];
const booking = (overrides: Partial<CalendarBooking>): CalendarBooking => ({
  booking_id: 'b1',
  booking_reference: 'BK-2027-AAAA',
  guest_name: 'Maria Santos',
  booking_status: 'Confirmed',
  payment_status: 'Paid',
  check_in: '2027-06-02',
  check_out: '2027-06-04',
  num_guests: 2,
  ...overrides,
});

describe('tapeSegments', () => {
  it('spans a stay over its nights, check-out day excluded', () => {
    const segments = tapeSegments(days, [booking({})], []);
    expect(segments.map((s) => s.kind)).toEqual(['free', 'booking', 'free', 'free']);
    expect(segments[1]).toMatchObject({
      first: '2027-06-02',
      last: '2027-06-03',
      span: 2,
      continuesBefore: false,
      continuesAfter: false,
    });
  });

  it('clips stays and blackouts at the edges of the range', () => {
    const segments = tapeSegments(
      days,
      [booking({ check_in: '2027-05-30', check_out: '2027-06-02' })],
      [
        {
          blackout_id: 'x',
          start_date: '2027-06-05',
          end_date: '2027-06-09',
          reason: 'Repairs',
          kind: 'blackout',
        },
      ],
    );
    expect(segments[0]).toMatchObject({ kind: 'booking', span: 1, continuesBefore: true });
    expect(segments.at(-1)).toMatchObject({ kind: 'blackout', span: 1, continuesAfter: true });
  });

  it('keeps back-to-back stays apart and ignores cancelled ones', () => {
    const segments = tapeSegments(
      days,
      [
        booking({ booking_id: 'a', check_in: '2027-06-01', check_out: '2027-06-03' }),
        booking({ booking_id: 'b', check_in: '2027-06-03', check_out: '2027-06-05' }),
        booking({
          booking_id: 'c',
          check_in: '2027-06-05',
          check_out: '2027-06-06',
          booking_status: 'Cancelled',
        }),
      ],
      [],
    );
    expect(segments.map((s) => (s.kind === 'booking' ? s.booking.booking_id : s.kind))).toEqual([
      'a',
      'b',
      'free',
    ]);
  });
});

describe('hasOpenConflict', () => {
  const hold = (overrides: Partial<CalendarHold>): CalendarHold => ({
    hold_id: 'h1',
    channel: 'Airbnb',
    feed_name: 'Airbnb listing',
    start_date: '2027-06-03',
    end_date: '2027-06-05',
    conflict: true,
    ...overrides,
  });
  const stay = booking({});

  it("marks a stay under an open conflict's nights", () => {
    expect(hasOpenConflict(stay, [hold({})])).toBe(true);
  });

  it('leaves a stay alone when the hold is no open conflict or only meets it at checkout', () => {
    expect(hasOpenConflict(stay, [hold({ conflict: false })])).toBe(false);
    expect(hasOpenConflict(stay, [hold({ start_date: '2027-06-04' })])).toBe(false);
    expect(
      hasOpenConflict(stay, [hold({ start_date: '2027-05-30', end_date: '2027-06-02' })]),
    ).toBe(false);
    expect(hasOpenConflict(stay, [])).toBe(false);
  });
});
