import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS } from '../constants';
import { MESSAGES, REQUIRED, maxLengthMessage, minLengthMessage } from '../messages';
import { sanitizeName } from '../sanitize';
import {
  addDuplicateUnitIssues,
  dateField,
  guestCountField,
  idField,
  notPastCheckInField,
  optionalTextField,
  textGiven,
  urlField,
  withStayRules,
} from './common.schema';
import { optionalPromoCodeField } from './promo-code.schema';
import { ratePlanField } from './quote.schema';
import { overrideReasonField } from './stay-rule.schema';
import {
  BOOKING_SOURCE_MESSAGE,
  bookingSourceField,
  optionalPhoneField,
  walkInEmailField,
  withContactRule,
} from './walk-in.schema';

/**
 * SPEC §3 "Multi-unit create payload" and §5 "Multi-unit booking" (POST /api/bookings/multi-unit,
 * the wizard). Limits are the multi-unit schema's own: requests and internal notes up to 1000.
 */

/** SPEC §5: 10 to 20 characters of digits, spaces, dashes, parentheses and an optional plus. */
const contactNumberField = z
  .string({ error: REQUIRED })
  .trim()
  .min(10, minLengthMessage(10))
  .max(20, maxLengthMessage(20))
  .regex(/^\+?[\d\s()-]+$/, MESSAGES.contactNumberFormat);

const primaryGuestFields = z.object({
  // SPEC §5 gives only 2 to 100 here (no letters-only rule: a company may book several cabins).
  guest_name: z
    .string({ error: REQUIRED })
    .trim()
    // An empty name is missing, not short (issue 15); not an `abort`, which would stop the
    // e-mail-or-phone rule of the same step.
    .min(1, MESSAGES.nameRequired)
    .refine((name) => name.length >= LIMITS.name_min, {
      error: MESSAGES.nameTooShort,
      when: textGiven,
    })
    .max(LIMITS.name_max, MESSAGES.nameTooLong)
    .transform((name) => sanitizeName(name))
    .refine((name) => name.length >= LIMITS.name_min, MESSAGES.nameTooShort),
  // Issue 22: a walk-in gives a phone number and no e-mail address, or either.
  email: walkInEmailField,
  contact_number: optionalPhoneField(contactNumberField, MESSAGES.contactNumberFormat),
});

/** The wizard's step 2: an e-mail address or a phone number (a field message at `email`). */
export const primaryGuestSchema = withContactRule(primaryGuestFields);
export type PrimaryGuestInput = z.input<typeof primaryGuestSchema>;
export type PrimaryGuest = z.output<typeof primaryGuestSchema>;

/** SPEC §3 draft "guest_assignment". */
const guestAssignmentSchema = z.object({
  guest_ids: z.array(z.guid()).max(LIMITS.guests_max).default([]),
  num_guests: guestCountField().optional(),
  special_requests: optionalTextField(
    LIMITS.special_requests_multi_max,
    MESSAGES.specialRequestsMultiMax,
  ),
});

export const multiUnitLineSchema = z.object({
  unit_id: idField(MESSAGES.selectUnit),
  // SPEC §5: 1 to the unit's max_occupancy; the service checks the unit's own maximum.
  num_guests: guestCountField(),
  guest_assignment: guestAssignmentSchema.optional(),
  unit_notes: optionalTextField(LIMITS.internal_notes_max),
});
export type MultiUnitLine = z.output<typeof multiUnitLineSchema>;

/** SPEC §5 and §8: 1 to 10 units, none twice. */
export const multiUnitLinesField = z
  .array(multiUnitLineSchema, { error: MESSAGES.selectAtLeastOneUnit })
  .min(1, MESSAGES.selectAtLeastOneUnit)
  .max(LIMITS.units_per_multi_booking, MESSAGES.maxUnits)
  .superRefine(addDuplicateUnitIssues);

/** DESIGN §3 methods; SPEC §5 default GCash. The amount, when given, is a positive sum. */
const multiUnitPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod }).default('GCash'),
  amount: z
    .number({ error: MESSAGES.amountInvalid })
    .positive(MESSAGES.positiveNumber)
    .max(LIMITS.payment_amount_max, MESSAGES.amountMax)
    .optional(),
  proof_url: urlField.nullish(),
});

const multiUnitFields = z.object({
  primary_guest: primaryGuestSchema,
  check_in: dateField,
  check_out: dateField,
  units: multiUnitLinesField,
  payment: multiUnitPaymentSchema.default({ method: 'GCash' }),
  special_requests: optionalTextField(
    LIMITS.special_requests_multi_max,
    MESSAGES.specialRequestsMultiMax,
  ),
  internal_notes: optionalTextField(LIMITS.internal_notes_multi_max),
  /**
   * Issue 22: where the booking came from (default phone). SPEC §3's payload said source "web",
   * which the wizard sent before issue 22 and which still means the default: it is taken and
   * kept as sent, so a retry of such a request carries the same body (its Idempotency-Key).
   */
  source: z
    .union([z.literal('web'), bookingSourceField], { error: BOOKING_SOURCE_MESSAGE })
    .default('phone'),
  // Issue 21: a promo code, the rate plan, and a manager's reason for booking past a stay rule.
  promo_code: optionalPromoCodeField,
  rate_plan: ratePlanField,
  override_reason: overrideReasonField,
  // Also sent as the Idempotency-Key header (SPEC §7); the header wins when both are present.
  idempotency_key: z.string().trim().min(8).max(200).optional(),
});

/** Every rule except "check-in not in the past", which needs the resort's today. */
export const multiUnitBookingSchema = withStayRules(multiUnitFields);
export type MultiUnitBookingInput = z.input<typeof multiUnitBookingSchema>;
export type MultiUnitBooking = z.output<typeof multiUnitBookingSchema>;

/** The full SPEC §5 rules, with check-in on or after `today` (the resort's today). */
export function makeMultiUnitBookingSchema(today: string) {
  return withStayRules(multiUnitFields.extend({ check_in: notPastCheckInField(today) }));
}

/** One way of naming units in the availability query: a comma-separated string or repeated. */
const unitIdListField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : [value ?? ''])
      .flatMap((part) => part.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(z.array(idField(MESSAGES.selectUnit)).max(50));

/**
 * SPEC §7 GET /api/availability/multi-unit query: unit_ids comma-separated or units[] repeated
 * (a query string parser keeps the brackets in the name; plain repeated `units` is taken too).
 * No ids asks about every unit.
 */
export const multiUnitAvailabilityQuerySchema = withStayRules(
  z.object({
    unit_ids: unitIdListField,
    'units[]': unitIdListField,
    units: unitIdListField,
    check_in: dateField,
    check_out: dateField,
  }),
).transform(({ unit_ids, units, 'units[]': bracketed, ...stay }) => ({
  ...stay,
  unit_ids: [...new Set([...unit_ids, ...bracketed, ...units].map((id) => id.toLowerCase()))],
}));
export type MultiUnitAvailabilityQuery = z.output<typeof multiUnitAvailabilityQuerySchema>;
