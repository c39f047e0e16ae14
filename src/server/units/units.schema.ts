import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, UNIT_STATUSES } from '../../domain/constants';
import {
  RATE_RANGE_MESSAGE,
  isRateRangeContradictory,
  unitFiltersSchema,
} from '../../domain/schemas/unit.schema';
import { unitPhotoSchema } from './unit-photos.schema';

/** Staff unit DTO: SPEC §3's fields plus the description; timestamps as ISO strings. */
export const unitSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  unit_type: z.string(),
  description: z.string().nullable(),
  base_occupancy: z.number().int(),
  max_occupancy: z.number().int(),
  base_rate: z.number(),
  weekend_rate: z.number(),
  extra_person_rate: z.number(),
  unit_status: z.enum(UNIT_STATUSES),
  amenities: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 15: in order, on the list and detail answers. */
  photos: z.array(unitPhotoSchema).optional(),
});
export type UnitDto = z.infer<typeof unitSchema>;

/** SPEC §7 "Revenue stats for a unit": distinct non-cancelled bookings, their total and average. */
export const unitStatsSchema = z.object({
  total_bookings: z.number().int(),
  /** Revenue figures are left out for the staff role when owners hide revenue from staff. */
  total_revenue: z.number().optional(),
  average_revenue: z.number().optional(),
});
export type UnitStats = z.infer<typeof unitStatsSchema>;

export const unitBookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  guest_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  num_guests: z.number().int(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  total_amount: z.number(),
  is_multi_unit: z.boolean(),
});
export type UnitBooking = z.infer<typeof unitBookingSchema>;

export const unitDetailSchema = unitSchema.extend({
  stats: unitStatsSchema,
  bookings: z.array(unitBookingSchema),
  /** Every booking with a line in the unit, cancelled ones too: any of them prevents a delete. */
  booking_count: z.number().int(),
});
export type UnitDetail = z.infer<typeof unitDetailSchema>;

export const UNIT_SORTS = [
  'unit_name',
  'unit_code',
  'unit_type',
  'base_rate',
  'max_occupancy',
  'unit_status',
  'created_at',
] as const;
export type UnitSort = (typeof UNIT_SORTS)[number];

/** GET /api/units: SPEC §5's filters with paging and a sort (SPEC §7: by name by default). */
export const unitListQuerySchema = unitFiltersSchema
  .extend({
    page_size: z.coerce.number().int().min(1).max(100).catch(25),
    sort: z.enum(UNIT_SORTS).catch('unit_name'),
    order: z.enum(['asc', 'desc']).catch('asc'),
  })
  .refine((query) => !isRateRangeContradictory(query.min_rate, query.max_rate), {
    message: RATE_RANGE_MESSAGE,
    path: ['min_rate'],
  });
export type UnitListQuery = z.output<typeof unitListQuerySchema>;

export const unitListResponseSchema = z.object({
  data: z.array(unitSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** GET /api/units/upcoming-bookings: per selected unit, its bookings still to come or under way. */
export const unitUpcomingBookingsResponseSchema = z.object({
  data: z.array(
    z.object({
      unit_id: z.string(),
      unit_name: z.string(),
      unit_status: z.enum(UNIT_STATUSES),
      bookings: z.array(
        z.object({
          booking_id: z.string(),
          booking_reference: z.string(),
          guest_name: z.string(),
          check_in: z.string(),
          check_out: z.string(),
          booking_status: z.enum(BOOKING_STATUSES),
        }),
      ),
    }),
  ),
});
export type UnitUpcomingBookings = z.infer<typeof unitUpcomingBookingsResponseSchema>['data'];

/** Any text: an id that is not a uuid is simply a unit that does not exist (404). */
export const unitIdParamsSchema = z.object({ id: z.string().max(100) });
