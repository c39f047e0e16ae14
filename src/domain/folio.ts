import { maxCentavos, negatePesos, toCentavos, toPesos } from './centavos';

/**
 * The folio (issue 17, DESIGN §8): a booking's append-only ledger. Every money figure of a booking
 * is derived here from its entries; nothing else stores money of a booking.
 *
 * Signs: balance = Σ amount, positive when the guest owes the resort.
 * - charges: lodging, extra, fee (positive); discount, senior_pwd_discount (negative);
 * - credits: payment (negative: money in); refund (positive: money given back, which undoes part
 *   of a payment, so it raises the balance again);
 * - reversal: the exact negation of the entry it reverses, and counted with that entry's kind.
 *
 * A proof awaiting verification is not an entry: it is not money yet, and the folio stays
 * append-only if its payment entry is posted when staff verify it (a staff-recorded payment is
 * verified at once, DESIGN §3). A rejected proof therefore never touches the folio, and a
 * verified payment found false later is reversed.
 */

const FOLIO_CHARGE_KINDS = ['lodging', 'extra', 'fee', 'discount', 'senior_pwd_discount'] as const;
const FOLIO_CREDIT_KINDS = ['payment', 'refund'] as const;
export const FOLIO_ENTRY_KINDS = [
  ...FOLIO_CHARGE_KINDS,
  ...FOLIO_CREDIT_KINDS,
  'reversal',
] as const;
export type FolioEntryKind = (typeof FOLIO_ENTRY_KINDS)[number];
type OriginalKind = Exclude<FolioEntryKind, 'reversal'>;

/** How a charge is taxed; payments and refunds are 'exempt' with no tax (they are not sales). */
export const TAX_TREATMENTS = ['vatable', 'exempt', 'zero_rated'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

export const FOLIO_PAYMENT_STATUSES = [
  'Unpaid',
  'Pending verification',
  'Deposit paid',
  'Paid',
  'Overpaid',
  'Refunded',
] as const;
export type FolioPaymentStatus = (typeof FOLIO_PAYMENT_STATUSES)[number];

/** An entry before it is stored. Money in pesos, at most two decimals. */
export interface FolioEntryDraft {
  kind: FolioEntryKind;
  description: string;
  /** A positive whole number: nights × persons × the quantity asked for an extra; 1 otherwise. */
  quantity: number;
  /** The price of one unit as listed (before taxes are added); negative on discounts and credits. */
  unit_amount: number;
  /** What the entry adds to the balance, taxes included. */
  amount: number;
  tax_treatment: TaxTreatment;
  /** The VAT inside `amount` (0 unless VATable). */
  vat_amount: number;
  /** The local tax inside `amount`. */
  local_tax_amount: number;
  reverses_entry_id: string | null;
  reason: string | null;
}

export interface FolioEntry extends FolioEntryDraft {
  entry_id: string;
  booking_id: string;
}

/** What the totals need of an entry. */
export type FolioLine = Pick<FolioEntry, 'entry_id' | 'kind' | 'amount' | 'reverses_entry_id'>;

export const FOLIO_MESSAGES = {
  reasonRequired: 'A reason is required to reverse an entry',
  notOnFolio: "This entry is not on this booking's folio",
  reversalOfReversal: 'A reversal cannot be reversed; post a new entry instead',
  alreadyReversed: 'This entry has already been reversed',
  refundsExceedPayments:
    'Reversing this payment would leave more refunded than paid; reverse the refund first',
  wrongSign: (kind: FolioEntryKind) => `The amount has the wrong sign for a ${kind} entry`,
  notCentavos: 'Amounts must be whole centavos',
  badQuantity: 'Quantity must be a positive whole number',
  taxOnUntaxed: 'Only a VATable entry carries VAT',
  taxLargerThanAmount: 'The taxes of an entry cannot exceed its amount',
} as const;

/** The sign each kind's amount must have (reversals: the opposite of their target's). */
const SIGN: Readonly<Record<OriginalKind, 1 | -1>> = {
  lodging: 1,
  extra: 1,
  fee: 1,
  discount: -1,
  senior_pwd_discount: -1,
  payment: -1,
  refund: 1,
};

function isWholeCentavos(value: number): boolean {
  try {
    toCentavos(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a new non-reversal entry is malformed, or null. Guards the one place entries are written,
 * so a bug in a caller cannot put a charge on the credit side. A zero amount is allowed (a free
 * extra still shows on the folio).
 */
export function entryDraftIssue(draft: FolioEntryDraft): string | null {
  if (!Number.isInteger(draft.quantity) || draft.quantity < 1) return FOLIO_MESSAGES.badQuantity;
  const money = [draft.amount, draft.unit_amount, draft.vat_amount, draft.local_tax_amount];
  if (!money.every(isWholeCentavos)) return FOLIO_MESSAGES.notCentavos;
  if (draft.kind === 'reversal') return null;
  const sign = SIGN[draft.kind];
  if (draft.amount * sign < 0) return FOLIO_MESSAGES.wrongSign(draft.kind);
  if (draft.tax_treatment !== 'vatable' && draft.vat_amount !== 0) {
    return FOLIO_MESSAGES.taxOnUntaxed;
  }
  const taxes = toCentavos(draft.vat_amount) + toCentavos(draft.local_tax_amount);
  if (taxes * BigInt(sign) > toCentavos(draft.amount) * BigInt(sign)) {
    return FOLIO_MESSAGES.taxLargerThanAmount;
  }
  return null;
}

/** The kind an entry counts as: its own, or for a reversal the kind of the entry it reverses. */
function countedKinds(lines: readonly FolioLine[]): Map<FolioLine, OriginalKind> {
  const byId = new Map(lines.map((line) => [line.entry_id, line]));
  const kinds = new Map<FolioLine, OriginalKind>();
  for (const line of lines) {
    if (line.kind !== 'reversal') {
      kinds.set(line, line.kind);
      continue;
    }
    const target = line.reverses_entry_id === null ? undefined : byId.get(line.reverses_entry_id);
    if (target === undefined || target.kind === 'reversal') {
      throw new RangeError(`Reversal ${line.entry_id} has no reversible entry on this folio`);
    }
    kinds.set(line, target.kind);
  }
  return kinds;
}

export interface FolioSummaryInput {
  entries: readonly FolioLine[];
  /** What the deposit setting asks of this booking (deposit.ts), in pesos. */
  deposit_amount: number;
  /** A payment proof of this booking awaits verification. */
  has_pending_proof: boolean;
  /** The booking is Cancelled: a refund then settles it, whatever the resort kept. */
  cancelled: boolean;
}

export interface FolioSummary {
  charges_total: number;
  /** Verified payments less refunds: what the resort holds of the guest's money. */
  paid_total: number;
  refunded_total: number;
  /** charges_total − paid_total = Σ amount; negative when the guest has a credit. */
  balance: number;
  payment_status: FolioPaymentStatus;
}

/**
 * The booking's payment status, the first rule that holds (C charges, P paid_total, R refunded,
 * B = C − P, D the deposit):
 * 1. B < 0                                               → Overpaid (a credit to refund or carry)
 * 2. R > 0, no proof pending, and P ≤ 0 or cancelled     → Refunded
 * 3. B = 0 and C > 0                                     → Paid
 * 4. P > 0 and P ≥ D                                     → Deposit paid (a balance remains)
 * 5. a proof awaits verification                         → Pending verification
 * 6. otherwise                                           → Unpaid (verified money, if any, does
 *                                                          not yet cover the deposit)
 */
function paymentStatusOf(
  totals: { charges: bigint; paid: bigint; refunded: bigint },
  input: FolioSummaryInput,
): FolioPaymentStatus {
  const { charges, paid, refunded } = totals;
  const balance = charges - paid;
  if (balance < 0n) return 'Overpaid';
  if (refunded > 0n && !input.has_pending_proof && (paid <= 0n || input.cancelled)) {
    return 'Refunded';
  }
  if (balance === 0n && charges > 0n) return 'Paid';
  if (paid > 0n && paid >= toCentavos(input.deposit_amount)) return 'Deposit paid';
  return input.has_pending_proof ? 'Pending verification' : 'Unpaid';
}

/** DESIGN §8: the totals and payment status of a folio. */
export function summarizeFolio(input: FolioSummaryInput): FolioSummary {
  const kinds = countedKinds(input.entries);
  let charges = 0n;
  let payments = 0n;
  let refunded = 0n;
  for (const line of input.entries) {
    const amount = toCentavos(line.amount);
    const kind = kinds.get(line);
    if (kind === 'payment') payments -= amount;
    else if (kind === 'refund') refunded += amount;
    else charges += amount;
  }
  const paid = payments - refunded;
  return {
    charges_total: toPesos(charges),
    paid_total: toPesos(paid),
    refunded_total: toPesos(refunded),
    balance: toPesos(charges - paid),
    payment_status: paymentStatusOf({ charges, paid, refunded }, input),
  };
}

/** The entries still in force: neither a reversal nor reversed. */
export function activeEntries<T extends FolioLine>(entries: readonly T[]): T[] {
  const reversed = new Set(entries.map((entry) => entry.reverses_entry_id));
  return entries.filter((entry) => entry.kind !== 'reversal' && !reversed.has(entry.entry_id));
}

/** For totals only: the status rules then have nothing to read. */
const NO_STATUS_INPUT = { deposit_amount: 0, has_pending_proof: false, cancelled: false } as const;

export type ReversalIssue =
  | 'reason_required'
  | 'not_on_folio'
  | 'reversal_of_reversal'
  | 'already_reversed'
  | 'refunds_exceed_payments';

/**
 * Why `entryId` may not be reversed on the folio `entries` (all of one booking), or null.
 * The service answers 400 for a missing reason, 404 for an entry not on this folio, 409 else.
 */
export function reversalIssue(
  entries: readonly FolioLine[],
  entryId: string,
  reason: string | null | undefined,
): { issue: ReversalIssue; message: string } | null {
  if (!reason || reason.trim() === '') {
    return { issue: 'reason_required', message: FOLIO_MESSAGES.reasonRequired };
  }
  const target = entries.find((entry) => entry.entry_id === entryId);
  if (target === undefined) return { issue: 'not_on_folio', message: FOLIO_MESSAGES.notOnFolio };
  if (target.kind === 'reversal') {
    return { issue: 'reversal_of_reversal', message: FOLIO_MESSAGES.reversalOfReversal };
  }
  if (entries.some((entry) => entry.reverses_entry_id === entryId)) {
    return { issue: 'already_reversed', message: FOLIO_MESSAGES.alreadyReversed };
  }
  if (target.kind === 'payment') {
    // A refund never exceeds what was paid, and that must stay true once the payment goes.
    const held = toCentavos(summarizeFolio({ ...NO_STATUS_INPUT, entries }).paid_total);
    if (held + toCentavos(target.amount) < 0n) {
      return { issue: 'refunds_exceed_payments', message: FOLIO_MESSAGES.refundsExceedPayments };
    }
  }
  return null;
}

/** The entry that cancels `target` exactly (amount and taxes negated), with its reason. */
export function reversalOf(target: FolioEntry, reason: string): FolioEntryDraft {
  return {
    kind: 'reversal',
    description: `Reversal: ${target.description}`,
    quantity: target.quantity,
    unit_amount: negatePesos(target.unit_amount),
    amount: negatePesos(target.amount),
    tax_treatment: target.tax_treatment,
    vat_amount: negatePesos(target.vat_amount),
    local_tax_amount: negatePesos(target.local_tax_amount),
    reverses_entry_id: target.entry_id,
    reason: reason.trim(),
  };
}

/** What the guest still owes (never below 0) and the credit an overpayment leaves (never below 0). */
export function balanceParts(summary: Pick<FolioSummary, 'balance'>): {
  due: number;
  credit: number;
} {
  const balance = toCentavos(summary.balance);
  return { due: toPesos(maxCentavos(balance, 0n)), credit: toPesos(maxCentavos(-balance, 0n)) };
}

/**
 * The entry of a verified payment (`amount` pesos in, posted negative) or of a refund (posted
 * positive: it gives back part of what was paid). Money moved is not a sale: no tax.
 */
export function creditEntry(
  kind: 'payment' | 'refund',
  amount: number,
  description: string,
  reason: string | null = null,
): FolioEntryDraft {
  const signed = kind === 'payment' ? negatePesos(amount) : amount;
  return {
    kind,
    description,
    quantity: 1,
    unit_amount: signed,
    amount: signed,
    tax_treatment: 'exempt',
    vat_amount: 0,
    local_tax_amount: 0,
    reverses_entry_id: null,
    reason,
  };
}
