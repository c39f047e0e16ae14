import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_SOURCES, BOOKING_STATUSES, LIMITS } from '../constants';
import { isIsoDate } from '../dates';
import { MESSAGES } from '../messages';
import { dateField, fieldsParsed, idField, requiredTextField } from './common.schema';
import { bookingDetailSchema } from './booking.schema';

/** Issue 22, DESIGN §8: the front desk's day sheet and the three changes of a stay. */

/** GET /api/front-desk?date=YYYY-MM-DD (default: the resort's today). */
export const frontDeskQuerySchema = z.object({
  date: z
    .string({ error: MESSAGES.invalidDate })
    .refine(isIsoDate, MESSAGES.invalidDate)
    .optional(),
});
export type FrontDeskQuery = z.output<typeof frontDeskQuerySchema>;

/** One cabin of a stay on the day sheet, with the line's own nights (a split stay has two). */
export const frontDeskUnitSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  /** Clean, Dirty, Inspected or Out of order (issue 22's housekeeping status). */
  housekeeping_status: z.string(),
  check_in: z.string(),
  check_out: z.string(),
});
export type FrontDeskUnitDto = z.infer<typeof frontDeskUnitSchema>;

export const frontDeskStaySchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_name: z.string(),
  contact_number: z.string().nullable(),
  email: z.string().nullable(),
  num_guests: z.number().int(),
  check_in: z.string(),
  check_out: z.string(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  /** The folio's balance due, in pesos (exact, like the folio's amounts); at least 0. */
  balance: z.number(),
  special_requests: z.string().nullable(),
  source: z.enum(BOOKING_SOURCES),
  /** Whether an ID was recorded at check-in. */
  id_recorded: z.boolean(),
  units: z.array(frontDeskUnitSchema),
});
export type FrontDeskStayDto = z.infer<typeof frontDeskStaySchema>;

export const frontDeskSchema = z.object({
  date: z.string(),
  /** check_in = date; Pending, Confirmed or CheckedIn. */
  arrivals: z.array(frontDeskStaySchema),
  /** CheckedIn with check_in < date < check_out. */
  in_house: z.array(frontDeskStaySchema),
  /** check_out = date (or a line of a split stay ending that day); CheckedIn or CheckedOut. */
  departures: z.array(frontDeskStaySchema),
});
export type FrontDeskDto = z.infer<typeof frontDeskSchema>;

export const frontDeskResponseSchema = z.object({ data: frontDeskSchema });
export type FrontDeskResponse = z.infer<typeof frontDeskResponseSchema>;

/**
 * POST /api/bookings/:id/early-departure: the guest leaves on `check_out` (after check-in, before
 * the booked check-out). `refund: true` credits the released nights' room charges as the refund
 * rule allows; false keeps the charges. A reason either way.
 */
export const earlyDepartureBodySchema = z.object({
  check_out: dateField,
  refund: z.boolean({ error: 'Must be true or false' }),
  reason: requiredTextField(LIMITS.internal_notes_max),
});
export type EarlyDepartureInput = z.input<typeof earlyDepartureBodySchema>;
export type EarlyDepartureBody = z.output<typeof earlyDepartureBodySchema>;

/** POST /api/bookings/:id/extend: a later check-out; the added nights priced by the rate rules. */
export const extendBodySchema = z.object({ check_out: dateField });
export type ExtendInput = z.input<typeof extendBodySchema>;
export type ExtendBody = z.output<typeof extendBodySchema>;

/**
 * POST /api/bookings/:id/move: from `from_date` the guest sleeps in `to_unit_id` instead of
 * `from_unit_id`. from_date = check-in moves the whole stay; later splits it at that date.
 */
export const moveBodySchema = z
  .object({
    from_unit_id: idField(MESSAGES.selectUnit).transform((id) => id.toLowerCase()),
    to_unit_id: idField(MESSAGES.selectUnit).transform((id) => id.toLowerCase()),
    from_date: dateField,
  })
  .refine((body) => body.from_unit_id !== body.to_unit_id, {
    message: 'Choose a different cabin',
    path: ['to_unit_id'],
    when: fieldsParsed('from_unit_id', 'to_unit_id'),
  });
export type MoveInput = z.input<typeof moveBodySchema>;
export type MoveBody = z.output<typeof moveBodySchema>;

/** The answer of early departure: the booking, the nights released and the credit (pesos). */
export const earlyDepartureResponseSchema = z.object({
  data: bookingDetailSchema,
  released_nights: z.array(z.string()),
  refund_amount: z.number(),
});
export type EarlyDepartureResponse = z.infer<typeof earlyDepartureResponseSchema>;

/** The answer of extend: the booking, the nights added and their charge (pesos, with taxes). */
export const extendResponseSchema = z.object({
  data: bookingDetailSchema,
  added_nights: z.array(z.string()),
  charge_amount: z.number(),
});
export type ExtendResponse = z.infer<typeof extendResponseSchema>;

/** The answer of move: the booking (its lines now split) and the nights moved. */
export const moveResponseSchema = z.object({
  data: bookingDetailSchema,
  moved_nights: z.array(z.string()),
});
export type MoveResponse = z.infer<typeof moveResponseSchema>;
