import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prorateBuckets, seriesGaps, withholdingOf, type TaxBuckets } from './document-figures';

/** Issue 20: a payment document's VAT split adds up to the payment, to the centavo. */

const KEYS = [
  'vatable_sales',
  'vat_exempt_sales',
  'zero_rated_sales',
  'vat_amount',
  'local_tax_amount',
] as const;

const sum = (buckets: TaxBuckets) => KEYS.reduce((total, key) => total + buckets[key], 0n);

describe('prorateBuckets', () => {
  it('splits any payment in the stay proportions, the parts adding up exactly', () => {
    const centavos = fc.bigInt({ min: 0n, max: 50_000_000n });
    fc.assert(
      fc.property(
        fc.tuple(centavos, centavos, centavos, centavos, centavos),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        ([a, b, c, d, e], amount) => {
          const stay: TaxBuckets = {
            vatable_sales: a,
            vat_exempt_sales: b,
            zero_rated_sales: c,
            vat_amount: d,
            local_tax_amount: e,
          };
          const total = sum(stay);
          fc.pre(total > 0n);
          const parts = prorateBuckets(stay, total, amount);
          expect(sum(parts)).toBe(amount);
          for (const key of KEYS) {
            // Each part is its exact share rounded down or up by one centavo at most.
            const exact = (stay[key] * amount) / total;
            expect(parts[key] - exact >= 0n && parts[key] - exact <= 1n).toBe(true);
            if (stay[key] === 0n) expect(parts[key]).toBe(0n);
          }
        },
      ),
    );
  });

  it('the deposit of a ₱11,458 stay (VAT 1,188, local tax 99): ₱5,729 splits exactly', () => {
    const stay: TaxBuckets = {
      vatable_sales: 990_000n,
      vat_exempt_sales: 17_100n,
      zero_rated_sales: 0n,
      vat_amount: 118_800n,
      local_tax_amount: 9_900n,
    };
    const parts = prorateBuckets(stay, sum(stay), 572_900n);
    expect(sum(parts)).toBe(572_900n);
    expect(parts.zero_rated_sales).toBe(0n);
  });
});

describe('withholdingOf', () => {
  it('is the percent of the VAT-exclusive sale, half up to the centavo', () => {
    const buckets: TaxBuckets = {
      vatable_sales: 1_000_050n,
      vat_exempt_sales: 25n,
      zero_rated_sales: 0n,
      vat_amount: 120_006n,
      local_tax_amount: 0n,
    };
    // 2% of ₱10,000.75 = ₱200.015 → ₱200.02
    expect(withholdingOf(buckets, 2)).toBe(20_002n);
    expect(withholdingOf(buckets, 1)).toBe(10_001n);
  });
});

describe('seriesGaps: the sales journal gap check', () => {
  const ar = (number: number) => ({ kind: 'acknowledgement_receipt', number, range_start: null });
  const inv = (number: number, range_start: number) => ({ kind: 'invoice', number, range_start });

  it('finds nothing in an unbroken series, and names each missing number', () => {
    expect(seriesGaps([ar(1), ar(2), ar(3)])).toEqual([]);
    expect(seriesGaps([ar(1), ar(4), ar(5)])).toEqual(['AR 000002', 'AR 000003']);
  });

  it('counts receipts from 1, so a lost first number shows', () => {
    expect(seriesGaps([ar(3)])).toEqual(['AR 000001', 'AR 000002']);
  });

  it("counts invoices from their approved range's first serial, and not across a new range", () => {
    expect(seriesGaps([inv(501, 501), inv(502, 501)])).toEqual([]);
    expect(seriesGaps([inv(502, 501)])).toEqual(['INV 000501']);
    // Range 501–502 used up, then the BIR approved 2001–3000: 503–2000 are not the resort's.
    expect(seriesGaps([inv(501, 501), inv(502, 501), inv(2001, 2001), inv(2003, 2001)])).toEqual([
      'INV 002002',
    ]);
  });

  it('keeps the series apart', () => {
    expect(seriesGaps([ar(1), ar(2), inv(7, 7), inv(8, 7)])).toEqual([]);
  });
});
