import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS, PROOF_MIME_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { sanitizeText } from '../sanitize';
import { hasAtMostTwoDecimals, idField, optionalTextField } from './common.schema';
import { paymentAmountField } from './payment.schema';

/**
 * SPEC §5 "Payment form" as the "Record New Payment" dialog sends it (POST /api/payments): the
 * booking, the amount (100 to 1,000,000 with SPEC's messages), the method, notes up to 300 and the
 * proof, which is required. Like the guest form, only the proof's name, type and size travel
 * here; the server answers a signed upload to `payment-proofs/{bookingId}/{timestamp}-{name}`.
 */
const proofFileFields = {
  file_name: z
    .string({ error: MESSAGES.proofRequired })
    .trim()
    .min(1, MESSAGES.proofRequired)
    .max(255, MESSAGES.proofRequired)
    .transform((name) => sanitizeText(name, 255)),
  // DESIGN §3: JPEG, PNG, WebP and PDF (HEIC/HEIF is converted to JPEG in the browser first).
  file_type: z.enum(PROOF_MIME_TYPES, { error: MESSAGES.proofType }),
  file_size: z
    .number({ error: MESSAGES.proofRequired })
    .int(MESSAGES.proofRequired)
    .positive(MESSAGES.proofRequired)
    .max(LIMITS.proof_max_bytes, MESSAGES.proofSize),
};

/** A proof's name, type and size, for a new signed upload (a retry after a failed one). */
export const proofFileSchema = z.object(proofFileFields);
export type ProofFile = z.output<typeof proofFileSchema>;

export const recordPaymentSchema = z.object({
  booking_id: idField(MESSAGES.selectBooking),
  payment_amount: paymentAmountField,
  payment_method: z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod }),
  transaction_reference: optionalTextField(100),
  notes: optionalTextField(LIMITS.notes_max),
  ...proofFileFields,
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPayment = z.output<typeof recordPaymentSchema>;

/** POST /api/payments/:id/verify: DESIGN §3 verification, optionally confirming the booking. */
export const verifyPaymentSchema = z.object({
  confirm_booking: z.boolean({ error: 'Must be true or false' }).optional(),
});

/** POST /api/payments/:id/refund: DESIGN §4 refunds are Refunded payment rows. */
export const refundPaymentSchema = z.object({
  /** Pesos; the default is what remains refundable of this payment. */
  amount: z
    .number({ error: MESSAGES.amountInvalid })
    .positive(MESSAGES.positiveNumber)
    .max(LIMITS.payment_amount_max, MESSAGES.amountMax)
    .refine(hasAtMostTwoDecimals, MESSAGES.amountInvalid)
    .optional(),
  reason: optionalTextField(LIMITS.notes_max),
});
