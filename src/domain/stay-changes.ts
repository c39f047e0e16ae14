import { sumCentavos, toCentavos, toPesos } from './centavos';
import { roundHalfUp } from './exact-decimal';
import type { FolioEntry, FolioEntryDraft } from './folio';
import type { RatePlan } from './pricing';

/**
 * Issue 22: the money of an early departure. The stay's entries in force (lodging, discount,
 * senior/PWD) are what the booked nights cost together; the nights kept keep their share of each
 * entry, by number of nights (kept ÷ booked, each figure rounded half up to the centavo), and the
 * released nights' share comes off the bill.
 *
 * The refund rule: a stay sold on the flexible rate gives the released nights back; the
 * non-refundable rate (issue 21, refund.ts's forfeit) keeps them charged, as does staff choosing
 * "no refund". Money already paid beyond the new charges is the guest's credit on the folio
 * (balance below zero), refunded with the folio's refund like any overpayment.
 */

function share(centavos: bigint, kept: number, booked: number): bigint {
  return roundHalfUp({ n: centavos * BigInt(kept), d: BigInt(booked) });
}

/** The stay's entries for `kept` of its `booked` nights (what replaces the entries in force). */
export function keptStayEntries(
  stay: readonly FolioEntry[],
  kept: number,
  booked: number,
): FolioEntryDraft[] {
  if (kept <= 0 || kept > booked)
    throw new RangeError('kept nights must be 1 to the booked nights');
  return stay.map((entry) => ({
    kind: entry.kind,
    description: `${entry.description} (${kept} of ${booked} nights kept)`,
    quantity: entry.quantity,
    unit_amount: toPesos(share(toCentavos(entry.unit_amount), kept, booked)),
    amount: toPesos(share(toCentavos(entry.amount), kept, booked)),
    tax_treatment: entry.tax_treatment,
    vat_amount: toPesos(share(toCentavos(entry.vat_amount), kept, booked)),
    local_tax_amount: toPesos(share(toCentavos(entry.local_tax_amount), kept, booked)),
    reverses_entry_id: null,
    reason: null,
  }));
}

/** Σ amount of entries, in pesos (exact). */
export function entriesTotal(entries: readonly Pick<FolioEntryDraft, 'amount'>[]): number {
  return toPesos(sumCentavos(entries.map((entry) => toCentavos(entry.amount))));
}

/** Whether the released nights come off the bill: asked for, and not on the non-refundable rate. */
export function releasesCharges(refund: boolean, ratePlan: RatePlan): boolean {
  return refund && ratePlan !== 'non_refundable';
}

/** The nights from `from` up to (not including) `to`, 'YYYY-MM-DD'. */
export function nightsBetween(from: string, to: string): string[] {
  const nights: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) < to;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    nights.push(day.toISOString().slice(0, 10));
  }
  return nights;
}

/** Split a line's money (centavos) into the nights before and from a date, by nights. */
export function splitLineMoney(
  amount: number,
  movedNights: number,
  totalNights: number,
): { kept: number; moved: number } {
  const total = toCentavos(amount);
  const moved = share(total, movedNights, totalNights);
  return { kept: toPesos(total - moved), moved: toPesos(moved) };
}

export const STAY_CHANGE_MESSAGES = {
  locked: (status: string) =>
    `The stay of a ${status === 'CheckedOut' ? 'checked-out' : 'cancelled'} booking cannot be changed.`,
  earlyCheckOut: 'The new check-out must be after check-in and before the booked check-out.',
  laterCheckOut: 'The new check-out must be after the booked check-out.',
  nightsTaken: (unit: string, nights: readonly string[]) =>
    `${unit} is not free on ${nights.join(', ')}.`,
  notInCabin: 'The guest is not in that cabin on that date.',
  fromDateOutside: 'Choose a date from check-in up to the night before check-out.',
  unitNotFound: 'The selected cabin does not exist.',
  unitNotBookable: (unit: string) => `${unit} is not available for booking.`,
  tooManyGuests: (unit: string, max: number) =>
    `${unit} allows at most ${max} guest${max === 1 ? '' : 's'}.`,
  splitStay:
    "This stay is split over several cabins or dates: change it with the front desk's stay changes (early departure, extend, move).",
} as const;
