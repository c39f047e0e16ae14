import { mulRatio, ratioFromInt, ratioOf, roundToNumber } from './exact-decimal';
import type { FolioEntryDraft, TaxTreatment } from './folio';
import { applyTaxes } from './pricing';
import type { PricingSettings } from './pricing';
import { EXTRA_LIMITS } from './extra-limits';
import type { Extra, ExtraChargePer, ExtraSelection } from './schemas/extra.schema';

/**
 * Issue 17 point 4: the price of an extra, by the same rules as a room (DESIGN §4, §8).
 * units = quantity × nights (per night) × persons (per person); net = price × units, rounded half
 * up to whole pesos (DESIGN §3); a VATable extra then gets VAT and local tax exactly as a stay's
 * subtotal does under the tax mode (pricing.ts applyTaxes: added when 'exclusive', inside the
 * price when 'inclusive', none when 'none'). An exempt or zero-rated extra carries neither VAT
 * nor local tax: DESIGN §8 adds both "when VATable" only.
 */

export type PricedExtraInput = Pick<Extra, 'name' | 'price' | 'charge_per' | 'tax_treatment'>;

/** The stay an extra is priced for: the booking's nights and guests (staff may give fewer). */
export interface ExtraStay {
  nights: number;
  persons: number;
}

export interface PricedExtra {
  /** quantity × nights and/or persons, as charge_per says. */
  units: number;
  unit_amount: number;
  /** price × units, whole pesos, before taxes are added. */
  net_amount: number;
  vat_amount: number;
  local_tax_amount: number;
  /** What the guest pays for the line. */
  amount: number;
  tax_treatment: TaxTreatment;
}

const PER_NIGHT: readonly ExtraChargePer[] = ['night', 'person_night'];
const PER_PERSON: readonly ExtraChargePer[] = ['person', 'person_night'];

function unitsOf(chargePer: ExtraChargePer, quantity: number, stay: ExtraStay): number {
  const nights = PER_NIGHT.includes(chargePer) ? stay.nights : 1;
  const persons = PER_PERSON.includes(chargePer) ? stay.persons : 1;
  return quantity * nights * persons;
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive whole number: ${value}`);
  }
}

export function priceExtra(
  extra: PricedExtraInput,
  quantity: number,
  stay: ExtraStay,
  settings: PricingSettings,
): PricedExtra {
  assertCount('Quantity', quantity);
  assertCount('Nights', stay.nights);
  assertCount('Persons', stay.persons);
  const units = unitsOf(extra.charge_per, quantity, stay);
  const net = roundToNumber(mulRatio(ratioOf(extra.price), ratioFromInt(BigInt(units))));
  const taxed =
    extra.tax_treatment === 'vatable'
      ? applyTaxes(net, settings)
      : { vat: 0, local_tax: 0, total: net };
  return {
    units,
    unit_amount: extra.price,
    net_amount: net,
    vat_amount: taxed.vat,
    local_tax_amount: taxed.local_tax,
    amount: taxed.total,
    tax_treatment: extra.tax_treatment,
  };
}

/** "Breakfast × 2 (2 guests × 3 nights)": what the folio line says was charged. */
function describeExtra(name: string, chargePer: ExtraChargePer, quantity: number, stay: ExtraStay) {
  const parts: string[] = [];
  if (PER_PERSON.includes(chargePer)) {
    parts.push(`${stay.persons} ${stay.persons === 1 ? 'guest' : 'guests'}`);
  }
  if (PER_NIGHT.includes(chargePer)) {
    parts.push(`${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'}`);
  }
  const times = quantity === 1 ? '' : ` × ${quantity}`;
  return parts.length === 0 ? `${name}${times}` : `${name}${times} (${parts.join(' × ')})`;
}

export const EXTRA_PRICING_MESSAGES = {
  notInCatalogue: 'This extra is not in the catalogue',
  notBookable: 'This extra cannot be booked online; ask the resort',
  lineTooLarge: `An extra line cannot exceed ₱${EXTRA_LIMITS.line_max.toLocaleString('en-US')}; lower the quantity`,
} as const;

export type PricedSelectionLine = PricedExtra &
  Pick<Extra, 'extra_id' | 'name' | 'charge_per'> & { quantity: number };

/**
 * The extras a quote or booking asks for, priced. An id that is not an active extra of the
 * catalogue (or, for a guest, not a guest-bookable one) or a line above EXTRA_LIMITS.line_max
 * answers the index and the reason instead, for a 400 at `extras.<index>`.
 */
export function priceExtraSelection(
  selection: ExtraSelection,
  catalogue: readonly Extra[],
  stay: ExtraStay,
  settings: PricingSettings,
  asGuest: boolean,
):
  | { ok: true; lines: PricedSelectionLine[]; total: number }
  | { ok: false; index: number; message: string } {
  const byId = new Map(catalogue.map((extra) => [extra.extra_id.toLowerCase(), extra]));
  const lines: PricedSelectionLine[] = [];
  for (const [index, { extra_id, quantity }] of selection.entries()) {
    const extra = byId.get(extra_id.toLowerCase());
    if (extra === undefined || !extra.active) {
      return { ok: false, index, message: EXTRA_PRICING_MESSAGES.notInCatalogue };
    }
    if (asGuest && !extra.guest_bookable) {
      return { ok: false, index, message: EXTRA_PRICING_MESSAGES.notBookable };
    }
    const priced = priceExtra(extra, quantity, stay, settings);
    if (priced.amount > EXTRA_LIMITS.line_max) {
      return { ok: false, index, message: EXTRA_PRICING_MESSAGES.lineTooLarge };
    }
    lines.push({
      ...priced,
      extra_id: extra.extra_id,
      name: extra.name,
      charge_per: extra.charge_per,
      quantity,
    });
  }
  return { ok: true, lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}

/**
 * The folio charge for a priced line (priceExtraSelection, which refuses what may not be
 * charged); a staff note becomes the entry's reason.
 */
export function extraEntry(
  line: PricedSelectionLine,
  stay: ExtraStay,
  note: string | null = null,
): FolioEntryDraft {
  return {
    kind: 'extra',
    description: describeExtra(line.name, line.charge_per, line.quantity, stay),
    quantity: line.units,
    unit_amount: line.unit_amount,
    amount: line.amount,
    tax_treatment: line.tax_treatment,
    vat_amount: line.vat_amount,
    local_tax_amount: line.local_tax_amount,
    reverses_entry_id: null,
    reason: note,
  };
}
