import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../constants';

export const dashboardQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please select a valid month')
    .optional(),
});

/** A figure with the same figure of the period before (null when there is nothing to compare). */
const trendSchema = z.object({
  previous: z.number(),
  /** Relative change in percent, rounded to one decimal; null when the previous figure is 0. */
  change_percent: z.number().nullable(),
});

const dayBookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_name: z.string(),
  num_guests: z.number().int(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  check_in: z.string(),
  check_out: z.string(),
  unit_names: z.string(),
});
export type DayBooking = z.infer<typeof dayBookingSchema>;

export const dashboardResponseSchema = z.object({
  data: z.object({
    month: z.string(),
    previous_month: z.string(),
    today: z.string(),
    cards: z.object({
      occupancy: trendSchema.extend({
        /** Percent of cabin-nights booked, one decimal. */
        value: z.number(),
        booked_nights: z.number().int(),
        available_nights: z.number().int(),
      }),
      /** Left out for the staff role when the owners hide revenue from staff (settings.access). */
      revenue: trendSchema.extend({ value: z.number(), bookings: z.number().int() }).optional(),
      arrivals_today: trendSchema.extend({ value: z.number().int() }),
      departures_today: trendSchema.extend({ value: z.number().int() }),
      payments_awaiting: z.object({
        value: z.number().int(),
        /** Waiting longer than the 24 hours guests are promised (SPEC §1). */
        over_24_hours: z.number().int(),
      }),
    }),
    arrivals: z.array(dayBookingSchema),
    departures: z.array(dayBookingSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardResponseSchema>['data'];
