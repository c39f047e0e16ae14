import { z } from 'zod';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../domain/constants';
import { clearableTextField, searchField } from '../../domain/schemas/common.schema';
import { paymentUpdateSchema } from '../../domain/schemas/payment.schema';

/**
 * DESIGN §5 shapes of the payments API. A payment answers with SPEC §3's fields; the proof's
 * storage path (payment_proof) never leaves the server: `payment_proof_url` is the staff-only,
 * same-origin download route when a proof exists (DESIGN §3 "payment proofs are private").
 */

export const paymentSchema = z.object({
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
export type PaymentDto = z.infer<typeof paymentSchema>;

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
  email: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  total_amount: z.number(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
});

export const paymentListItemSchema = paymentSchema.extend({
  booking: paymentBookingSummarySchema,
});

export const paymentListResponseSchema = z.object({
  data: z.array(paymentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

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

export const signedUploadSchema = z.object({
  bucket: z.string(),
  path: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
