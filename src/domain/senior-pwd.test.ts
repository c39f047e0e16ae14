import { describe, expect, it } from 'vitest';
import { entryDraftIssue, reversalOf, summarizeFolio } from './folio';
import { stayEntriesFromQuote } from './folio-stay';
import { BOOKING, DESIGN_EXAMPLES, stored } from './folio-test-helpers';
import { DEFAULT_PRICING_SETTINGS, quoteBooking } from './pricing';
import type { PricingSettings } from './pricing';
import { activeStayEntries, seniorPwdBreakdown, seniorPwdEntries, stayNet } from './senior-pwd';

const settings = DEFAULT_PRICING_SETTINGS;
const inclusive: PricingSettings = { ...settings, tax_mode: 'inclusive' };
const none: PricingSettings = { ...settings, tax_mode: 'none' };

function breakdown(net: number, guests: number, eligible: number, s = settings) {
  return seniorPwdBreakdown({ net_amount: net, guests, eligible_guests: eligible, settings: s });
}

// docs/decisions/0017-senior-pwd-discount.md, the worked examples, each to the centavo.
describe('docs/decisions/0017 worked examples', () => {
  it('example 1: DESIGN §4 case 1 (net 10,140), 1 senior of 3 guests', () => {
    expect(breakdown(10140, 3, 1)).toEqual({
      vatable: { net: 6760, vat: 811, local_tax: 68, amount: 7639 },
      exempt: { net: 3380, vat: 0, local_tax: 34, amount: 3414 },
      discount: { net: -676, vat: 0, local_tax: -7, amount: -683 },
      total: 10370,
    });
  });

  it('example 2: the same stay, 2 seniors of 3 guests', () => {
    expect(breakdown(10140, 3, 2)).toEqual({
      vatable: { net: 3380, vat: 406, local_tax: 34, amount: 3820 },
      exempt: { net: 6760, vat: 0, local_tax: 68, amount: 6828 },
      discount: { net: -1352, vat: 0, local_tax: -14, amount: -1366 },
      total: 9282,
    });
  });

  it('example 3: DESIGN §4 case 2 after Early Bird (net 39,500), both guests seniors', () => {
    expect(breakdown(39500, 2, 2)).toEqual({
      vatable: { net: 0, vat: 0, local_tax: 0, amount: 0 },
      exempt: { net: 39500, vat: 0, local_tax: 395, amount: 39895 },
      discount: { net: -7900, vat: 0, local_tax: -79, amount: -7979 },
      total: 31916,
    });
  });

  it('example 4: DESIGN §4 case 3 after Bulk (net 62,316), 2 PWD of 9 guests', () => {
    expect(breakdown(62316, 9, 2)).toEqual({
      vatable: { net: 48468, vat: 5816, local_tax: 485, amount: 54769 },
      exempt: { net: 13848, vat: 0, local_tax: 138, amount: 13986 },
      discount: { net: -2770, vat: 0, local_tax: -28, amount: -2798 },
      total: 65957,
    });
  });

  it('example 5: a share that is not whole pesos (net 7,375, 1 of 3)', () => {
    expect(breakdown(7375, 3, 1)).toEqual({
      vatable: { net: 4917, vat: 590, local_tax: 49, amount: 5556 },
      exempt: { net: 2458, vat: 0, local_tax: 25, amount: 2483 },
      discount: { net: -492, vat: 0, local_tax: -5, amount: -497 },
      total: 7542,
    });
  });

  it('example 6: the tax modes (net 10,000, 1 of 4): inclusive as exclusive, none untaxed', () => {
    const taxed = {
      vatable: { net: 7500, vat: 900, local_tax: 75, amount: 8475 },
      exempt: { net: 2500, vat: 0, local_tax: 25, amount: 2525 },
      discount: { net: -500, vat: 0, local_tax: -5, amount: -505 },
      total: 10495,
    };
    expect(breakdown(10000, 4, 1)).toEqual(taxed);
    expect(breakdown(10000, 4, 1, inclusive)).toEqual(taxed);
    expect(breakdown(10000, 4, 1, none)).toEqual({
      vatable: { net: 7500, vat: 0, local_tax: 0, amount: 7500 },
      exempt: { net: 2500, vat: 0, local_tax: 0, amount: 2500 },
      discount: { net: -500, vat: 0, local_tax: 0, amount: -500 },
      total: 9500,
    });
  });
});

describe('seniorPwdBreakdown', () => {
  it('with no eligible guest is the plain VATable charge', () => {
    expect(breakdown(10140, 3, 0)).toMatchObject({
      vatable: { net: 10140, vat: 1217, local_tax: 101, amount: 11458 },
      exempt: { net: 0, amount: 0 },
      discount: { net: 0, amount: 0 },
      total: 11458,
    });
  });

  it('keeps centavos of a net exact', () => {
    const result = breakdown(1000.5, 2, 1);
    expect(result.exempt.net).toBe(500);
    expect(result.vatable.net).toBe(500.5);
  });

  it('refuses impossible guest counts', () => {
    expect(() => breakdown(1000, 0, 0)).toThrow(RangeError);
    expect(() => breakdown(1000, 2, 3)).toThrow(RangeError);
    expect(() => breakdown(1000, 2, -1)).toThrow(RangeError);
    expect(() => breakdown(1000, 2, 0.5)).toThrow(RangeError);
  });
});

describe('on the folio', () => {
  const { input, names } = DESIGN_EXAMPLES[0]!;
  const stay = stored(stayEntriesFromQuote(quoteBooking(input), names, 'exclusive'));

  it('stayNet reads the VAT-exclusive amount of the stay', () => {
    expect(stayNet(stay)).toBe(10140);
  });

  it('replaces the stay by the split: the folio total drops to the breakdown total', () => {
    const split = breakdown(stayNet(stay), 3, 1);
    const drafts = seniorPwdEntries(split, 3, 1, 'Stay: Cabin A, 3 nights');
    expect(drafts.map((d) => [d.kind, d.description, d.tax_treatment, d.amount])).toEqual([
      ['lodging', 'Stay: Cabin A, 3 nights (2 of 3 guests)', 'vatable', 7639],
      [
        'lodging',
        'Stay: Cabin A, 3 nights (senior citizen/PWD share, 1 of 3 guests, VAT-exempt)',
        'exempt',
        3414,
      ],
      ['senior_pwd_discount', 'Senior citizen/PWD discount (20%)', 'exempt', -683],
    ]);
    for (const draft of drafts) expect(entryDraftIssue(draft)).toBeNull();

    const reversals = activeStayEntries(stay).map((entry) =>
      reversalOf(entry, 'Senior citizen ID 12345'),
    );
    const folio = [...stay, ...stored([...reversals, ...drafts], stay.length + 1)];
    expect(
      summarizeFolio({
        entries: folio,
        deposit_amount: 0,
        has_pending_proof: false,
        cancelled: false,
      }).charges_total,
    ).toBe(10370);

    // A later change (2 seniors) starts again from the same net: the split adds back up to it.
    expect(stayNet(folio)).toBe(10140);
    expect(activeStayEntries(folio).map((entry) => entry.kind)).toEqual([
      'lodging',
      'lodging',
      'senior_pwd_discount',
    ]);
  });

  it('stayNet in inclusive mode takes the taxes out of the amounts', () => {
    const quote = quoteBooking({ ...input, settings: inclusive });
    const entries = stored(stayEntriesFromQuote(quote, names, 'inclusive'));
    expect(entries.every((entry) => entry.booking_id === BOOKING)).toBe(true);
    expect(stayNet(entries)).toBe(quote.total_amount - quote.tax_amount);
  });

  it('leaves zero parts out', () => {
    const drafts = seniorPwdEntries(breakdown(39500, 2, 2), 2, 2, 'Stay');
    expect(drafts.map((d) => d.kind)).toEqual(['lodging', 'senior_pwd_discount']);
    expect(seniorPwdEntries(breakdown(39500, 2, 0), 2, 0, 'Stay')).toHaveLength(1);
  });
});
