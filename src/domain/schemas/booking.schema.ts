import { z } from 'zod';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  ID_TYPES,
  LIMITS,
  PAYMENT_METHODS,
} from '../constants';
import { isIsoDate } from '../dates';
import { MESSAGES } from '../messages';
import { RATE_PLANS } from '../pricing';
import {
  fieldsParsed,
  optionalTextField,
  recordIdParamsSchema,
  requiredTextField,
  searchField,
  listResponseSchema,
} from './common.schema';
import { paymentDtoSchema } from './payment.schema';
import { unitDtoSchema } from './unit.schema';

/** DESIGN §5 request and response shapes of /api/bookings. */

export const BOOKING_SORTS = [
  'created_at',
  'booking_status',
  'total_amount',
  'guest_name',
  'check_in',
] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

const listDate = z.string().refine(isIsoDate, MESSAGES.invalidDate).optional();

/**
 * SPEC §7 bookings list filters. `status` is accepted as another name for booking_status, since
 * the page's URL says `/bookings?status=` (SPEC §2).
 */
export const bookingListQuerySchema = z
  .object({
    booking_status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }).optional(),
    status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }).optional(),
    payment_status: z
      .enum(BOOKING_PAYMENT_STATUSES, { error: 'Unknown payment status' })
      .optional(),
    guest_id: z.guid({ error: 'Unknown guest' }).optional(),
    /** Issue 17: a balance due (not cancelled), or overdue (its due date has passed). */
    balance: z.enum(['due', 'overdue'], { error: 'Balance must be due or overdue' }).optional(),
    unit_id: z.guid({ error: 'Unknown cabin' }).optional(),
    /** Issue 22: where the booking came from. */
    source: z.enum(BOOKING_SOURCES, { error: 'Unknown booking source' }).optional(),
    date_from: listDate,
    date_to: listDate,
    search: searchField,
    sort: z.enum(BOOKING_SORTS, { error: 'Unknown sort' }).default('created_at'),
    order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(LIMITS.bookings_page_size),
  })
  .transform(({ status, booking_status, ...rest }) => ({
    ...rest,
    booking_status: booking_status ?? status,
  }));
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

/** A record id from a URL, checked first by http's requireRecordId (record-id.ts). */
export const bookingIdParamsSchema = recordIdParamsSchema;

/**
 * `override_reason` (DESIGN §8's field of this endpoint): required from a manager for a status
 * correction (CheckedIn → Confirmed, Confirmed → Pending) and for confirming without a verified
 * payment (issue 15). Blank counts as missing.
 */
export const statusChangeBodySchema = z
  .object({
    status: z.enum(BOOKING_STATUSES, { error: 'Please choose a booking status' }),
    override_reason: optionalTextField(LIMITS.internal_notes_max),
    /**
     * Issue 22, checking in: the guest's ID. Required when the booking has no e-mail address (a
     * walk-in; the server checks that), else optional but both or neither.
     */
    id_type: z.enum(ID_TYPES, { error: 'Please choose an ID type' }).optional(),
    id_number: optionalTextField(LIMITS.id_number_max, 'An ID number is at most 50 characters'),
  })
  .refine((body) => !(body.id_number && !body.id_type), {
    message: 'Please choose an ID type',
    path: ['id_type'],
    when: fieldsParsed('id_type', 'id_number'),
  })
  .refine((body) => !(body.id_type && !body.id_number), {
    message: "Enter the ID's number",
    path: ['id_number'],
    when: fieldsParsed('id_type', 'id_number'),
  });
export type StatusChangeBody = z.output<typeof statusChangeBodySchema>;

/** DESIGN §4 cancellation: a reason, and whether the guest never came (a no-show forfeits all). */
export const cancelBodySchema = z.object({
  reason: requiredTextField(LIMITS.internal_notes_max),
  no_show: z.boolean({ error: 'Must be true or false' }).optional(),
});

const money = z.number();
const isoDate = z.string();
const timestamp = z.string();

/** A booking line's cabin: the unit DTO's booking-relevant fields. */
export const unitSummarySchema = unitDtoSchema
  .pick({
    unit_id: true,
    unit_name: true,
    unit_code: true,
    unit_type: true,
    base_occupancy: true,
    max_occupancy: true,
    base_rate: true,
    weekend_rate: true,
    extra_person_rate: true,
  })
  .extend({ unit_status: z.string() });

export type BookingUnitSummaryDto = z.infer<typeof unitSummarySchema>;

export const bookingUnitSchema = z.object({
  booking_unit_id: z.string(),
  booking_id: z.string(),
  unit_id: z.string(),
  /** Issue 22: a line's own nights. The booking's stay unless the stay was split by a move. */
  check_in: isoDate,
  check_out: isoDate,
  unit_price: money,
  weekend_surcharge: money,
  extra_person_charge: money,
  subtotal: money,
  assigned_guests: z.number().int(),
  unit_notes: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  unit: unitSummarySchema.nullable(),
});

export type BookingLineDto = z.infer<typeof bookingUnitSchema>;

export const bookingGuestSchema = z.object({
  guest_id: z.string(),
  guest_name: z.string(),
  /** Null for a walk-in booked with a phone number only (issue 22). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_corporate: z.boolean(),
  total_bookings: z.number().int(),
  cancelled_bookings: z.number().int(),
  /** Left out for the staff role when owners hide revenue from staff (settings.access). */
  total_spent: money.optional(),
  anonymized_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export type BookingGuestDto = z.infer<typeof bookingGuestSchema>;

/** SPEC §3 Booking, read together with booking_units (each with its unit) and guest. */
export const bookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_id: z.string().nullable(),
  guest_name: z.string(),
  contact_number: z.string().nullable(),
  /** Null for a walk-in booked with a phone number only (issue 22). */
  email: z.string().nullable(),
  num_guests: z.number().int(),
  check_in: isoDate,
  check_out: isoDate,
  nights: z.number().int(),
  base_amount: money,
  total_surcharges: money,
  discount_name: z.string().nullable(),
  discount_amount: money,
  vat_amount: money,
  local_tax_amount: money,
  tax_amount: money,
  total_amount: money,
  /** Issue 17, from the folio: verified payments less refunds, and charges less that. */
  paid_total: money,
  balance: money,
  deposit_amount: money,
  /** 'YYYY-MM-DD', or null when nothing remains due. */
  balance_due_date: isoDate.nullable(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_proof_url: z.string().nullable(),
  special_requests: z.string().nullable(),
  internal_notes: z.string().nullable(),
  is_multi_unit: z.boolean(),
  unit_count: z.number().int(),
  /** Issue 22: where the booking came from, and the staff user who made it (null: the guest). */
  source: z.enum(BOOKING_SOURCES),
  created_by_name: z.string().nullable(),
  /** Issue 22: the ID recorded at check-in; never the whole number. */
  id_type: z.enum(ID_TYPES).nullable(),
  id_number_last4: z.string().nullable(),
  /** Issue 21: the promo code the booking was made with (when it applied), its rate plan, and a
   * manager's reason for booking past a stay rule. */
  promo_code: z.string().nullable(),
  rate_plan: z.enum(RATE_PLANS),
  rule_override_reason: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  cancelled_at: timestamp.nullable(),
  confirmed_at: timestamp.nullable(),
  checked_in_at: timestamp.nullable(),
  checked_out_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  booking_units: z.array(bookingUnitSchema),
  guest: bookingGuestSchema.nullable(),
});
export type BookingDto = z.infer<typeof bookingSchema>;

/** DESIGN §5 GET /api/bookings/:id: the booking with its lines, guest and payments. */
export const bookingDetailSchema = bookingSchema.extend({
  payments: z.array(paymentDtoSchema),
  /** The folio's balance, at least 0 (pesos, exact). */
  balance_due: z.number(),
});
export type BookingDetailDto = z.infer<typeof bookingDetailSchema>;

/** POST /api/bookings/:id/status: the booking, and whether the guest was e-mailed. */
export const bookingStatusChangedSchema = z.object({
  data: bookingDetailSchema,
  /** Present when the move confirmed the booking (SPEC §1's written confirmation). */
  confirmation_email_sent: z.boolean().optional(),
});
export type BookingStatusChanged = z.infer<typeof bookingStatusChangedSchema>;

export const bookingListResponseSchema = listResponseSchema(bookingSchema);
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

export const refundSchema = z.object({
  percent: z.number(),
  amount: money,
  days_before: z.number().int(),
});

export type RefundDto = z.infer<typeof refundSchema>;

export const refundPreviewSchema = refundSchema.extend({
  /** Verified payments less refunds, in pesos: what the percentage applies to. */
  paid_amount: money,
  check_in: isoDate,
  /** The resort's today (DESIGN §3). */
  cancelled_on: isoDate,
  /** False when the booking's status cannot move to Cancelled. */
  can_cancel: z.boolean(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const cancelResponseSchema = z.object({
  data: bookingDetailSchema,
  refund: refundSchema,
  /** Whether the guest was e-mailed the cancellation with its refund (issue 15). */
  cancellation_email_sent: z.boolean().optional(),
});

export const auditEntrySchema = z.object({
  audit_id: z.string(),
  created_at: timestamp,
  action: z.string(),
  event_type: z.string().nullable(),
  user_email: z.string().nullable(),
  changed_fields: z.array(z.string()).nullable(),
  old_data: z.unknown(),
  new_data: z.unknown(),
  description: z.string().nullable(),
  severity: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
