import { z } from 'zod';
import { guestDocumentSchema } from './document.schema';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  GUEST_PAYMENT_METHODS,
  LIMITS,
  PROOF_MIME_TYPES,
} from '../constants';
import { MESSAGES } from '../messages';
import { RATE_PLANS } from '../pricing';
import { sanitizeText } from '../sanitize';
import { checkBookingSchema } from './check-booking.schema';
import { extraSelectionSchema } from './extra.schema';
import {
  dateField,
  emailField,
  futureCheckInField,
  guestCountField,
  guestNameField,
  idField,
  optionalTextField,
  philippinePhoneField,
  signedUploadSchema,
  withStayRules,
} from './common.schema';
import { optionalPromoCodeField } from './promo-code.schema';
import { ratePlanField } from './quote.schema';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A transaction reference as receipts print them: "Ref No. 1012 345 678901", "FT-23/0042". */
const REFERENCE_PATTERN = /^[\p{L}\p{N} \-/#._]*$/u;

/**
 * Issue 15: the transaction reference the guest copies from the receipt. Optional (the proof
 * shows it too); trimmed, at most 64 characters of letters, digits, spaces and - / # . _; empty
 * means none.
 */
export const paymentReferenceField = z
  .string({ error: MESSAGES.paymentReferenceCharacters })
  .trim()
  .max(LIMITS.payment_reference_max, MESSAGES.paymentReferenceMax)
  .regex(REFERENCE_PATTERN, MESSAGES.paymentReferenceCharacters)
  .nullish()
  .transform((value) => (value ? value.replace(/\s+/g, ' ') : undefined));

/**
 * Issue 15: how the guest paid. A client that does not send it (before issue 15) gets Other.
 */
export const guestPaymentMethodField = z
  .enum(GUEST_PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod })
  .default('Other');

/**
 * SPEC §3 "Guest booking request" and §7 POST /api/guest-booking, with SPEC §5's messages.
 * The proof itself is uploaded afterwards to a signed location; here only its name, type and size.
 */
const guestBookingFields = z.object({
  guest_name: guestNameField,
  email: emailField(MESSAGES.invalidEmail),
  phone_number: philippinePhoneField,
  unit_id: idField(MESSAGES.selectUnit),
  check_in: dateField,
  check_out: dateField,
  num_guests: guestCountField(),
  special_requests: optionalTextField(LIMITS.special_requests_max, MESSAGES.specialRequestsMax),
  payment_method: guestPaymentMethodField,
  payment_reference: paymentReferenceField,
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
  // Issue 17: the guest-bookable extras picked on the form (priced and checked by the server).
  extras: extraSelectionSchema.optional(),
  // Issue 21: the guest's promo code and rate plan (checked and priced by the server).
  promo_code: optionalPromoCodeField,
  rate_plan: ratePlanField,
  // DESIGN §2: the ALTCHA solution travels in the same field as SPEC's Turnstile token.
  turnstile_token: z.string({ error: MESSAGES.captcha }).trim().min(1, MESSAGES.captcha),
});

/** Every rule except "check-in in the future", which needs the resort's today. */
export const guestBookingSchema = withStayRules(guestBookingFields);
export type GuestBookingInput = z.input<typeof guestBookingSchema>;
export type GuestBooking = z.output<typeof guestBookingSchema>;

/** The full SPEC §5 rules, with check-in after `today` (the resort's today, DESIGN §3). */
export function makeGuestBookingSchema(today: string) {
  return withStayRules(guestBookingFields.extend({ check_in: futureCheckInField(today) }));
}

/**
 * SPEC §3 and §7 shapes of the guest endpoints' answers, and the confirm request. The create
 * request is domain's makeGuestBookingSchema (SPEC §5's messages); the status request is domain's
 * checkBookingSchema.
 */

/** SPEC §3 "Guest booking creation response". */
export const guestBookingCreatedSchema = z.object({
  success: z.literal(true),
  booking: z.object({
    booking_id: z.string().uuid(),
    booking_reference: z.string(),
    /** The folio's charges: the stay and the extras picked (issue 17). */
    total_amount: z.number(),
    /** Issue 17 point 2: "Deposit ₱X now, balance ₱Y due on <date>", as the booking stores it. */
    deposit_amount: z.number(),
    balance_amount: z.number(),
    balance_due_date: isoDate,
  }),
  upload: signedUploadSchema,
  message: z.string().optional(),
});
export type GuestBookingCreated = z.infer<typeof guestBookingCreatedSchema>;

/**
 * Issue 17 (DESIGN §8 "Guest status"): POST /api/guest-booking/payment, a later proof for the
 * balance: the lookup's reference and e-mail with the same file checks as the first proof.
 */
export const balanceProofRequestSchema = checkBookingSchema.extend({
  file_name: guestBookingFields.shape.file_name,
  file_type: guestBookingFields.shape.file_type,
  file_size: guestBookingFields.shape.file_size,
});
export type BalanceProofRequestInput = z.input<typeof balanceProofRequestSchema>;
export type BalanceProofRequest = z.output<typeof balanceProofRequestSchema>;

/** The answer: the booking, the balance the proof is for and the same signed upload. */
export const balanceProofCreatedSchema = z.object({
  success: z.literal(true),
  booking: z.object({
    booking_id: z.string().uuid(),
    booking_reference: z.string(),
    balance: z.number(),
  }),
  upload: signedUploadSchema,
  message: z.string().optional(),
});
export type BalanceProofCreated = z.infer<typeof balanceProofCreatedSchema>;

/** SPEC §7 POST /api/guest-booking/confirm body. */
export const confirmProofRequestSchema = z.object({
  booking_id: z.guid({ error: 'Booking not found.' }).transform((id) => id.toLowerCase()),
  file_path: z
    .string({ error: 'Payment proof is required' })
    .trim()
    .min(1, 'Payment proof is required')
    .max(600, 'Payment proof is required'),
  file_size: z.number().int().nonnegative().optional(),
  /**
   * Issue 15: how the guest paid and the receipt's reference, recorded on the proof's payment
   * (the signed upload between create and confirm keeps no state, so the form sends them again
   * here). Without a method the booking's (from the create request) is used.
   */
  payment_method: z.enum(GUEST_PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod }).optional(),
  payment_reference: paymentReferenceField,
});
export type ConfirmProofRequest = z.infer<typeof confirmProofRequestSchema>;

export const proofConfirmedSchema = z.object({
  success: z.literal(true),
  booking: z.object({
    booking_id: z.string().uuid(),
    booking_reference: z.string(),
    booking_status: z.enum(BOOKING_STATUSES),
    payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  }),
  message: z.string(),
});
export type ProofConfirmed = z.infer<typeof proofConfirmedSchema>;

/** SPEC §3 "Booking lookup response". */
export const bookingLookupSchema = z.object({
  booking_id: z.string().uuid(),
  booking_reference: z.string(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  check_in: isoDate,
  check_out: isoDate,
  total_amount: z.number(),
  /** Issue 17, from the folio: paid, still due (negative: a credit) and when it is due. */
  paid_total: z.number(),
  balance: z.number(),
  balance_due_date: isoDate.nullable(),
  /**
   * Proofs sent and not verified yet (Pending payments), in pesos: not money until staff verify
   * them, so not in `paid_total`, but the guest is not asked to pay them again.
   */
  pending_total: z.number(),
  unit: z.object({ unit_name: z.string(), unit_type: z.string() }),
  /** Issue 21: the rate plan the stay was sold on and the promo code it was made with. */
  rate_plan: z.enum(RATE_PLANS),
  promo_code: z.string().nullable(),
  /** Issue 20: the booking's receipts or invoices, newest first, each with a signed PDF link. */
  documents: z.array(guestDocumentSchema),
});
export type BookingLookup = z.infer<typeof bookingLookupSchema>;
