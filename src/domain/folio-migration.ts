import { sumCentavos, toCentavos, toPesos } from './centavos';
import { PAYMENT_METHOD_LABELS } from './constants';
import type { PaymentMethod } from './constants';
import { diffDays } from './dates';
import type { IsoDate } from './dates';
import { creditEntry } from './folio';
import type { FolioEntryDraft } from './folio';
import { stayEntries, stayLineDescription } from './folio-stay';

/**
 * Issue 17 point 1: the folio of a booking made before the folio, from its stored figures, such
 * that its charges_total is the booking's total_amount and its paid_total the booking's net paid
 * (Completed less Refunded, payment-status.ts netPaid), to the centavo.
 *
 * - One lodging entry per line with a priced `subtotal`, one discount entry, and the booking's
 *   VAT and local tax shared over them (folio-stay.ts). The taxes were added to the total when
 *   total = lines − discount + VAT + local tax ('exclusive'), inside it when total = lines −
 *   discount ('inclusive' or 'none').
 * - When the stored figures do not add up so (rows written before the lines carried prices, as in
 *   the benchmark data set), the lines and discount carry no tax and one entry carries the
 *   difference to total_amount: a lodging entry "Stay charges recorded before the folio" when
 *   positive, with the booking's VAT and local tax inside when they fit in it; a discount entry
 *   "Adjustment recorded before the folio" when negative.
 * - Completed payments become payment entries, Refunded ones refund entries. Pending proofs stay
 *   in the verification queue (their entry is posted when verified) and Failed ones move no money.
 */

export interface LegacyBooking {
  check_in: IsoDate;
  check_out: IsoDate;
  discount_name: string | null;
  discount_amount: number;
  vat_amount: number;
  local_tax_amount: number;
  total_amount: number;
  lines: readonly { unit_name: string; subtotal: number }[];
  payments: readonly {
    payment_id: string;
    payment_amount: number;
    payment_method: string;
    payment_status: string;
  }[];
}

export type MigratedEntry = FolioEntryDraft & { payment_id: string | null };

const ADJUSTMENT = {
  lodging: 'Stay charges recorded before the folio',
  discount: 'Adjustment recorded before the folio',
} as const;

function chargeEntries(booking: LegacyBooking): FolioEntryDraft[] {
  const nights = diffDays(booking.check_out, booking.check_in);
  const lines = booking.lines
    .filter((line) => line.subtotal !== 0)
    .map((line) => ({
      description: stayLineDescription(line.unit_name, nights),
      amount: line.subtotal,
    }));
  const discount =
    booking.discount_amount === 0
      ? null
      : { name: booking.discount_name ?? 'Booking', amount: booking.discount_amount };
  const base =
    sumCentavos(lines.map((line) => toCentavos(line.amount))) - toCentavos(discount?.amount ?? 0);
  const vat = toCentavos(booking.vat_amount);
  const local = toCentavos(booking.local_tax_amount);
  const total = toCentavos(booking.total_amount);

  const taxesAdded = total === base + vat + local;
  if (base > 0n && (taxesAdded || total === base)) {
    return stayEntries({
      lines,
      discount,
      vat: booking.vat_amount,
      local_tax: booking.local_tax_amount,
      taxes_added: taxesAdded,
    });
  }

  const entries = stayEntries({ lines, discount, vat: 0, local_tax: 0, taxes_added: true });
  const difference = total - base;
  if (difference !== 0n) {
    const kind = difference > 0n ? 'lodging' : 'discount';
    // The booking's taxes stay with the difference when they can be part of it.
    const taxesFit = difference > 0n && vat >= 0n && local >= 0n && vat + local <= difference;
    const [entryVat, entryLocal] = taxesFit ? [vat, local] : [0n, 0n];
    entries.push({
      kind,
      description: ADJUSTMENT[kind],
      quantity: 1,
      unit_amount: toPesos(difference - entryVat - entryLocal),
      amount: toPesos(difference),
      tax_treatment: 'vatable',
      vat_amount: toPesos(entryVat),
      local_tax_amount: toPesos(entryLocal),
      reverses_entry_id: null,
      reason: null,
    });
  }
  return entries;
}

function creditEntries(booking: LegacyBooking): MigratedEntry[] {
  const entries: MigratedEntry[] = [];
  for (const payment of booking.payments) {
    const kind =
      payment.payment_status === 'Completed'
        ? 'payment'
        : payment.payment_status === 'Refunded'
          ? 'refund'
          : null;
    if (kind === null) continue;
    const label = kind === 'payment' ? 'Payment' : 'Refund';
    const method =
      PAYMENT_METHOD_LABELS[payment.payment_method as PaymentMethod] ?? payment.payment_method;
    entries.push({
      ...creditEntry(kind, payment.payment_amount, `${label} (${method})`),
      payment_id: payment.payment_id,
    });
  }
  return entries;
}

export function legacyFolioEntries(booking: LegacyBooking): MigratedEntry[] {
  return [
    ...chargeEntries(booking).map((entry) => ({ ...entry, payment_id: null })),
    ...creditEntries(booking),
  ];
}
