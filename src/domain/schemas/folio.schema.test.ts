import { describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES } from '../extra-limits';
import { folioResponseSchema, postChargeSchema, reverseEntrySchema } from './folio.schema';
import { BOOKING_ID, issuesOf } from './test-helpers';

const EXTRA_ID = '11111111-1111-4111-8111-111111111111';

describe('folioResponseSchema (DESIGN §8 GET /api/bookings/:id/folio)', () => {
  const entry = {
    entry_id: '22222222-2222-4222-8222-222222222222',
    kind: 'lodging',
    description: 'Stay: Cabin A, 3 nights',
    quantity: 1,
    unit_amount: 10140,
    amount: 11458,
    tax_treatment: 'vatable',
    vat_amount: 1217,
    local_tax_amount: 101,
    reverses_entry_id: null,
    reason: null,
    created_at: '2027-06-01T02:00:00.000Z',
    created_by_name: 'Ana Reyes',
  };
  const folio = {
    booking_id: BOOKING_ID,
    entries: [entry, { ...entry, kind: 'payment', amount: -5729, tax_treatment: 'exempt' }],
    charges_total: 11458,
    paid_total: 5729,
    refunded_total: 0,
    balance: 5729,
    deposit_amount: 5729,
    deposit_due_at: null,
    balance_due_date: '2027-06-10',
    payment_status: 'Deposit paid',
  };

  it('reads the folio', () => {
    expect(folioResponseSchema.parse({ data: folio })).toEqual({ data: folio });
  });

  it('refuses an unknown kind, treatment or status, and a missing field', () => {
    const bad = [
      { ...folio, payment_status: 'Partial' },
      { ...folio, entries: [{ ...entry, kind: 'tax' }] },
      { ...folio, entries: [{ ...entry, tax_treatment: 'vat' }] },
      { ...folio, entries: [{ ...entry, quantity: 0 }] },
      { ...folio, balance: undefined },
    ];
    for (const data of bad) expect(folioResponseSchema.safeParse({ data }).success).toBe(false);
  });
});

describe('postChargeSchema (POST /api/bookings/:id/charges)', () => {
  it('accepts an extra, a quantity and an optional note', () => {
    expect(postChargeSchema.parse({ extra_id: EXTRA_ID, quantity: 2, note: ' Late ' })).toEqual({
      extra_id: EXTRA_ID,
      quantity: 2,
      note: 'Late',
    });
    expect(postChargeSchema.parse({ extra_id: EXTRA_ID, quantity: 1 }).note).toBeUndefined();
  });

  it('refuses a negative or fractional quantity and a missing extra', () => {
    expect(issuesOf(postChargeSchema, { extra_id: EXTRA_ID, quantity: -1 })).toEqual({
      quantity: [EXTRA_MESSAGES.quantityMin],
    });
    expect(issuesOf(postChargeSchema, { extra_id: EXTRA_ID, quantity: 0.5 })).toEqual({
      quantity: [EXTRA_MESSAGES.quantityWhole],
    });
    expect(issuesOf(postChargeSchema, { quantity: 1 })).toEqual({
      extra_id: [EXTRA_MESSAGES.selectExtra],
    });
    expect(
      issuesOf(postChargeSchema, { extra_id: EXTRA_ID, quantity: 1, note: 'x'.repeat(301) }),
    ).toEqual({ note: ['Must be 300 characters or less'] });
  });
});

describe('reverseEntrySchema (POST /api/bookings/:id/folio/:entryId/reverse)', () => {
  it('requires a reason', () => {
    expect(reverseEntrySchema.parse({ reason: ' Charged twice ' })).toEqual({
      reason: 'Charged twice',
    });
    for (const reason of [undefined, '', '   ', '<b></b>']) {
      expect(issuesOf(reverseEntrySchema, { reason })).toEqual({
        reason: ['This field is required'],
      });
    }
  });
});
