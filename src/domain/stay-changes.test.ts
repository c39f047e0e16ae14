import { describe, expect, it } from 'vitest';
import type { FolioEntry } from './folio';
import {
  entriesTotal,
  keptStayEntries,
  nightsBetween,
  releasesCharges,
  splitLineMoney,
} from './stay-changes';

const entry = (amount: number, vat: number, local: number): FolioEntry => ({
  entry_id: 'e1',
  booking_id: 'b1',
  kind: 'lodging',
  description: 'Stay: Cabin A, 3 nights',
  quantity: 1,
  unit_amount: amount,
  amount,
  tax_treatment: 'vatable',
  vat_amount: vat,
  local_tax_amount: local,
  reverses_entry_id: null,
  reason: null,
});

describe('early departure money (issue 22)', () => {
  it("keeps the kept nights' share of each entry, half up to the centavo", () => {
    const kept = keptStayEntries([entry(10000.01, 1071.43, 89.29)], 1, 3);
    expect(kept[0]).toMatchObject({
      amount: 3333.34,
      vat_amount: 357.14,
      local_tax_amount: 29.76,
      description: 'Stay: Cabin A, 3 nights (1 of 3 nights kept)',
      reverses_entry_id: null,
    });
    expect(entriesTotal([entry(10000.01, 0, 0)]) - entriesTotal(kept)).toBe(6666.67);
  });

  it('shares a discount (negative) the same way', () => {
    const discount = { ...entry(-1000, 0, 0), kind: 'discount' as const };
    expect(keptStayEntries([discount], 2, 4)[0]!.amount).toBe(-500);
  });

  it('refuses to keep no night or more than were booked', () => {
    expect(() => keptStayEntries([entry(100, 0, 0)], 0, 3)).toThrow(RangeError);
    expect(() => keptStayEntries([entry(100, 0, 0)], 4, 3)).toThrow(RangeError);
  });

  it('releases charges only when asked and not on the non-refundable rate', () => {
    expect(releasesCharges(true, 'flexible')).toBe(true);
    expect(releasesCharges(false, 'flexible')).toBe(false);
    expect(releasesCharges(true, 'non_refundable')).toBe(false);
  });

  it('lists nights and splits a line exactly', () => {
    expect(nightsBetween('2027-02-27', '2027-03-02')).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
    ]);
    expect(splitLineMoney(1000, 1, 3)).toEqual({ kept: 666.67, moved: 333.33 });
  });
});
