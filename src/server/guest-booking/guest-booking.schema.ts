import { z } from 'zod';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  GUEST_PAYMENT_METHODS,
} from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { paymentReferenceField } from '../../domain/schemas/guest-booking.schema';

/**
 * SPEC §3 and §7 shapes of the guest endpoints' answers, and the confirm request. The create
 * request is domain's makeGuestBookingSchema (SPEC §5's messages); the status request is domain's
 * checkBookingSchema.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** SPEC §3 "Guest booking creation response". */
export const guestBookingCreatedSchema = z.object({
  success: z.literal(true),
  booking: z.object({
    booking_id: z.string().uuid(),
    booking_reference: z.string(),
    total_amount: z.number(),
  }),
  upload: z.object({
    bucket: z.string(),
    path: z.string(),
    token: z.string(),
    expires_at: z.string().datetime(),
  }),
  message: z.string().optional(),
});
export type GuestBookingCreated = z.infer<typeof guestBookingCreatedSchema>;

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
  unit: z.object({ unit_name: z.string(), unit_type: z.string() }),
});
export type BookingLookup = z.infer<typeof bookingLookupSchema>;
