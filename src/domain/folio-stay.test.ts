import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sumCentavos, toCentavos } from './centavos';
import { entryDraftIssue } from './folio';
import type { FolioEntryDraft } from './folio';
import { stayEntries, stayEntriesFromQuote } from './folio-stay';
import { DESIGN_EXAMPLES } from './folio-test-helpers';
import { quoteBooking } from './pricing';

const rows = (entries: FolioEntryDraft[]) =>
  entries.map((e) => [
    e.kind,
    e.description,
    e.unit_amount,
    e.vat_amount,
    e.local_tax_amount,
    e.amount,
  ]);

const total = (entries: FolioEntryDraft[], field: 'amount' | 'vat_amount' | 'local_tax_amount') =>
  Number(sumCentavos(entries.map((entry) => toCentavos(entry[field])))) / 100;

describe('stayEntriesFromQuote: DESIGN §4 worked examples', () => {
  it('case 1: one line carries the whole tax', () => {
    const { input, names } = DESIGN_EXAMPLES[0]!;
    expect(rows(stayEntriesFromQuote(quoteBooking(input), names, 'exclusive'))).toEqual([
      ['lodging', 'Stay: Cabin A, 3 nights', 10140, 1217, 101, 11458],
    ]);
  });

  it('case 2: the Early Bird discount is an entry with its (negative) share of the tax', () => {
    const { input, names } = DESIGN_EXAMPLES[1]!;
    expect(rows(stayEntriesFromQuote(quoteBooking(input), names, 'exclusive'))).toEqual([
      ['lodging', 'Stay: Cabin B, 5 nights', 44500, 5340, 445, 50285],
      ['discount', 'Early Bird discount', -5000, -600, -50, -5650],
    ]);
  });

  it('case 3: the booking VAT 7478 shared by largest remainder, to the peso', () => {
    const { input, names } = DESIGN_EXAMPLES[2]!;
    expect(rows(stayEntriesFromQuote(quoteBooking(input), names, 'exclusive'))).toEqual([
      // 19440 × 7478 / 62316 = 2332.8 takes the one peso left over.
      ['lodging', 'Stay: Cabin A, 3 nights', 19440, 2333, 194, 21967],
      ['lodging', 'Stay: Cabin B, 3 nights', 32400, 3888, 324, 36612],
      ['lodging', 'Stay: Cabin C, 3 nights', 17400, 2088, 174, 19662],
      ['discount', 'Bulk discount', -6924, -831, -69, -7824],
    ]);
  });

  it('every case: the entries add up to the quote, in each tax mode, and are well formed', () => {
    for (const { input, names } of DESIGN_EXAMPLES) {
      for (const tax_mode of ['exclusive', 'inclusive', 'none'] as const) {
        const quote = quoteBooking({ ...input, settings: { ...input.settings, tax_mode } });
        const entries = stayEntriesFromQuote(quote, names, tax_mode);
        expect(total(entries, 'amount')).toBe(quote.total_amount);
        expect(total(entries, 'vat_amount')).toBe(quote.vat);
        expect(total(entries, 'local_tax_amount')).toBe(quote.local_tax);
        for (const entry of entries) expect(entryDraftIssue(entry)).toBeNull();
      }
    }
  });
});

describe('stayEntries', () => {
  it('shares centavo taxes in centavos', () => {
    const entries = stayEntries({
      lines: [
        { description: 'a', amount: 100 },
        { description: 'b', amount: 200 },
      ],
      discount: null,
      vat: 0.01,
      local_tax: 10.01,
      taxes_added: true,
    });
    expect(entries.map((e) => [e.vat_amount, e.local_tax_amount])).toEqual([
      [0, 3.34],
      [0.01, 6.67],
    ]);
  });

  it('issue 21: a promo code discount reads "Promo code CODE"', () => {
    const entries = stayEntries({
      lines: [{ description: 'a', amount: 1000 }],
      discount: { name: 'RAINY10', amount: 100, code: 'RAINY10' },
      vat: 0,
      local_tax: 0,
      taxes_added: true,
    });
    expect(entries.map((entry) => entry.description)).toEqual(['a', 'Promo code RAINY10']);
  });

  it('refuses taxes on a stay worth nothing', () => {
    expect(() =>
      stayEntries({
        lines: [{ description: 'a', amount: 100 }],
        discount: { name: 'Bulk', amount: 100 },
        vat: 12,
        local_tax: 0,
        taxes_added: true,
      }),
    ).toThrow(RangeError);
  });

  it('always adds up exactly (property)', () => {
    const whole = fc.integer({ min: 1, max: 1_000_000 });
    fc.assert(
      fc.property(
        fc.array(whole, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (amounts, discountPercent, vatPercent, taxesAdded) => {
          const subtotal = amounts.reduce((a, b) => a + b, 0);
          const discount = Math.floor((subtotal * discountPercent) / 100);
          const vat = Math.floor(((subtotal - discount) * vatPercent) / 100);
          const local = Math.floor((subtotal - discount) / 100);
          const entries = stayEntries({
            lines: amounts.map((amount, i) => ({ description: `line ${i}`, amount })),
            discount: { name: 'Promo', amount: discount },
            vat,
            local_tax: local,
            taxes_added: taxesAdded,
          });
          const expected = subtotal - discount + (taxesAdded ? vat + local : 0);
          expect(total(entries, 'amount')).toBe(expected);
          expect(total(entries, 'vat_amount')).toBe(vat);
          expect(total(entries, 'local_tax_amount')).toBe(local);
        },
      ),
    );
  });
});
