import { z } from 'zod';
import {
  BOOKING_PAYMENT_STATUSES,
  BOOKING_STATUSES,
  HOUSEKEEPING_STATUSES,
  LIMITS,
  UNIT_STATUSES,
  UNIT_TYPES,
} from '../constants';
import { maxLengthMessage, MESSAGES, REQUIRED } from '../messages';
import { sanitizeName, sanitizeText } from '../sanitize';
import {
  clearableTextField,
  fieldsParsed,
  idField,
  listResponseSchema,
  pageField,
  searchField,
} from './common.schema';
import { unitPhotoSchema } from './unit-photo.schema';

/** The database's limit on a cabin's description (migration 0001). */
export const UNIT_DESCRIPTION_MAX = 2000;

const rateField = z
  .number({ error: MESSAGES.rateInvalid })
  .min(LIMITS.rate_min, MESSAGES.rateMin)
  .max(LIMITS.rate_max, MESSAGES.rateMax);

/**
 * SPEC §3 amenities: a list of strings, or an object whose string values are the list, or null.
 * Each is plain text up to 50 characters; at most 50 of them; blanks and repeats dropped.
 */
const amenitiesField = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const items = Array.isArray(value) ? value : Object.values(value);
    const names = items
      .filter((item): item is string => typeof item === 'string')
      .map((item) => sanitizeText(item, 50))
      .filter((item) => item !== '');
    return [...new Set(names)].slice(0, 50);
  });

const unitFields = z.object({
  unit_name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(LIMITS.unit_name_max, maxLengthMessage(LIMITS.unit_name_max))
    .transform((name) => sanitizeName(name))
    .refine((name) => name !== '', REQUIRED),
  // SPEC §5: upper-case letters and digits; lower-case input is upper-cased first.
  unit_code: z
    .string({ error: REQUIRED })
    .trim()
    .toUpperCase()
    .min(1, REQUIRED)
    .max(LIMITS.unit_code_max, maxLengthMessage(LIMITS.unit_code_max))
    .regex(/^[A-Z0-9]+$/, MESSAGES.unitCodeFormat),
  unit_type: z.enum(UNIT_TYPES, { error: MESSAGES.selectUnitType }),
  base_occupancy: z
    .number({ error: MESSAGES.baseOccupancyMin })
    .int(MESSAGES.occupancyWhole)
    .min(LIMITS.occupancy_min, MESSAGES.baseOccupancyMin)
    .max(LIMITS.occupancy_max, MESSAGES.baseOccupancyMax),
  max_occupancy: z
    .number({ error: MESSAGES.maxOccupancyMin })
    .int(MESSAGES.occupancyWhole)
    .min(LIMITS.occupancy_min, MESSAGES.maxOccupancyMin)
    .max(LIMITS.occupancy_max, MESSAGES.maxOccupancyMax),
  base_rate: rateField,
  weekend_rate: rateField,
  extra_person_rate: z
    .number({ error: MESSAGES.rateInvalid })
    .min(LIMITS.extra_person_rate_min, MESSAGES.extraPersonRateNegative)
    .max(LIMITS.extra_person_rate_max, MESSAGES.extraPersonRateMax),
  unit_status: z.enum(UNIT_STATUSES, { error: MESSAGES.selectUnitStatus }).default('Available'),
  amenities: amenitiesField,
  // Issue 15: shown to guests on the home page, the booking form and the calendar.
  description: clearableTextField(UNIT_DESCRIPTION_MAX),
});

type UnitCrossFields = {
  base_rate?: number | undefined;
  weekend_rate?: number | undefined;
  base_occupancy?: number | undefined;
  max_occupancy?: number | undefined;
};

/** SPEC §5: weekend rate ≥ base rate; base occupancy ≤ maximum occupancy (when both present). */
function withUnitRules<T extends z.ZodType<UnitCrossFields>>(schema: T): T {
  return schema
    .refine(
      (unit) =>
        unit.base_rate === undefined ||
        unit.weekend_rate === undefined ||
        unit.weekend_rate >= unit.base_rate,
      {
        message: MESSAGES.weekendRateBelowBase,
        path: ['weekend_rate'],
        when: fieldsParsed('base_rate', 'weekend_rate'),
      },
    )
    .refine(
      (unit) =>
        unit.base_occupancy === undefined ||
        unit.max_occupancy === undefined ||
        unit.base_occupancy <= unit.max_occupancy,
      {
        message: MESSAGES.baseOccupancyAboveMax,
        path: ['base_occupancy'],
        when: fieldsParsed('base_occupancy', 'max_occupancy'),
      },
    );
}

/** SPEC §5 "Unit form" ("Create New Cabin", POST /api/units). */
export const unitSchema = withUnitRules(unitFields);
export type UnitFormInput = z.input<typeof unitSchema>;
export type UnitForm = z.output<typeof unitSchema>;

/**
 * PATCH /api/units/:id: any subset. The cross-field rules apply when both fields are sent; the
 * service checks them again against the stored unit.
 */
export const unitUpdateSchema = withUnitRules(
  unitFields
    .extend({
      unit_status: z.enum(UNIT_STATUSES, { error: MESSAGES.selectUnitStatus }),
    })
    .partial(),
);
export type UnitUpdateInput = z.input<typeof unitUpdateSchema>;
export type UnitUpdate = z.output<typeof unitUpdateSchema>;

/** SPEC §7 bulk status change (POST /api/units/bulk-status). */
export const unitBulkStatusSchema = z.object({
  unit_ids: z.array(idField(MESSAGES.selectUnit)).min(1, MESSAGES.selectAtLeastOneUnit).max(100),
  unit_status: z.enum(UNIT_STATUSES, { error: MESSAGES.selectUnitStatus }),
});
export type UnitBulkStatus = z.output<typeof unitBulkStatusSchema>;

/**
 * GET /api/units/upcoming-bookings: the cabins a bulk status change is about to touch, as
 * `unit_ids=a,b` (or the parameter repeated); 1 to 100 of them.
 */
export const unitUpcomingBookingsQuerySchema = z.object({
  unit_ids: z
    .union([z.string(), z.array(z.string())], { error: MESSAGES.selectAtLeastOneUnit })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(idField(MESSAGES.selectUnit)).min(1, MESSAGES.selectAtLeastOneUnit).max(100)),
});
export type UnitUpcomingBookingsQuery = z.output<typeof unitUpcomingBookingsQuerySchema>;

/**
 * SPEC §2 and §5 unit filters (the /units search params and GET /api/units query): status,
 * type, search, min_rate and max_rate at least 0, min_occupancy at least 1. Query strings arrive
 * as text, so numbers are coerced.
 */
export const unitFiltersSchema = z.object({
  status: z.enum(UNIT_STATUSES).optional(),
  type: z.enum(UNIT_TYPES).optional(),
  search: searchField,
  min_rate: z.coerce
    .number({ error: MESSAGES.minRateNegative })
    .min(0, MESSAGES.minRateNegative)
    .optional(),
  max_rate: z.coerce
    .number({ error: MESSAGES.maxRateNegative })
    .min(0, MESSAGES.maxRateNegative)
    .optional(),
  min_occupancy: z.coerce
    .number({ error: MESSAGES.minOccupancyMin })
    .int(MESSAGES.minOccupancyMin)
    .min(1, MESSAGES.minOccupancyMin)
    .optional(),
  page: pageField,
});
export type UnitFiltersInput = z.input<typeof unitFiltersSchema>;

export const RATE_RANGE_MESSAGE = 'Minimum must not be above maximum';

/** A rate range whose minimum is above its maximum matches nothing: it is refused, not searched. */
export function isRateRangeContradictory(
  minRate: number | undefined,
  maxRate: number | undefined,
): boolean {
  return minRate !== undefined && maxRate !== undefined && minRate > maxRate;
}
export type UnitFilters = z.output<typeof unitFiltersSchema>;

/** Staff unit DTO: SPEC §3's fields plus the description; timestamps as ISO strings. */
export const unitDtoSchema = z.object({
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
  /** Issue 22: Clean, Dirty, Inspected or Out of order, apart from the sales status. */
  housekeeping_status: z.enum(HOUSEKEEPING_STATUSES),
  amenities: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 15: in order, on the list and detail answers. */
  photos: z.array(unitPhotoSchema).optional(),
});
export type UnitDto = z.infer<typeof unitDtoSchema>;

/** POST /api/units/bulk-status: the units as changed and how many (SPEC §7). */
export const unitBulkStatusResponseSchema = z.object({
  data: z.array(unitDtoSchema),
  updated: z.number().int(),
});
export type UnitBulkStatusResult = z.infer<typeof unitBulkStatusResponseSchema>;

/** DESIGN §5 GET /api/public/units: the Available units with their SPEC §3 fields, nothing internal. */
export const publicUnitSchema = unitDtoSchema
  .omit({ created_at: true, updated_at: true, photos: true, housekeeping_status: true })
  .extend({
    unit_id: z.string().uuid(),
    unit_status: z.string(),
    /** Issue 15: the cabin's photos in order; the first is its picture on cards. */
    photos: z.array(unitPhotoSchema),
  });
export type PublicUnit = z.infer<typeof publicUnitSchema>;

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

export const unitDetailSchema = unitDtoSchema.extend({
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

export const unitListResponseSchema = listResponseSchema(unitDtoSchema);
export type UnitListResponse = z.infer<typeof unitListResponseSchema>;

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
