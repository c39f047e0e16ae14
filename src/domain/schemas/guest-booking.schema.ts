import { z } from 'zod';
import { LIMITS, PROOF_MIME_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { sanitizeText } from '../sanitize';
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
