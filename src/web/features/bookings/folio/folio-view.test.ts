import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../../../domain/pricing';
import type { Extra } from '../../../../domain/schemas/extra.schema';
import type { FolioEntryDto } from '../../../../domain/schemas/folio.schema';
import {
  eligibleGuestsMessage,
  folioRows,
  hasSeniorPwdIssues,
  previewCharge,
  previewSettings,
  seniorPwdFormIssues,
} from './folio-view';

function entry(id: string, fields: Partial<FolioEntryDto>): FolioEntryDto {
  return {
    entry_id: id,
    kind: 'lodging',
    description: 'Stay',
    quantity: 1,
    unit_amount: 0,
    amount: 0,
    tax_treatment: 'vatable',
    vat_amount: 0,
    local_tax_amount: 0,
    reverses_entry_id: null,
    reason: null,
    created_at: '2027-06-01T02:00:00.000Z',
    created_by_name: null,
    ...fields,
  };
}

const breakfast: Extra = {
  extra_id: '0b7a6f70-5d0b-4c59-9a4c-7b6f0e0f3a11',
  name: 'Breakfast',
  price: 350,
  charge_per: 'person_night',
  tax_treatment: 'vatable',
  guest_bookable: true,
  active: true,
};

describe('folioRows', () => {
  it('keeps the order and marks a reversed entry with the reversal that cancels it', () => {
    const entries = [
      entry('1', { kind: 'lodging', amount: 11458 }),
      entry('2', { kind: 'extra', description: 'Breakfast × 2', amount: 2373 }),
      entry('3', { kind: 'payment', amount: -5000, tax_treatment: 'exempt' }),
      entry('4', { kind: 'reversal', amount: -2373, reverses_entry_id: '2', reason: 'Not taken' }),
    ];
    const rows = folioRows(entries);
    expect(rows.map((row) => row.entry.entry_id)).toEqual(['1', '2', '3', '4']);
    expect(rows[1]!.reversedBy?.reason).toBe('Not taken');
    expect(rows.map((row) => row.isReversible)).toEqual([true, false, true, false]);
    expect(rows.map((row) => row.isCredit)).toEqual([false, false, true, false]);
  });

  it('counts the reversal of a payment as a credit, as the folio totals do', () => {
    const rows = folioRows([
      entry('p', { kind: 'payment', amount: -1000, tax_treatment: 'exempt' }),
      entry('r', { kind: 'reversal', amount: 1000, reverses_entry_id: 'p', reason: 'Bounced' }),
    ]);
    expect(rows[1]!.isCredit).toBe(true);
  });
});

describe('previewCharge', () => {
  const settings = previewSettings({ tax_mode: 'exclusive', vat_rate: 0.12, local_tax_rate: 0.01 });

  it('prices as the server does: breakfast for 2 guests × 3 nights', () => {
    // extras-pricing.test.ts: 350 × 6 = 2100, VAT 252, local 21.
    const priced = previewCharge(breakfast, 1, { nights: 3, num_guests: 2 }, settings);
    expect(priced).toMatchObject({ units: 6, net_amount: 2100, vat_amount: 252, amount: 2373 });
    const twice = previewCharge(breakfast, 2, { nights: 3, num_guests: 2 }, settings);
    expect(twice?.amount).toBe(4746);
  });

  it('follows the resort tax mode', () => {
    const none = previewSettings({ tax_mode: 'none', vat_rate: 0.12, local_tax_rate: 0.01 });
    expect(none.weekend_nights).toEqual(DEFAULT_PRICING_SETTINGS.weekend_nights);
    expect(previewCharge(breakfast, 1, { nights: 3, num_guests: 2 }, none)?.amount).toBe(2100);
  });

  it('shows nothing until an extra and a valid quantity are chosen', () => {
    const stay = { nights: 3, num_guests: 2 };
    expect(previewCharge(undefined, 1, stay, settings)).toBeNull();
    expect(previewCharge(breakfast, null, stay, settings)).toBeNull();
    expect(previewCharge(breakfast, 0, stay, settings)).toBeNull();
    expect(previewCharge(breakfast, 51, stay, settings)).toBeNull();
  });
});

describe('seniorPwdFormIssues', () => {
  it('asks for 0 to guests eligible and one ID number each', () => {
    expect(seniorPwdFormIssues(0, 3, [])).toEqual({ eligible_guests: null, id_numbers: [] });
    const missing = seniorPwdFormIssues(2, 3, ['SC-123']);
    expect(missing.id_numbers).toEqual([null, 'This field is required']);
    expect(hasSeniorPwdIssues(missing)).toBe(true);
    expect(hasSeniorPwdIssues(seniorPwdFormIssues(2, 3, ['SC-123', ' PWD-9 ']))).toBe(false);
    expect(seniorPwdFormIssues(4, 3, []).eligible_guests).toBe(eligibleGuestsMessage(3));
    expect(seniorPwdFormIssues(null, 3, []).eligible_guests).toBe(eligibleGuestsMessage(3));
    expect(seniorPwdFormIssues(1, 3, ['x'.repeat(51)]).id_numbers).toEqual([
      'Must be 50 characters or less',
    ]);
  });
});
