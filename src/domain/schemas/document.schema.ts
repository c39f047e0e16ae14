import { z } from 'zod';
import {
  BILLING_MODES,
  BUYER_TIN_THRESHOLD,
  DOCUMENT_KINDS,
  DOCUMENT_LAYOUTS,
  DOCUMENT_MESSAGES,
  DOCUMENT_SCOPES,
  DOCUMENT_STATUSES,
  WITHHOLDING_PERCENTS,
  formatTin,
  isBuyerTin,
  isSellerTin,
  tinDigits,
} from '../documents';
import { dateField, idField, optionalTextField, requiredTextField } from './common.schema';

/**
 * Issue 20, DESIGN §8 "Documents": receipts and invoices, the billing profile and the sales
 * journal. Money in pesos (two decimals at most).
 */

const pesos = z.number();

/** A TIN field: digits with or without dashes, stored formatted '123-456-789-000'. */
function tinField(check: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(20, message)
    .refine(check, message)
    .transform((value) => formatTin(tinDigits(value) ?? value));
}

/* ---------------------------------------------------------------- billing profile (settings) */

/** Settings → Billing (owners and administrators), the `billing` group of GET/PATCH /api/settings. */
export const billingSettingsSchema = z.object({
  registered_name: z.string(),
  business_style: z.string(),
  address: z.string(),
  /** '' until entered; otherwise '123-456-789-000'. */
  tin: z.string(),
  vat_registered: z.boolean(),
  mode: z.enum(BILLING_MODES),
  /** The BIR acknowledgement certificate of the system (RMC 5-2021); '' until registered. */
  bir_ac_number: z.string(),
  /** 'YYYY-MM-DD' or ''. */
  bir_ac_date: z.string(),
  /** The approved invoice serial range; 0 until entered. */
  serial_from: z.number().int(),
  serial_to: z.number().int(),
  /** Attach the latest document's PDF to the payment-verified and post-stay e-mails. */
  attach_to_emails: z.boolean(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  registered_name: '',
  business_style: '',
  address: '',
  tin: '',
  vat_registered: true,
  mode: 'acknowledgement_receipt',
  bir_ac_number: '',
  bir_ac_date: '',
  serial_from: 0,
  serial_to: 0,
  attach_to_emails: false,
};

const serialField = z
  .number({ error: 'Enter a whole serial number from 1 to 999,999,999' })
  .int('Enter a whole serial number from 1 to 999,999,999')
  .min(1, 'Enter a whole serial number from 1 to 999,999,999')
  .max(999_999_999, 'Enter a whole serial number from 1 to 999,999,999');

/**
 * PATCH /api/settings `billing`: any of its fields. The server checks the merged profile again:
 * switching to invoices needs the registration and a range whose end is not below its start.
 */
export const billingPatchSchema = z
  .object({
    registered_name: requiredTextField(150),
    business_style: z.string().trim().max(150, 'At most 150 characters'),
    address: requiredTextField(300),
    tin: tinField(isSellerTin, DOCUMENT_MESSAGES.sellerTin),
    vat_registered: z.boolean(),
    mode: z.enum(BILLING_MODES, {
      error: 'Choose acknowledgement receipts or invoices',
    }),
    bir_ac_number: z.string().trim().max(60, 'At most 60 characters'),
    bir_ac_date: z.union([z.literal(''), dateField]),
    serial_from: serialField,
    serial_to: serialField,
    attach_to_emails: z.boolean(),
  })
  .partial()
  .strict();
export type BillingPatch = z.output<typeof billingPatchSchema>;

/* ---------------------------------------------------------------- issuing and voiding */

/** POST /api/bookings/:id/documents. */
export const issueDocumentSchema = z
  .object({
    scope: z.enum(DOCUMENT_SCOPES, { error: 'Choose the whole stay or one payment' }),
    /** Required with scope "payment": a verified payment of the booking. */
    payment_id: idField(DOCUMENT_MESSAGES.paymentRequired).optional(),
    /** Defaults to the booking's guest. */
    buyer_name: optionalTextField(150),
    buyer_address: optionalTextField(300),
    buyer_tin: z
      .union([z.literal(''), tinField(isBuyerTin, DOCUMENT_MESSAGES.buyerTin)], {
        // Not zod's "Invalid input": the TIN field's own words when it is neither.
        error: DOCUMENT_MESSAGES.buyerTin,
      })
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** The buyer says they are VAT-registered: ₱1,000 or more then needs TIN and address. */
    buyer_vat_registered: z.boolean().default(false),
    /** A corporate guest's expanded withholding tax, percent of the VAT-exclusive sale. */
    withholding_percent: z
      .union(
        WITHHOLDING_PERCENTS.map((percent) => z.literal(percent)),
        { error: 'Withholding is 1% or 2% of the sale' },
      )
      .optional(),
    /** Acknowledgement receipts: the booklet invoice written by hand for this sale. */
    booklet_serial: optionalTextField(40, DOCUMENT_MESSAGES.bookletSerial),
    /** A corrected document names the void one it replaces (same booking). */
    replaces_document_id: idField('Choose the void document this one corrects').optional(),
  })
  .strict()
  .refine((body) => body.scope !== 'payment' || body.payment_id !== undefined, {
    message: DOCUMENT_MESSAGES.paymentRequired,
    path: ['payment_id'],
  });
export type IssueDocumentInput = z.input<typeof issueDocumentSchema>;
export type IssueDocument = z.output<typeof issueDocumentSchema>;

/** The server refuses (422 on buyer_tin) when the buyer is VAT-registered and the total reaches this. */
export { BUYER_TIN_THRESHOLD };

/** POST /api/documents/:id/void. */
export const voidDocumentSchema = z.object({
  reason: requiredTextField(300),
});
export type VoidDocument = z.output<typeof voidDocumentSchema>;

/** GET /api/documents/:id/pdf?layout=a4|roll. */
export const documentPdfQuerySchema = z.object({
  layout: z.enum(DOCUMENT_LAYOUTS).default('a4'),
});

/* ---------------------------------------------------------------- answers */

/** What POST /api/bookings/:id/documents answers (DESIGN §8), and each row of the lists. */
export const documentSummarySchema = z.object({
  document_id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.number().int(),
  display_number: z.string(),
  total: pesos,
  status: z.enum(DOCUMENT_STATUSES),
});
export type DocumentSummaryDto = z.output<typeof documentSummarySchema>;

/** A document as the booking page and the sales journal list it. */
export const documentSchema = documentSummarySchema.extend({
  booking_id: z.string(),
  booking_reference: z.string(),
  scope: z.enum(DOCUMENT_SCOPES),
  payment_id: z.string().nullable(),
  /** ISO timestamp, and the resort's calendar date 'YYYY-MM-DD'. */
  issued_at: z.string(),
  issue_date: z.string(),
  issued_by_name: z.string().nullable(),
  buyer_name: z.string(),
  buyer_tin: z.string().nullable(),
  vatable_sales: pesos,
  vat_exempt_sales: pesos,
  zero_rated_sales: pesos,
  vat_amount: pesos,
  local_tax_amount: pesos,
  amount_paid: pesos,
  booklet_serial: z.string().nullable(),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  replaces_document_id: z.string().nullable(),
  replaces_display_number: z.string().nullable(),
  /** The corrected document issued for this void one, if any. */
  replaced_by_display_number: z.string().nullable(),
});
export type DocumentDto = z.output<typeof documentSchema>;

export const documentCreatedResponseSchema = z.object({ data: documentSummarySchema });
export const bookingDocumentsResponseSchema = z.object({ data: z.array(documentSchema) });

/** GET /api/documents?from&to (managers and up): the sales journal. */
export const salesJournalQuerySchema = z
  .object({ from: dateField, to: dateField, kind: z.enum(DOCUMENT_KINDS).optional() })
  .refine(
    (query) =>
      query.from <= query.to &&
      Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`) <=
        365 * 86_400_000,
    { message: DOCUMENT_MESSAGES.journalRange, path: ['to'] },
  );
export type SalesJournalQuery = z.output<typeof salesJournalQuerySchema>;

/** Totals of the issued documents (void ones count for nothing). */
export const salesJournalTotalsSchema = z.object({
  count: z.number().int(),
  void_count: z.number().int(),
  vatable_sales: pesos,
  vat_exempt_sales: pesos,
  zero_rated_sales: pesos,
  vat_amount: pesos,
  local_tax_amount: pesos,
  total: pesos,
});

export const salesJournalSchema = z.object({
  from: z.string(),
  to: z.string(),
  documents: z.array(documentSchema),
  totals: salesJournalTotalsSchema,
  /** Display numbers missing from each series between its lowest and highest number: none, ever. */
  gaps: z.array(z.string()),
});
export type SalesJournalDto = z.output<typeof salesJournalSchema>;
export const salesJournalResponseSchema = z.object({ data: salesJournalSchema });

/** GET /api/documents/export?from&to&format=csv|pdf: the same journal as a file. */
export const salesJournalExportQuerySchema = salesJournalQuerySchema.and(
  z.object({ format: z.enum(['csv', 'pdf'], { error: 'Choose CSV or PDF' }) }),
);

/** The guest's documents, inside POST /api/guest-booking/status's answer. */
export const guestDocumentSchema = z.object({
  display_number: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  issue_date: z.string(),
  total: pesos,
  status: z.enum(DOCUMENT_STATUSES),
  /** A signed, expiring link to the PDF (GET /api/public/documents/:id/pdf?token=…). */
  pdf_url: z.string(),
});
export type GuestDocumentDto = z.output<typeof guestDocumentSchema>;
