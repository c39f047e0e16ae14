import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  emailField,
  guestNameField,
  philippinePhoneField,
  searchField,
  listResponseSchema,
} from './common.schema';

/** Notes kept on a guest (the column allows 1,000 characters). */
export const GUEST_NOTES_MAX = 1000;

/**
 * PATCH /api/guests/:id (managers and above): SPEC §5's name, e-mail and Philippine phone rules.
 * An emptied phone or note clears it (null); an omitted field is left as it is.
 */
export const guestUpdateSchema = z.object({
  guest_name: guestNameField.optional(),
  email: emailField(MESSAGES.invalidEmail).optional(),
  phone_number: z
    .preprocess((value) => (value === '' ? null : value), philippinePhoneField.nullable())
    .optional(),
  notes: clearableTextField(GUEST_NOTES_MAX),
  is_corporate: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type GuestUpdateInput = z.input<typeof guestUpdateSchema>;
export type GuestUpdate = z.output<typeof guestUpdateSchema>;

export const ANONYMIZE_CONFIRM_MESSAGE = "Type the guest's name exactly to confirm.";

/** POST /api/guests/:id/anonymize: the guest's current name, typed again to confirm. */
export const anonymizeGuestSchema = z.object({
  confirm_name: z
    .string({ error: ANONYMIZE_CONFIRM_MESSAGE })
    .trim()
    .min(1, ANONYMIZE_CONFIRM_MESSAGE)
    .max(200, ANONYMIZE_CONFIRM_MESSAGE),
});

/** DESIGN §5 shapes of /api/guests. */

export const guestListQuerySchema = z.object({
  search: searchField,
  sort: z
    .enum(['created_at', 'guest_name', 'total_spent', 'total_bookings'], { error: 'Unknown sort' })
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

/** SPEC §3 Guest, plus what the back office keeps about them (notes, corporate, anonymised). */
export const guestSchema = z.object({
  guest_id: z.string(),
  guest_name: z.string(),
  /** Null for a walk-in known by phone only (issue 22). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  notes: z.string().nullable(),
  is_corporate: z.boolean(),
  /** Every booking of the guest, cancelled ones included (issue 15). */
  total_bookings: z.number().int(),
  cancelled_bookings: z.number().int(),
  /** Money kept: verified payments less refunds. Left out for the staff role when owners hide
   * revenue from staff (settings.access). */
  total_spent: z.number().optional(),
  anonymized_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GuestDto = z.infer<typeof guestSchema>;

export const guestListResponseSchema = listResponseSchema(guestSchema);
export type GuestListResponse = z.infer<typeof guestListResponseSchema>;

/** A booking on a guest's page: with its units' names and codes (SPEC §2). */
export const guestBookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  num_guests: z.number().int(),
  total_amount: z.number(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  created_at: z.string(),
  units: z.array(z.object({ unit_id: z.string(), unit_name: z.string(), unit_code: z.string() })),
});

export type GuestBookingDto = z.infer<typeof guestBookingSchema>;

export const guestStatsSchema = z.object({
  total_bookings: z.number().int(),
  total_spent: z.number().optional(),
  average_spent: z.number().optional(),
});

export const guestDetailSchema = guestSchema.extend({
  bookings: z.array(guestBookingSchema),
  stats: guestStatsSchema,
});
export type GuestDetailDto = z.infer<typeof guestDetailSchema>;
