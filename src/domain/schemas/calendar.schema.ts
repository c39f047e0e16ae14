import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** DESIGN §5 `GET /api/public/calendar?from&to`: per unit, the nights taken or blocked. No guest data. */
export const publicCalendarSchema = z.object({
  from: isoDate,
  to: isoDate,
  units: z.array(
    z.object({
      unit_id: z.string().uuid(),
      unit_name: z.string(),
      unit_type: z.string(),
      max_occupancy: z.number().int(),
      base_rate: z.number(),
      /** Nights (the date of the evening) with a booking. */
      taken: z.array(isoDate),
      /** Nights closed by a blackout. */
      blocked: z.array(isoDate),
    }),
  ),
});
export type PublicCalendar = z.infer<typeof publicCalendarSchema>;
export type PublicCalendarUnit = PublicCalendar['units'][number];
