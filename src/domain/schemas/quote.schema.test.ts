import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS, quoteBooking } from '../pricing';
import { quoteRequestSchema, quoteResponseSchema } from './quote.schema';
import { OTHER_UNIT_ID, UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  units: [{ unit_id: UNIT_ID, num_guests: 2 }],
  check_in: '2027-06-10',
  check_out: '2027-06-13',
};

describe('quoteRequestSchema (DESIGN §5 POST /api/quote)', () => {
  it('accepts a valid request', () => {
    expect(quoteRequestSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ units: [] }, 'units', 'Please select at least one cabin'],
    [
      {
        units: [
          { unit_id: UNIT_ID, num_guests: 2 },
          { unit_id: UNIT_ID, num_guests: 1 },
        ],
      },
      'units.1.unit_id',
      'Cabin already added to booking',
    ],
    [
      { units: [{ unit_id: OTHER_UNIT_ID, num_guests: 21 }] },
      'units.0.num_guests',
      'Maximum 20 guests',
    ],
    [{ check_in: '2027-06-13' }, 'check_out', 'Check-out must be after check-in'],
    [{ check_out: 'tomorrow' }, 'check_out', 'Please select a valid date'],
  ])('%j → %s "%s"', (patch, path, message) => {
    expect(issuesOf(quoteRequestSchema, { ...valid, ...patch })[path]).toEqual([message]);
  });
});

describe('quoteResponseSchema', () => {
  it('describes what quoteBooking returns', () => {
    const quote = quoteBooking({
      units: [
        {
          unit: {
            unit_id: UNIT_ID,
            base_rate: 3000,
            weekend_rate: 3000,
            base_occupancy: 2,
            extra_person_rate: 500,
          },
          num_guests: 3,
        },
      ],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      today: '2027-06-01',
      settings: DEFAULT_PRICING_SETTINGS,
    });
    const answer = {
      ...quote,
      extras: [],
      extras_total: 0,
      deposit: { deposit_amount: 5729, balance_amount: 5729, balance_due_date: '2027-06-10' },
    };
    expect(quoteResponseSchema.parse(answer)).toEqual(answer);
  });
});
