import { extraQuantityMessage } from '../../../domain/extra-limits';
import { formatCurrency } from '../../../domain/format';
import type {
  ExtraChargePer,
  ExtraSelection,
  PublicExtra,
} from '../../../domain/schemas/extra.schema';
import { CHARGE_PER_LABELS } from '../extras/extra-labels';

/*
 * Issue 17 point 4: the extras a guest picks on the booking form, as pure functions. A choice
 * keeps its quantity when unticked, so ticking it again restores what the guest typed.
 */

export interface ExtraChoice {
  checked: boolean;
  /** As typed: null while the field is empty. */
  quantity: number | null;
}

export type ExtraChoices = Readonly<Record<string, ExtraChoice>>;

/**
 * One of the extra for each unit it is charged by (extras-pricing.ts multiplies the quantity by
 * the nights and/or guests): one breakfast for every guest every night, one transfer per guest.
 */
export const DEFAULT_EXTRA_QUANTITY = 1;

/** Ticks or unticks an extra; a tick brings a usable quantity (the one typed, else 1). */
export function checkExtra(choices: ExtraChoices, extraId: string, checked: boolean): ExtraChoices {
  const current = choices[extraId];
  const kept = current?.quantity ?? null;
  const quantity = checked && extraQuantityMessage(kept) !== null ? DEFAULT_EXTRA_QUANTITY : kept;
  return { ...choices, [extraId]: { checked, quantity } };
}

export function changeExtraQuantity(
  choices: ExtraChoices,
  extraId: string,
  quantity: number | null,
): ExtraChoices {
  return { ...choices, [extraId]: { checked: choices[extraId]?.checked ?? true, quantity } };
}

export interface PickedExtras {
  /** What POST /api/quote and POST /api/guest-booking are sent, in the catalogue's order. */
  selection: ExtraSelection;
  /** Ticked extras whose quantity the schema would refuse, with the schema's message. */
  invalid: { extra_id: string; message: string }[];
}

/** The ticked extras still offered (the catalogue may have changed since they were ticked). */
export function pickedExtras(
  choices: ExtraChoices,
  offered: readonly Pick<PublicExtra, 'extra_id'>[],
): PickedExtras {
  const picked: PickedExtras = { selection: [], invalid: [] };
  for (const { extra_id } of offered) {
    const choice = choices[extra_id];
    if (!choice?.checked) continue;
    const message = extraQuantityMessage(choice.quantity);
    if (message === null && choice.quantity !== null) {
      picked.selection.push({ extra_id, quantity: choice.quantity });
    } else {
      picked.invalid.push({ extra_id, message: message ?? '' });
    }
  }
  return picked;
}

/** What one of the quantity stands for, as extras-pricing.ts counts it. */
const QUANTITY_HINTS: Readonly<Record<ExtraChargePer, string>> = {
  stay: 'For the whole stay.',
  night: 'For each night of the stay.',
  person: 'For each guest.',
  person_night: 'For each guest, each night.',
};

export function quantityHint(chargePer: ExtraChargePer): string {
  return QUANTITY_HINTS[chargePer];
}

/**
 * "₱350.00 per guest per night + 13% taxes": the catalogue's price is before tax (DESIGN §8); a
 * VATable extra is taxed as the rooms are (`taxNote`, rate-tax-note.ts), the others are not.
 */
export function extraPriceText(
  extra: Pick<PublicExtra, 'price' | 'charge_per' | 'tax_treatment'>,
  taxNote: string | null,
): string {
  const price = `${formatCurrency(extra.price)} ${CHARGE_PER_LABELS[extra.charge_per]}`;
  return extra.tax_treatment === 'vatable' && taxNote ? `${price} ${taxNote}` : price;
}
