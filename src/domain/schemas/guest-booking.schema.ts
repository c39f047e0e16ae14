import { z } from 'zod';
import { GUEST_PAYMENT_METHODS, LIMITS, PROOF_MIME_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { sanitizeText } from '../sanitize';
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
  withStayRules,
} from './common.schema';

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
