import { toCentavos, toPesos } from './centavos';
import { floorDiv } from './exact-decimal';
import type { FolioEntryDraft } from './folio';
import type { Quote, TaxMode } from './pricing';

/**
 * The folio entries of a priced stay: one lodging entry per unit line and one for the booking's
 * discount. DESIGN §4 taxes the booking once (VAT and local tax on subtotal − discount), so those
 * two figures are shared out over the entries in proportion to each entry's amount before tax
 * (largest remainder, in whole pesos when the figure is whole pesos, else centavos): the entries'
 * taxes add up to the booking's exactly, and so do their amounts to its total.
 */

export interface StayCharges {
  /** Each unit line's priced amount before tax (pricing.ts unit_total), pesos. */
  lines: readonly { description: string; amount: number }[];
  /** Issue 21: `code` set for a promo code's discount ("Promo code RAINY10"). */
  discount: { name: string; amount: number; code?: string | null | undefined } | null;
  vat: number;
  local_tax: number;
  /** 'exclusive': the taxes are added to the amounts; otherwise they are inside them (or none). */
  taxes_added: boolean;
}

/**
 * `total` centavos shared out over `bases` (Σ bases > 0) in proportion, by largest remainder, in
 * whole pesos when `total` is whole pesos; ties go to the earlier entry.
 */
function allocate(total: bigint, bases: readonly bigint[]): bigint[] {
  if (total === 0n) return bases.map(() => 0n);
  const sum = bases.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new RangeError('Taxes cannot be shared over a stay worth nothing');
  const step = total % 100n === 0n ? 100n : 1n;
  const steps = total / step;
  const shares = bases.map((base) => floorDiv(steps * base, sum));
  const remainders = bases.map((base, i) => steps * base - (shares[i] ?? 0n) * sum);
  let left = steps - shares.reduce((a, b) => a + b, 0n);
  const order = bases.map((_, i) => i);
  order.sort((a, b) => {
    const ra = remainders[a] ?? 0n;
    const rb = remainders[b] ?? 0n;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  for (const i of order) {
    if (left <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((share) => share * step);
}

export function stayEntries(stay: StayCharges): FolioEntryDraft[] {
  const drafts: { kind: 'lodging' | 'discount'; description: string; base: bigint }[] =
    stay.lines.map((line) => ({
      kind: 'lodging',
      description: line.description,
      base: toCentavos(line.amount),
    }));
  if (stay.discount !== null && stay.discount.amount !== 0) {
    drafts.push({
      kind: 'discount',
      description: stay.discount.code
        ? `Promo code ${stay.discount.code}`
        : `${stay.discount.name} discount`,
      base: -toCentavos(stay.discount.amount),
    });
  }
  const bases = drafts.map((draft) => draft.base);
  const vats = allocate(toCentavos(stay.vat), bases);
  const locals = allocate(toCentavos(stay.local_tax), bases);
  return drafts.map((draft, i): FolioEntryDraft => {
    const vat = vats[i] ?? 0n;
    const local = locals[i] ?? 0n;
    return {
      kind: draft.kind,
      description: draft.description,
      quantity: 1,
      unit_amount: toPesos(draft.base),
      amount: toPesos(stay.taxes_added ? draft.base + vat + local : draft.base),
      tax_treatment: 'vatable',
      vat_amount: toPesos(vat),
      local_tax_amount: toPesos(local),
      reverses_entry_id: null,
      reason: null,
    };
  });
}

export function stayLineDescription(unitName: string, nights: number): string {
  return `Stay: ${unitName}, ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** The entries of a new booking, from its quote (pricing.ts) and its units' names in order. */
export function stayEntriesFromQuote(
  quote: Quote,
  unitNames: readonly string[],
  taxMode: TaxMode,
): FolioEntryDraft[] {
  return stayEntries({
    lines: quote.units.map((line, i) => ({
      description: stayLineDescription(unitNames[i] ?? line.unit_id, quote.nights),
      amount: line.unit_total,
    })),
    discount: quote.discount,
    vat: quote.vat,
    local_tax: quote.local_tax,
    taxes_added: taxMode === 'exclusive',
  });
}
