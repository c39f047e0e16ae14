import { sumCentavos, toCentavos, toPesos } from '../../domain/centavos';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../domain/constants';
import {
  displayDocumentNumber,
  type DocumentDiscount,
  type DocumentKind,
  type DocumentLine,
} from '../../domain/documents';
import { activeEntries } from '../../domain/folio';
import type { FolioDto } from '../../domain/schemas/folio.schema';

/**
 * Issue 20: what a document bills, read from the booking's folio (issue 17) and never priced
 * anew. Every figure is summed in centavos from the entries' own amounts and taxes, so
 * vatable + exempt + zero-rated + VAT + local tax = total, exactly.
 */

type Entry = FolioDto['entries'][number];

export interface TaxBuckets {
  vatable_sales: bigint;
  vat_exempt_sales: bigint;
  zero_rated_sales: bigint;
  vat_amount: bigint;
  local_tax_amount: bigint;
}

export interface StayFigures extends TaxBuckets {
  lines: DocumentLine[];
  discounts: DocumentDiscount[];
  total: bigint;
}

const LINE_KINDS = new Set(['lodging', 'extra', 'fee']);
const DISCOUNT_KINDS = new Set(['discount', 'senior_pwd_discount']);

const BUCKET_KEYS = [
  'vatable_sales',
  'vat_exempt_sales',
  'zero_rated_sales',
  'vat_amount',
  'local_tax_amount',
] as const satisfies readonly (keyof TaxBuckets)[];

/** The unit price a line prints: the amount shared by the quantity when it divides exactly. */
function unitPrice(entry: Entry): number {
  const amount = toCentavos(entry.amount);
  const quantity = BigInt(entry.quantity);
  return amount % quantity === 0n ? toPesos(amount / quantity) : entry.unit_amount;
}

/**
 * The stay as its folio holds it now: the charges in force (neither reversed nor a reversal) as
 * lines, the discounts apart, and the tax buckets of every charge net of its own taxes.
 */
export function stayFigures(folio: Pick<FolioDto, 'entries'>): StayFigures {
  const charges = activeEntries(folio.entries).filter(
    (entry) => LINE_KINDS.has(entry.kind) || DISCOUNT_KINDS.has(entry.kind),
  );
  const buckets: TaxBuckets = {
    vatable_sales: 0n,
    vat_exempt_sales: 0n,
    zero_rated_sales: 0n,
    vat_amount: 0n,
    local_tax_amount: 0n,
  };
  for (const entry of charges) {
    const vat = toCentavos(entry.vat_amount);
    const local = toCentavos(entry.local_tax_amount);
    const net = toCentavos(entry.amount) - vat - local;
    if (entry.tax_treatment === 'vatable') buckets.vatable_sales += net;
    else if (entry.tax_treatment === 'zero_rated') buckets.zero_rated_sales += net;
    else buckets.vat_exempt_sales += net;
    buckets.vat_amount += vat;
    buckets.local_tax_amount += local;
  }
  return {
    ...buckets,
    lines: charges
      .filter((entry) => LINE_KINDS.has(entry.kind))
      .map((entry) => ({
        description: entry.description,
        quantity: entry.quantity,
        unit_price: unitPrice(entry),
        amount: entry.amount,
        tax_treatment: entry.tax_treatment,
      })),
    discounts: charges
      .filter((entry) => DISCOUNT_KINDS.has(entry.kind))
      .map((entry) => ({
        kind: entry.kind === 'senior_pwd_discount' ? ('senior_pwd' as const) : ('other' as const),
        description: entry.description,
        amount: toPesos(-toCentavos(entry.amount)),
      })),
    total: sumCentavos(charges.map((entry) => toCentavos(entry.amount))),
  };
}

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/**
 * `amount` centavos split in the proportions of the stay's buckets (largest remainder: each part
 * rounded down, the centavos left over given to the largest remainders), so the parts add up to
 * `amount` exactly. `stayTotal` must be positive.
 */
export function prorateBuckets(stay: TaxBuckets, stayTotal: bigint, amount: bigint): TaxBuckets {
  const parts = BUCKET_KEYS.map((key) => {
    const scaled = stay[key] * amount;
    const floor = floorDiv(scaled, stayTotal);
    return { key, floor, remainder: scaled - floor * stayTotal };
  });
  let left = amount - sumCentavos(parts.map((part) => part.floor));
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of order) {
    if (left <= 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  return Object.fromEntries(parts.map((part) => [part.key, part.floor])) as unknown as TaxBuckets;
}

/** The tax treatment a one-line (payment) document prints: its largest share's. */
export function mainTreatment(buckets: TaxBuckets): DocumentLine['tax_treatment'] {
  const { vatable_sales: v, vat_exempt_sales: e, zero_rated_sales: z } = buckets;
  if (v >= e && v >= z) return 'vatable';
  return e >= z ? 'exempt' : 'zero_rated';
}

/** A corporate guest's expanded withholding: percent of the VAT-exclusive sale, to the centavo. */
export function withholdingOf(buckets: TaxBuckets, percent: number): bigint {
  const base = buckets.vatable_sales + buckets.vat_exempt_sales + buckets.zero_rated_sales;
  const scaled = base * BigInt(percent);
  // Half up, away from zero.
  return scaled >= 0n ? (scaled + 50n) / 100n : -((-scaled + 50n) / 100n);
}

/** The methods of the payments a document names, as labels ('GCash, Cash'), or null. */
export function methodLabels(methods: readonly string[]): string | null {
  const labels = [
    ...new Set(methods.map((method) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method)),
  ];
  return labels.length > 0 ? labels.join(', ') : null;
}

/** Bucket centavos as the pesos a snapshot and the journal columns carry. */
export function bucketPesos(buckets: TaxBuckets): Record<keyof TaxBuckets, number> {
  return Object.fromEntries(BUCKET_KEYS.map((key) => [key, toPesos(buckets[key])])) as Record<
    keyof TaxBuckets,
    number
  >;
}

/**
 * The display numbers missing from each series: receipts from 1 to the highest number; invoices
 * from the first serial of each BIR-approved range to the highest number issued in it (the
 * serials between one range's last invoice and a later range's start were never the resort's).
 */
export function seriesGaps(
  numbers: readonly { kind: string; number: number; range_start: number | null }[],
): string[] {
  const gaps: string[] = [];
  let previous: { kind: string; number: number } | null = null;
  for (const row of numbers) {
    const rangeStart = row.range_start ?? 1;
    let missing =
      previous && previous.kind === row.kind
        ? Math.max(previous.number + 1, rangeStart)
        : Math.min(rangeStart, row.number);
    for (; missing < row.number; missing += 1)
      gaps.push(displayDocumentNumber(row.kind as DocumentKind, missing));
    previous = row;
  }
  return gaps;
}
