import { negatePesos, sumCentavos, toCentavos, toPesos } from './centavos';
import { mulRatio, ratioOf, roundToNumber } from './exact-decimal';
import { activeEntries } from './folio';
import type { FolioEntry, FolioEntryDraft } from './folio';
import type { PricingSettings } from './pricing';

/**
 * Senior citizens (RA 9994 §4(a)) and persons with disability (RA 10754): their share of a lodging
 * charge is VAT-exempt and 20% off its VAT-exclusive amount. docs/decisions/0017 has the rule and
 * worked examples; in short, with net the charge's VAT-exclusive amount (after the booking's own
 * discount), e eligible guests of g:
 *   exempt  E = round(net × e ÷ g)            no VAT; local tax = round(local rate × E)
 *   vatable N = net − E                       VAT = round(VAT rate × N), local = round(local × N)
 *   discount D = round(20% × E)               its local tax = −round(local rate × D)
 * every round half up to whole pesos (DESIGN §3), the same in every tax mode except 'none',
 * which has no VAT or local tax to compute.
 */

/** Statutory, not a setting. */
export const SENIOR_PWD_DISCOUNT_RATE = 0.2;

export interface SeniorPwdInput {
  /** The lodging charge's VAT-exclusive amount, pesos (stayNet of the folio). */
  net_amount: number;
  guests: number;
  eligible_guests: number;
  settings: Pick<PricingSettings, 'tax_mode' | 'vat_rate' | 'local_tax_rate'>;
}

export interface SeniorPwdPart {
  net: number;
  vat: number;
  local_tax: number;
  /** net + vat + local_tax */
  amount: number;
}

export interface SeniorPwdBreakdown {
  /** The non-eligible guests' share, VATable. */
  vatable: SeniorPwdPart;
  /** The eligible guests' share before the discount, VAT-exempt (vat 0). */
  exempt: SeniorPwdPart;
  /** The 20% discount on the exempt share: every figure negative (or 0). */
  discount: SeniorPwdPart;
  /** What the guest pays for the lodging charge: the three parts added. */
  total: number;
}

const rounded = (amount: number, rate: number): number =>
  roundToNumber(mulRatio(ratioOf(amount), ratioOf(rate)));

function part(net: number, vat: number, localTax: number): SeniorPwdPart {
  const amount = toPesos(toCentavos(net) + toCentavos(vat) + toCentavos(localTax));
  return { net, vat, local_tax: localTax, amount };
}

export function seniorPwdBreakdown(input: SeniorPwdInput): SeniorPwdBreakdown {
  const { guests, eligible_guests: eligible, settings } = input;
  if (!Number.isInteger(guests) || guests < 1) throw new RangeError(`Guests: ${guests}`);
  if (!Number.isInteger(eligible) || eligible < 0 || eligible > guests) {
    throw new RangeError(`Eligible guests must be 0 to ${guests}: ${eligible}`);
  }
  const taxed = settings.tax_mode !== 'none';
  const vatRate = taxed ? settings.vat_rate : 0;
  const localRate = taxed ? settings.local_tax_rate : 0;

  const net = toCentavos(input.net_amount);
  const exemptNet = roundToNumber({ n: net * BigInt(eligible), d: 100n * BigInt(guests) });
  const vatableNet = toPesos(net - toCentavos(exemptNet));
  const discount = rounded(exemptNet, SENIOR_PWD_DISCOUNT_RATE);

  const vatable = part(vatableNet, rounded(vatableNet, vatRate), rounded(vatableNet, localRate));
  const exempt = part(exemptNet, 0, rounded(exemptNet, localRate));
  const discountPart = part(negatePesos(discount), 0, negatePesos(rounded(discount, localRate)));
  const total = toPesos(
    sumCentavos([vatable, exempt, discountPart].map((p) => toCentavos(p.amount))),
  );
  return { vatable, exempt, discount: discountPart, total };
}

/** The lodging, discount and senior/PWD entries in force: what a new split replaces. */
export function activeStayEntries(entries: readonly FolioEntry[]): FolioEntry[] {
  const stayKinds = new Set(['lodging', 'discount', 'senior_pwd_discount']);
  return activeEntries(entries).filter((entry) => stayKinds.has(entry.kind));
}

/**
 * The VAT-exclusive amount of the stay in force: its lodging and discount entries less their
 * taxes (a senior/PWD split already posted adds back up to it, its discount left out).
 */
export function stayNet(entries: readonly FolioEntry[]): number {
  const lines = activeStayEntries(entries).filter((entry) => entry.kind !== 'senior_pwd_discount');
  return toPesos(
    sumCentavos(
      lines.map(
        (entry) =>
          toCentavos(entry.amount) -
          toCentavos(entry.vat_amount) -
          toCentavos(entry.local_tax_amount),
      ),
    ),
  );
}

function draft(
  kind: 'lodging' | 'senior_pwd_discount',
  description: string,
  taxTreatment: FolioEntryDraft['tax_treatment'],
  p: SeniorPwdPart,
): FolioEntryDraft {
  return {
    kind,
    description,
    quantity: 1,
    unit_amount: p.net,
    amount: p.amount,
    tax_treatment: taxTreatment,
    vat_amount: p.vat,
    local_tax_amount: p.local_tax,
    reverses_entry_id: null,
    reason: null,
  };
}

/**
 * The entries of a split stay (posted after reversing activeStayEntries): the VATable share, the
 * VAT-exempt share and the 20% discount, each left out when it is zero.
 */
export function seniorPwdEntries(
  breakdown: SeniorPwdBreakdown,
  guests: number,
  eligibleGuests: number,
  description: string,
): FolioEntryDraft[] {
  const others = guests - eligibleGuests;
  const entries: FolioEntryDraft[] = [];
  if (breakdown.vatable.net !== 0) {
    entries.push(
      draft(
        'lodging',
        `${description} (${others} of ${guests} guests)`,
        'vatable',
        breakdown.vatable,
      ),
    );
  }
  if (breakdown.exempt.net !== 0) {
    const share = `senior citizen/PWD share, ${eligibleGuests} of ${guests} guests, VAT-exempt`;
    entries.push(draft('lodging', `${description} (${share})`, 'exempt', breakdown.exempt));
  }
  if (breakdown.discount.net !== 0) {
    entries.push(
      draft(
        'senior_pwd_discount',
        'Senior citizen/PWD discount (20%)',
        'exempt',
        breakdown.discount,
      ),
    );
  }
  return entries;
}
