import type { FolioEntry, FolioEntryDraft } from './folio';
import { DEFAULT_PRICING_SETTINGS } from './pricing';
import type { PricingUnit, QuoteInput } from './pricing';

/** Test data of the folio's unit tests: DESIGN §4's three worked examples and entry ids. */

const cabin = (
  unit_id: string,
  base_rate: number,
  weekend_rate: number,
  extra_person_rate: number,
): PricingUnit => ({ unit_id, base_rate, weekend_rate, base_occupancy: 2, extra_person_rate });

export const CABIN_A = cabin('A', 3000, 3000, 500);
export const CABIN_B = cabin('B', 4500, 5500, 750);
export const CABIN_C = cabin('C', 2500, 2500, 400);

/** DESIGN §4 cases 1 to 3, with their totals: 11458, 44635 and 70417. */
export const DESIGN_EXAMPLES: readonly { input: QuoteInput; names: string[]; total: number }[] = [
  {
    input: {
      units: [{ unit: CABIN_A, num_guests: 3 }],
      check_in: '2027-06-10',
      check_out: '2027-06-13',
      today: '2027-06-01',
      settings: DEFAULT_PRICING_SETTINGS,
    },
    names: ['Cabin A'],
    total: 11458,
  },
  {
    input: {
      units: [{ unit: CABIN_B, num_guests: 2 }],
      check_in: '2027-12-30',
      check_out: '2028-01-04',
      today: '2027-10-01',
      settings: DEFAULT_PRICING_SETTINGS,
    },
    names: ['Cabin B'],
    total: 44635,
  },
  {
    input: {
      units: [
        { unit: CABIN_A, num_guests: 2 },
        { unit: CABIN_B, num_guests: 4 },
        { unit: CABIN_C, num_guests: 3 },
      ],
      check_in: '2027-03-26',
      check_out: '2027-03-29',
      today: '2027-03-10',
      settings: DEFAULT_PRICING_SETTINGS,
    },
    names: ['Cabin A', 'Cabin B', 'Cabin C'],
    total: 70417,
  },
];

export const BOOKING = 'c56a4180-65aa-42ec-a945-5fd21dec0538';

/** Stored entries from drafts: ids e1, e2, ... in order, all of BOOKING. */
export function stored(drafts: readonly FolioEntryDraft[], firstId = 1): FolioEntry[] {
  return drafts.map((draft, i) => ({ ...draft, entry_id: `e${firstId + i}`, booking_id: BOOKING }));
}

/** A plain entry of `kind` for `amount` pesos, no tax. */
export function plainEntry(kind: FolioEntryDraft['kind'], amount: number): FolioEntryDraft {
  return {
    kind,
    description: kind,
    quantity: 1,
    unit_amount: amount,
    amount,
    tax_treatment: kind === 'lodging' || kind === 'extra' ? 'vatable' : 'exempt',
    vat_amount: 0,
    local_tax_amount: 0,
    reverses_entry_id: null,
    reason: null,
  };
}
