import { priceExtra } from '../../../../domain/extras-pricing';
import type { PricedExtra } from '../../../../domain/extras-pricing';
import type { FolioEntryKind, TaxTreatment } from '../../../../domain/folio';
import { maxLengthMessage, REQUIRED } from '../../../../domain/messages';
import { DEFAULT_PRICING_SETTINGS } from '../../../../domain/pricing';
import type { PricingSettings } from '../../../../domain/pricing';
import type { Extra } from '../../../../domain/schemas/extra.schema';
import { extraQuantityMessage } from '../../../../domain/extra-limits';
import type { FolioEntryDto } from '../../../../domain/schemas/folio.schema';

/*
 * What the Folio card and its dialogs show, as pure functions (unit-tested without a browser).
 */

export const TAX_TREATMENT_LABELS: Readonly<Record<TaxTreatment, string>> = {
  vatable: 'VATable',
  exempt: 'VAT-exempt',
  zero_rated: 'Zero-rated',
};

export const ENTRY_KIND_LABELS: Readonly<Record<FolioEntryKind, string>> = {
  lodging: 'Lodging',
  extra: 'Extra',
  fee: 'Fee',
  discount: 'Discount',
  senior_pwd_discount: 'Senior/PWD discount',
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Reversal',
};

export interface FolioRow {
  entry: FolioEntryDto;
  /** The entry that reverses this one, if any: the row is shown struck through with its reason. */
  reversedBy: FolioEntryDto | null;
  /** Money moved (a payment, a refund), not a sale: no tax treatment to show. */
  isCredit: boolean;
  /** A manager may still reverse it: neither a reversal nor reversed already. */
  isReversible: boolean;
}

function isCreditKind(kind: FolioEntryKind): boolean {
  return kind === 'payment' || kind === 'refund';
}

/** The entries in the order the server keeps them, each with what reverses it. */
export function folioRows(entries: readonly FolioEntryDto[]): FolioRow[] {
  const byId = new Map(entries.map((entry) => [entry.entry_id, entry]));
  const reversals = new Map<string, FolioEntryDto>();
  for (const entry of entries) {
    if (entry.kind === 'reversal' && entry.reverses_entry_id !== null) {
      reversals.set(entry.reverses_entry_id, entry);
    }
  }
  return entries.map((entry) => {
    const reversedBy = reversals.get(entry.entry_id) ?? null;
    // A reversal counts as the kind it reverses (domain/folio.ts).
    const target =
      entry.kind === 'reversal' && entry.reverses_entry_id !== null
        ? byId.get(entry.reverses_entry_id)
        : undefined;
    const countedKind = target?.kind ?? entry.kind;
    return {
      entry,
      reversedBy,
      isCredit: isCreditKind(countedKind),
      isReversible: entry.kind !== 'reversal' && reversedBy === null,
    };
  });
}

/** The live preview's settings: the resort's public tax settings over the pricing defaults. */
export function previewSettings(
  tax: Pick<PricingSettings, 'tax_mode' | 'vat_rate' | 'local_tax_rate'>,
): PricingSettings {
  return {
    ...DEFAULT_PRICING_SETTINGS,
    tax_mode: tax.tax_mode,
    vat_rate: tax.vat_rate,
    local_tax_rate: tax.local_tax_rate,
  };
}

/**
 * What the server will charge for `quantity` of `extra` on this booking (extras-pricing.ts, the
 * module the server prices with), or null while the choice is incomplete.
 */
export function previewCharge(
  extra: Extra | undefined,
  quantity: number | null,
  stay: { nights: number; num_guests: number },
  settings: PricingSettings,
): PricedExtra | null {
  if (!extra || extraQuantityMessage(quantity) !== null || quantity === null) return null;
  if (!Number.isInteger(stay.nights) || stay.nights < 1) return null;
  if (!Number.isInteger(stay.num_guests) || stay.num_guests < 1) return null;
  return priceExtra(extra, quantity, { nights: stay.nights, persons: stay.num_guests }, settings);
}

/** A senior citizen or PWD ID number as the form takes it. */
export const SENIOR_PWD_ID_MAX = 50;

export interface SeniorPwdFormIssues {
  eligible_guests: string | null;
  /** One message (or null) per ID field shown. */
  id_numbers: (string | null)[];
}

export function eligibleGuestsMessage(guests: number): string {
  return `Eligible guests must be a whole number from 0 to ${guests}`;
}

/** The Senior/PWD form's messages: 0..guests eligible, one required ID number each. */
export function seniorPwdFormIssues(
  eligible: number | null,
  guests: number,
  idNumbers: readonly string[],
): SeniorPwdFormIssues {
  const eligibleOk = eligible !== null && Number.isInteger(eligible) && eligible >= 0;
  const inRange = eligibleOk && eligible <= guests;
  const shown = inRange ? eligible : 0;
  return {
    eligible_guests: inRange ? null : eligibleGuestsMessage(guests),
    id_numbers: Array.from({ length: shown }, (_, index) => {
      const text = (idNumbers[index] ?? '').trim();
      if (text === '') return REQUIRED;
      return text.length > SENIOR_PWD_ID_MAX ? maxLengthMessage(SENIOR_PWD_ID_MAX) : null;
    }),
  };
}

export function hasSeniorPwdIssues(issues: SeniorPwdFormIssues): boolean {
  return issues.eligible_guests !== null || issues.id_numbers.some((message) => message !== null);
}
