/**
 * Issue 20 (DESIGN §8 "document numbers"): receipts and invoices. Zod-free, so the web's route
 * loaders may use it: the kinds, the statuses, the TIN rules, the refusal messages, and the
 * snapshot a document keeps of what it says (a document is never edited; its PDF is drawn from
 * the snapshot stored when it was issued).
 *
 * Money is in pesos with at most two decimals (centavos.ts converts exactly).
 */

/** Acknowledgement receipts until the system's BIR registration is entered (RMC 5-2021). */
export const DOCUMENT_KINDS = ['acknowledgement_receipt', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const BILLING_MODES = DOCUMENT_KINDS;
export type BillingMode = DocumentKind;

export const DOCUMENT_STATUSES = ['issued', 'void'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A document bills the whole stay, or acknowledges one verified payment (a deposit). */
export const DOCUMENT_SCOPES = ['booking', 'payment'] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];

/** PDF layouts: A4 paper, or an 80 mm roll for a thermal printer. */
export const DOCUMENT_LAYOUTS = ['a4', 'roll'] as const;
export type DocumentLayout = (typeof DOCUMENT_LAYOUTS)[number];

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  acknowledgement_receipt: 'ACKNOWLEDGEMENT RECEIPT',
  invoice: 'INVOICE',
};

/** Printed on every acknowledgement receipt (RR 7-2024: it is not an invoice). */
export const NOT_VALID_FOR_INPUT_TAX = 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX';

/** "AR 000042" / "INV 000042": the number as printed and listed. */
export function displayDocumentNumber(kind: DocumentKind, number: number): string {
  return `${documentNumberPrefix(kind)} ${String(number).padStart(6, '0')}`;
}

/** The letters before a document's number (migration 0030's issue_document writes the same). */
export function documentNumberPrefix(kind: DocumentKind): string {
  return kind === 'invoice' ? 'INV' : 'AR';
}

/** RR 7-2024 §6(B): the buyer's TIN is asked for on a sale of ₱1,000 or more to a VAT-registered buyer. */
export const BUYER_TIN_THRESHOLD = 1000;

/** Withholding a corporate guest may deduct on a sale of services (expanded withholding tax). */
export const WITHHOLDING_PERCENTS = [1, 2] as const;

/** The digits of a TIN written with or without dashes or spaces, or null when not digits. */
export function tinDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** '123456789000' → '123-456-789-000'; 9 digits → '123-456-789'. */
export function formatTin(digits: string): string {
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)];
  if (digits.length > 9) groups.push(digits.slice(9));
  return groups.join('-');
}

/** A buyer's TIN: 9 digits, or 12 with the branch code. */
export function isBuyerTin(value: string): boolean {
  const digits = tinDigits(value);
  return digits !== null && (digits.length === 9 || digits.length === 12);
}

/** The seller's TIN always carries its branch code: 12 digits. */
export function isSellerTin(value: string): boolean {
  const digits = tinDigits(value);
  return digits !== null && digits.length === 12;
}

export const DOCUMENT_MESSAGES = {
  buyerTin: 'Enter the TIN as 9 digits, or 12 with the branch code (for example 123-456-789-000)',
  sellerTin: 'Enter the TIN with its branch code: 12 digits (for example 123-456-789-000)',
  buyerTinRequired:
    'A VAT-registered buyer of ₱1,000 or more needs their TIN and address on the document',
  voidReason: 'Give the reason this document is void',
  alreadyVoid: 'This document is already void',
  notVoidForReissue: 'Only a void document can be reissued',
  replacedAlready: 'A corrected document has already been issued for this one',
  nothingToBill: 'This booking has nothing to bill',
  paymentNotVerified: 'Only a verified payment can be acknowledged',
  paymentRequired: 'Choose the payment this document acknowledges',
  paymentNotOnBooking: 'This payment is not on this booking',
  paymentDocumented: 'This payment already has a document; void it first to issue a new one',
  stayDocumented: 'The stay already has a document; void it first to issue a new one',
  stayAndPayments:
    "This booking's payments already have their own receipts; a stay document would bill them twice",
  billingProfileMissing:
    'Fill in the billing profile first (Settings → Billing: registered name, address and TIN)',
  invoiceNeedsRegistration:
    "Invoices need the system's BIR registration: the acknowledgement certificate number and date and the approved serial range",
  serialRangeExhausted:
    'The approved invoice serial range is used up; enter the new range from the BIR before issuing',
  serialRange: 'The last serial number must not be lower than the first',
  bookletSerial: 'The booklet serial number is at most 40 characters',
  journalRange: 'Choose a date range of at most 366 days, with "from" on or before "to"',
} as const;

/** The seller as the document prints it, copied from Settings → Billing at issue time. */
export interface DocumentSeller {
  registered_name: string;
  business_style: string | null;
  address: string;
  /** Formatted '123-456-789-000'. */
  tin: string;
  vat_registered: boolean;
  /** Set on invoices only: the system's BIR registration. */
  bir: { ac_number: string; ac_date: string; serial_from: number; serial_to: number } | null;
}

export interface DocumentBuyer {
  name: string;
  address: string | null;
  tin: string | null;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
  tax_treatment: 'vatable' | 'exempt' | 'zero_rated';
}

/** A deduction shown apart from the lines (positive: the amount taken off). */
export interface DocumentDiscount {
  kind: 'senior_pwd' | 'other';
  description: string;
  amount: number;
}

/**
 * Everything a document says, fixed at issue (Tax Code §113, RR 7-2024 §6(B)). The figures add up:
 * vatable_sales + vat_exempt_sales + zero_rated_sales + vat_amount + local_tax_amount = total.
 * Lines are priced before the discounts; Σ line amounts − Σ discounts = total.
 */
export interface DocumentSnapshot {
  kind: DocumentKind;
  title: string;
  number: number;
  display_number: string;
  /** The resort's calendar date of issue, 'YYYY-MM-DD'. */
  issue_date: string;
  scope: DocumentScope;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  booking: {
    reference: string;
    check_in: string;
    check_out: string;
    unit_names: string[];
  };
  lines: DocumentLine[];
  discounts: DocumentDiscount[];
  vatable_sales: number;
  vat_exempt_sales: number;
  zero_rated_sales: number;
  vat_amount: number;
  local_tax_amount: number;
  total: number;
  amount_paid: number;
  /** 'GCash', 'Cash', … or several joined with ', '; null when nothing is paid. */
  payment_method: string | null;
  /** A corporate guest's expanded withholding tax on the VAT-exclusive sale, where it applies. */
  withholding: { percent: number; amount: number } | null;
  /** Acknowledgement receipts: the serial of the booklet invoice staff wrote by hand. */
  booklet_serial: string | null;
  /** A corrected document names the void one it replaces. */
  replaces_display_number: string | null;
}
