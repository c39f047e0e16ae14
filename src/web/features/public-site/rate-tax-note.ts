import type { PublicTaxSettings } from '../../../domain/settings-defaults';

/** 0.12 + 0.01 → "13%", 0.125 → "12.5%" (rates are fractions; no float noise shown). */
function percentOf(rate: number): string {
  return `${Math.round(rate * 10_000) / 100}%`;
}

/**
 * Issue 15, DESIGN §4: what follows a nightly rate on the public pages, so the home page, the
 * cabin cards and the booking form agree with the total the quote charges. Rates are before tax
 * with the tax mode `exclusive` (the default): "+ 13% taxes"; `inclusive`: "taxes included";
 * `none`: nothing.
 */
export function rateTaxNote(settings: PublicTaxSettings): string | null {
  if (settings.tax_mode === 'none') return null;
  if (settings.tax_mode === 'inclusive') return 'taxes included';
  const rate = settings.vat_rate + settings.local_tax_rate;
  return rate > 0 ? `+ ${percentOf(rate)} taxes` : null;
}

/** The same in a sentence: "Rates are before 12% VAT and 1% local tax." */
export function ratesTaxSentence(settings: PublicTaxSettings): string {
  if (settings.tax_mode === 'none') return 'No taxes are added.';
  if (settings.tax_mode === 'inclusive') return 'Rates include VAT and local tax.';
  const parts = [
    settings.vat_rate > 0 ? `${percentOf(settings.vat_rate)} VAT` : null,
    settings.local_tax_rate > 0 ? `${percentOf(settings.local_tax_rate)} local tax` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${parts.join(' and ')} are added at booking.` : 'No taxes are added.';
}
