import { z } from 'zod';
import { optionalDateField } from '../../domain/schemas/common.schema';

/** DESIGN §5 availability_blackouts, with the cabin's name and code for lists. */
export const blackoutSchema = z.object({
  blackout_id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  unit_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlackoutDto = z.infer<typeof blackoutSchema>;

/** GET /api/blackouts: by unit and by the dates they touch (SPEC §7 "date-range overlap"). */
export const blackoutListQuerySchema = z.object({
  unit_id: z.guid({ error: 'Please select a cabin' }).optional(),
  from: optionalDateField,
  to: optionalDateField,
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(200).catch(50),
});
export type BlackoutListQuery = z.output<typeof blackoutListQuerySchema>;

export const blackoutListResponseSchema = z.object({
  data: z.array(blackoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const blackoutIdParamsSchema = z.object({ id: z.string().max(100) });
