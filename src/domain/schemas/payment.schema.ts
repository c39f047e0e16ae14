import { z } from 'zod';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  LIMITS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  hasAtMostTwoDecimals,
  idField,
  optionalDateField,
  optionalTextField,
  searchField,
  urlField,
  listResponseSchema,
} from './common.schema';

/**
 * SPEC §5 payment amount: one message per fault, the first that applies (a negative amount reads
 * "Must be a positive number", not also "at least ₱100.00").
 */
export const paymentAmountField = z
  .number({ error: MESSAGES.amountInvalid })
  .superRefine((amount, ctx) => {
    let message: string | null = null;
    if (amount <= 0) message = MESSAGES.positiveNumber;
    else if (!hasAtMostTwoDecimals(amount)) message = MESSAGES.amountInvalid;
    else if (amount < LIMITS.payment_amount_min) message = MESSAGES.amountMin;
    else if (amount > LIMITS.payment_amount_max) message = MESSAGES.amountMax;
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

const paymentMethodField = z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod });

/**
 * SPEC §5 "Payment form" (the "Record New Payment" dialog, POST /api/payments). The proof is the
 * stored file's path or URL. payment_status is for staff who record a verified payment at once
 * (SPEC §4: a proof staff record themselves is Completed); the service decides the default.
 */
export const paymentSchema = z.object({
  booking_id: idField(MESSAGES.selectBooking),
  payment_amount: paymentAmountField,
  payment_method: paymentMethodField,
  payment_proof: z
    .string({ error: MESSAGES.proofRequired })
    .trim()
    .min(1, MESSAGES.proofRequired)
    .max(LIMITS.url_max, MESSAGES.proofRequired)
    .pipe(urlField),
  notes: optionalTextField(LIMITS.notes_max),
  transaction_date: optionalDateField,
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type Payment = z.output<typeof paymentSchema>;

/** PATCH /api/payments/:id: every field optional; null clears the notes. */
export const paymentUpdateSchema = z.object({
  payment_amount: paymentAmountField.optional(),
  payment_method: paymentMethodField.optional(),
  payment_proof: urlField.optional(),
  notes: clearableTextField(LIMITS.notes_max),
  transaction_date: optionalDateField,
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentUpdateInput = z.input<typeof paymentUpdateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;

/**
 * DESIGN §5 shapes of the payments API. A payment answers with SPEC §3's fields; the proof's
 * storage path (payment_proof) never leaves the server: `payment_proof_url` is the staff-only,
 * same-origin download route when a proof exists (DESIGN §3 "payment proofs are private").
 */

export const paymentDtoSchema = z.object({
  payment_id: z.string(),
  booking_id: z.string(),
  payment_amount: z.number(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  has_proof: z.boolean(),
  /** `/api/payments/{id}/proof` when a proof is stored, else null. */
  payment_proof_url: z.string().nullable(),
  /** The proof's file name as uploaded (without the storage folders). */
  proof_file_name: z.string().nullable(),
  transaction_reference: z.string().nullable(),
  notes: z.string().nullable(),
  transaction_date: z.string(),
  verified_at: z.string().nullable(),
  verified_by_name: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

export const paymentListQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method' }).optional(),
  booking_id: z.guid({ error: 'Unknown booking' }).optional(),
  search: searchField,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type PaymentListQueryInput = z.output<typeof paymentListQuerySchema>;

export const paymentBookingSummarySchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_id: z.string().nullable(),
  guest_name: z.string(),
  email: z.string().nullable(),
  check_in: z.string(),
  check_out: z.string(),
  total_amount: z.number(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
});

export type PaymentBookingSummaryDto = z.infer<typeof paymentBookingSummarySchema>;

export const paymentListItemSchema = paymentDtoSchema.extend({
  booking: paymentBookingSummarySchema,
});

export type PaymentListItemDto = z.infer<typeof paymentListItemSchema>;

export const paymentListResponseSchema = listResponseSchema(paymentListItemSchema);
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** PATCH /api/payments/:id: the proof is attached through its own call, never set by hand. */
export const paymentPatchSchema = paymentUpdateSchema.omit({ payment_proof: true }).extend({
  // Verification and refunds have their own calls; an edit may only mark a proof as failed
  // (not a real payment) or put a failed one back to Pending.
  payment_status: z
    .enum(['Pending', 'Failed'], {
      error: 'Use Verify to verify a payment and Refund to refund one.',
    })
    .optional(),
  transaction_reference: clearableTextField(100),
});
export type PaymentPatch = z.output<typeof paymentPatchSchema>;

export const attachProofSchema = z.object({
  path: z
    .string({ error: 'Payment proof is required' })
    .trim()
    .min(1, 'Payment proof is required')
    .max(600, 'Payment proof is required'),
});
