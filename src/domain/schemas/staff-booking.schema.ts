import { z } from 'zod';
import { BOOKING_SOURCES, LIMITS, PAYMENT_METHODS } from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  dateField,
  emailField,
  fieldsParsed,
  guestCountField,
  guestNameField,
  idField,
  notPastCheckInField,
  optionalDateField,
  optionalTextField,
  philippinePhoneField,
  urlField,
  withStayRules,
} from './common.schema';
import { optionalPromoCodeField } from './promo-code.schema';
import { ratePlanField } from './quote.schema';
import { overrideReasonField } from './stay-rule.schema';

/**
 * SPEC §5 "Staff booking form" (the "New Booking" dialog, POST /api/bookings). Guest name,
 * contact number and e-mail follow the guest form's rules ("as above"). Dates are required: SPEC
 * says "when dates are given", but a booking without a stay cannot hold a cabin.
 */
/** Issue 22: a walk-in may give no e-mail address; blank or null reads as none. */
const walkInEmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(LIMITS.email_max, MESSAGES.invalidEmail)
  .refine((email) => email === '' || z.regexes.email.test(email), MESSAGES.invalidEmail)
  .nullish()
  .transform((email) => email || undefined);

/** Issue 22: and may give no phone number when an e-mail address is given. */
const walkInPhoneField = z
  .union([z.literal(''), z.null(), philippinePhoneField], {
    error: MESSAGES.invalidPhilippinePhone,
  })
  .optional()
  .transform((phone) => phone || undefined);

export const EMAIL_OR_PHONE_MESSAGE = 'Enter an e-mail address or a phone number';

const staffBookingFields = z.object({
  unit_id: idField(MESSAGES.selectUnit),
  guest_name: guestNameField,
  contact_number: walkInPhoneField,
  email: walkInEmailField,
  /** Issue 22: where the booking came from (the form suggests walk_in when no e-mail is given). */
  source: z
    .enum(BOOKING_SOURCES, { error: 'Please choose where the booking came from' })
    .default('phone'),
  num_guests: guestCountField(MESSAGES.guestsStaffMax),
  check_in: dateField,
  check_out: dateField,
  special_requests: optionalTextField(LIMITS.special_requests_max, MESSAGES.specialRequestsMax),
  internal_notes: optionalTextField(LIMITS.internal_notes_max),
  // DESIGN §3's one list of methods (SPEC's staff form offered four of them).
  payment_method: z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod }).optional(),
  // Issue 21: a promo code, the rate plan, and a manager's reason for booking past a stay rule.
  promo_code: optionalPromoCodeField,
  rate_plan: ratePlanField,
  override_reason: overrideReasonField,
});

function withContactRule<T extends z.ZodType<{ email?: string; contact_number?: string }>>(
  schema: T,
): T {
  return schema.refine((booking) => Boolean(booking.email || booking.contact_number), {
    message: EMAIL_OR_PHONE_MESSAGE,
    path: ['email'],
    when: fieldsParsed('email', 'contact_number'),
  });
}

/** Every rule except "check-in not in the past", which needs the resort's today. */
export const staffBookingSchema = withContactRule(withStayRules(staffBookingFields));
export type StaffBookingInput = z.input<typeof staffBookingSchema>;
export type StaffBooking = z.output<typeof staffBookingSchema>;

/** The full SPEC §5 rules, with check-in on or after `today` (the resort's today). */
export function makeStaffBookingSchema(today: string) {
  return withContactRule(
    withStayRules(staffBookingFields.extend({ check_in: notPastCheckInField(today) })),
  );
}

/**
 * SPEC §5 booking update (PATCH /api/bookings/:id): every field optional; internal notes up to
 * 500; payment_proof_url must be a URL (http, https or a storage path). No past-date rule: a
 * booking already under way keeps its check-in. Null clears an optional text.
 */
export const bookingUpdateSchema = withStayRules(
  z.object({
    unit_id: idField(MESSAGES.selectUnit).optional(),
    guest_name: guestNameField.optional(),
    contact_number: philippinePhoneField.optional(),
    email: emailField(MESSAGES.invalidEmail).optional(),
    num_guests: guestCountField(MESSAGES.guestsStaffMax).optional(),
    check_in: optionalDateField,
    check_out: optionalDateField,
    special_requests: clearableTextField(LIMITS.special_requests_max, MESSAGES.specialRequestsMax),
    internal_notes: clearableTextField(LIMITS.internal_notes_max),
    payment_method: z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod }).optional(),
    payment_proof_url: urlField.nullable().optional(),
    // Issue 21: a manager's reason for moving the stay past a stay rule.
    override_reason: overrideReasonField,
  }),
);
export type BookingUpdateInput = z.input<typeof bookingUpdateSchema>;
export type BookingUpdate = z.output<typeof bookingUpdateSchema>;
