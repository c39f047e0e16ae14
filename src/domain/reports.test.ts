import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  figuresOf,
  monthsOf,
  previousPeriod,
  samePeriodLastYear,
  shareByWeight,
  spreadOverNights,
  tallyReport,
  tallySold,
  type ReportInput,
  type SoldSlice,
} from './reports';

const units = [
  { unit_id: 'a', unit_name: 'Alpha' },
  { unit_id: 'b', unit_name: 'Bravo' },
];

describe('spreading money over nights', () => {
  it('is exact to the centavo with the remainder on the last night', () => {
    expect(spreadOverNights(1000n, 3)).toEqual([333n, 333n, 334n]);
    expect(spreadOverNights(-100n, 3)).toEqual([-34n, -34n, -32n]);
    expect(spreadOverNights(5n, 0)).toEqual([]);
  });

  it('shares a booking over its lines by weight, the shares adding up', () => {
    expect(shareByWeight(1001n, [1n, 1n])).toEqual([500n, 501n]);
    expect(shareByWeight(900n, [200n, 100n])).toEqual([600n, 300n]);
    expect(shareByWeight(10n, [0n, 0n])).toEqual([5n, 5n]);
  });
});

describe('ranges', () => {
  it('lists the months a range touches and its comparison periods', () => {
    expect(monthsOf('2027-01-15', '2027-03-01')).toEqual(['2027-01', '2027-02']);
    expect(monthsOf('2027-12-01', '2028-01-02')).toEqual(['2027-12', '2028-01']);
    expect(previousPeriod('2027-04-01', '2027-07-01')).toEqual({
      from: '2026-12-31',
      to: '2027-04-01',
    });
    expect(samePeriodLastYear('2028-02-29', '2028-03-01')).toEqual({
      from: '2027-02-28',
      to: '2027-03-01',
    });
  });

  it('ages a balance by its due date', () => {
    expect(ageingBucket('2027-05-02', '2027-05-01')).toBe('not_due');
    expect(ageingBucket('2027-05-01', '2027-05-01')).toBe('days_0_30');
    expect(ageingBucket('2027-04-01', '2027-05-01')).toBe('days_0_30');
    expect(ageingBucket('2027-03-31', '2027-05-01')).toBe('days_31_60');
    expect(ageingBucket('2027-03-01', '2027-05-01')).toBe('days_over_60');
  });
});

describe('tallyReport', () => {
  const input: ReportInput = {
    from: '2027-01-30',
    to: '2027-02-03', // 4 nights: Jan 30, 31, Feb 1, 2
    units,
    // Bravo out of order on Feb 2 and 3 (only Feb 2 is inside the range).
    blocks: [{ unit_id: 'b', start_date: '2027-02-02', end_date: '2027-02-03' }],
    bookings: [
      {
        // 3 nights Jan 28–31 in Alpha: only Jan 30 is inside; ₱300.00 → ₱100.00 a night.
        booking_id: 'edge',
        source: 'phone',
        room_net: 30000n,
        extras_net: 0n,
        fees_net: 0n,
        lines: [
          { unit_id: 'a', check_in: '2027-01-28', check_out: '2027-01-31', subtotal: 30000n },
        ],
      },
      {
        // Split stay: Alpha Jan 31–Feb 1 (1 night), Bravo Feb 1–2 (1 night); ₱1,000.01 by subtotal.
        booking_id: 'split',
        source: 'website',
        room_net: 100001n,
        extras_net: 2000n,
        fees_net: 0n,
        lines: [
          { unit_id: 'a', check_in: '2027-01-31', check_out: '2027-02-01', subtotal: 50000n },
          { unit_id: 'b', check_in: '2027-02-01', check_out: '2027-02-02', subtotal: 50000n },
        ],
      },
    ],
  };
  const tallies = tallyReport(input);

  it('counts available nights less out-of-order ones and sold nights inside the range', () => {
    expect(tallies.total.available).toBe(2 * 4 - 1);
    expect(tallies.total.sold).toBe(3);
    expect(tallies.by_unit.get('a')).toMatchObject({
      available: 4,
      sold: 2,
      room: 10000n + 50000n,
    });
    expect(tallies.by_unit.get('b')).toMatchObject({ available: 3, sold: 1, room: 50001n });
    expect(tallies.by_month.get('2027-01')).toMatchObject({ available: 4, sold: 2 });
    expect(tallies.by_month.get('2027-02')).toMatchObject({ available: 3, sold: 1 });
    expect(tallies.by_source.get('phone')).toMatchObject({ bookings: 1, sold: 1, room: 10000n });
    expect(tallies.by_source.get('website')).toMatchObject({ bookings: 1, sold: 2, extras: 2000n });
  });

  it('publishes occupancy, ADR and RevPAR rounded to the centavo', () => {
    const figures = figuresOf(tallies.total);
    expect(figures.room_revenue).toBe(1100.01);
    expect(figures.occupancy).toBeCloseTo(3 / 7, 10);
    expect(figures.adr).toBe(366.67); // 1,100.01 ÷ 3 = 366.67
    expect(figures.revpar).toBe(157.14); // 1,100.01 ÷ 7 = 157.144…
    expect(figures.total_revenue).toBe(1120.01);
    expect(
      figuresOf({ available: 0, sold: 0, room: 0n, extras: 0n, fees: 0n, bookings: 0 }),
    ).toMatchObject({
      occupancy: 0,
      adr: 0,
      revpar: 0,
    });
  });
});

describe('tallySold', () => {
  const slice = (
    level: SoldSlice['level'],
    key: string,
    sold: number,
    room: bigint,
    bookings = 1,
  ): SoldSlice => ({ level, key, bookings, sold, room, extras: 0n, fees: 0n });
  const range = {
    from: '2027-01-30',
    to: '2027-02-03',
    units,
    blocks: [{ unit_id: 'b', start_date: '2027-02-02', end_date: '2027-02-03' }],
  };

  it('takes the slices summed by the database and the whole range from its sources', () => {
    const tallies = tallySold({
      ...range,
      sold: [
        slice('month', '2027-01', 2, 60000n, 2),
        slice('month', '2027-02', 1, 50001n),
        slice('unit', 'a', 2, 60000n, 2),
        slice('unit', 'b', 1, 50001n),
        slice('source', 'phone', 1, 10000n),
        slice('source', 'website', 2, 100001n),
      ],
    });
    expect(tallies.total).toEqual({
      available: 7,
      sold: 3,
      room: 110001n,
      extras: 0n,
      fees: 0n,
      bookings: 2,
    });
    expect(tallies.by_month.get('2027-01')).toMatchObject({ available: 4, sold: 2, bookings: 2 });
    expect(tallies.by_unit.get('b')).toMatchObject({ available: 3, sold: 1, room: 50001n });
    expect([...tallies.by_source.keys()]).toEqual(['phone', 'website']);
  });

  it('takes a total slice as the whole range (a comparison)', () => {
    const tallies = tallySold({ ...range, sold: [slice('total', '', 3, 110001n, 0)] });
    expect(tallies.total).toMatchObject({ available: 7, sold: 3, room: 110001n });
    expect(tallies.by_source.size).toBe(0);
  });
});
