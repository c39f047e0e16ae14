import { z } from 'zod';
import {
  BLACKOUT_KINDS,
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  UNIT_STATUSES,
} from '../constants';
import { optionalDateField } from './common.schema';

/** The longest range one calendar request may cover (a quarter, for a three-month view). */
export const CALENDAR_MAX_DAYS = 93;

export const calendarQuerySchema = z.object({
  from: optionalDateField,
  to: optionalDateField,
  unit: z.guid({ error: 'Please select a cabin' }).optional(),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

const calendarUnitSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  unit_type: z.string(),
  unit_status: z.enum(UNIT_STATUSES),
  max_occupancy: z.number().int(),
});

export type CalendarUnit = z.infer<typeof calendarUnitSchema>;

export const calendarBookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_name: z.string(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  check_in: z.string(),
  check_out: z.string(),
  num_guests: z.number().int(),
});
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;

export const calendarBlackoutSchema = z.object({
  blackout_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string().nullable(),
  /** Issue 22: a plain blackout, a cabin out of order or scheduled maintenance (the tape chart). */
  kind: z.enum(BLACKOUT_KINDS),
});
export type CalendarBlackout = z.infer<typeof calendarBlackoutSchema>;

/** Issue 19: nights a channel holds (end_date is the checkout day, exclusive). */
export const calendarHoldSchema = z.object({
  hold_id: z.string(),
  channel: z.string(),
  feed_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  conflict: z.boolean(),
});
export type CalendarHold = z.infer<typeof calendarHoldSchema>;

export const calendarResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    today: z.string(),
    units: z.array(
      calendarUnitSchema.extend({
        bookings: z.array(calendarBookingSchema),
        blackouts: z.array(calendarBlackoutSchema),
        holds: z.array(calendarHoldSchema),
      }),
    ),
  }),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>['data'];
export type CalendarRow = CalendarResponse['units'][number];

export const TODAY_STATUSES = [
  'free',
  'occupied',
  'arriving',
  'departing',
  'blocked',
  'maintenance',
] as const;
export type TodayStatus = (typeof TODAY_STATUSES)[number];

export const overviewQuerySchema = z.object({ date: optionalDateField });

export const overviewResponseSchema = z.object({
  data: z.object({
    date: z.string(),
    units: z.array(
      calendarUnitSchema.extend({
        status: z.enum(TODAY_STATUSES),
        arriving: calendarBookingSchema.nullable(),
        departing: calendarBookingSchema.nullable(),
        staying: calendarBookingSchema.nullable(),
        blackout: calendarBlackoutSchema.nullable(),
      }),
    ),
  }),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>['data'];
export type OverviewUnit = OverviewResponse['units'][number];

/** What stands in the way of one unit for the asked nights (migrations/0007). */
export const CONFLICT_TYPES = [
  'booking',
  'blackout',
  'external_hold',
  'unit_status',
  'not_found',
] as const;

export const availabilityConflictSchema = z.object({
  type: z.enum(CONFLICT_TYPES),
  reason: z.string(),
  booking_id: z.string().optional(),
  booking_reference: z.string().optional(),
  booking_status: z.enum(BOOKING_STATUSES).optional(),
  blackout_id: z.string().optional(),
  hold_id: z.string().optional(),
  channel: z.string().optional(),
  unit_status: z.enum(UNIT_STATUSES).optional(),
  /** For a booking its stay; for a blackout its first and last blocked day. */
  check_in: z.string().optional(),
  check_out: z.string().optional(),
});

export const multiUnitAvailabilityResponseSchema = z.object({
  data: z.object({
    check_in: z.string(),
    check_out: z.string(),
    results: z.array(
      z.object({
        unit_id: z.string(),
        is_available: z.boolean(),
        conflicting_bookings: z.array(availabilityConflictSchema),
      }),
    ),
  }),
});
export type MultiUnitAvailabilityResponse = z.infer<
  typeof multiUnitAvailabilityResponseSchema
>['data'];
export type UnitAvailability = MultiUnitAvailabilityResponse['results'][number];
export type AvailabilityConflict = z.infer<typeof availabilityConflictSchema>;
