import { describe, expect, it } from 'vitest';
import { rateTaxNote, ratesTaxSentence } from './rate-tax-note';

describe('rateTaxNote (issue 15: public rates say how they are taxed)', () => {
  it('exclusive (the default) adds VAT and local tax together', () => {
    expect(rateTaxNote({ tax_mode: 'exclusive', vat_rate: 0.12, local_tax_rate: 0.01 })).toBe(
      '+ 13% taxes',
    );
    expect(rateTaxNote({ tax_mode: 'exclusive', vat_rate: 0.12, local_tax_rate: 0.005 })).toBe(
      '+ 12.5% taxes',
    );
    expect(rateTaxNote({ tax_mode: 'exclusive', vat_rate: 0, local_tax_rate: 0 })).toBeNull();
  });

  it('inclusive says so; none says nothing', () => {
    expect(rateTaxNote({ tax_mode: 'inclusive', vat_rate: 0.12, local_tax_rate: 0.01 })).toBe(
      'taxes included',
    );
    expect(rateTaxNote({ tax_mode: 'none', vat_rate: 0.12, local_tax_rate: 0.01 })).toBeNull();
  });

  it('the sentence names each tax', () => {
    expect(ratesTaxSentence({ tax_mode: 'exclusive', vat_rate: 0.12, local_tax_rate: 0.01 })).toBe(
      '12% VAT and 1% local tax are added at booking.',
    );
    expect(ratesTaxSentence({ tax_mode: 'inclusive', vat_rate: 0.12, local_tax_rate: 0.01 })).toBe(
      'Rates include VAT and local tax.',
    );
    expect(ratesTaxSentence({ tax_mode: 'none', vat_rate: 0.12, local_tax_rate: 0.01 })).toBe(
      'No taxes are added.',
    );
  });
});
