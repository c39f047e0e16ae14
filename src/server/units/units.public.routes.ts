import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type UnitPhotoDto, unitPhotoSchema } from '../../domain/schemas/unit-photo.schema';
import { publicRateLimit } from '../http/rate-limit';
import { photosByUnit } from './unit-photos.service';
import { findAvailableUnits, type UnitRow } from './units.repository';

/** DESIGN §5: the Available units with their SPEC §3 fields, and nothing internal. */
export const publicUnitSchema = z.object({
  unit_id: z.string().uuid(),
  unit_name: z.string(),
  unit_code: z.string(),
  unit_type: z.string(),
  description: z.string().nullable(),
  base_occupancy: z.number().int(),
  max_occupancy: z.number().int(),
  base_rate: z.number(),
  weekend_rate: z.number(),
  extra_person_rate: z.number(),
  unit_status: z.string(),
  amenities: z.array(z.string()).nullable(),
  /** Issue 15: the cabin's photos in order; the first is its picture on cards. */
  photos: z.array(unitPhotoSchema),
});
export type PublicUnit = z.infer<typeof publicUnitSchema>;

export function toPublicUnit(row: UnitRow, photos: UnitPhotoDto[] = []): PublicUnit {
  return {
    unit_id: row.unit_id,
    unit_name: row.unit_name,
    unit_code: row.unit_code,
    unit_type: row.unit_type,
    description: row.description,
    base_occupancy: row.base_occupancy,
    max_occupancy: row.max_occupancy,
    base_rate: row.base_rate,
    weekend_rate: row.weekend_rate,
    extra_person_rate: row.extra_person_rate,
    unit_status: row.unit_status,
    amenities: row.amenities,
    photos,
  };
}

export const unitsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/units',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: {
        tags: ['public'],
        response: { 200: z.object({ data: z.array(publicUnitSchema) }) },
      },
    },
    async () => {
      const db = app.deps.database.db;
      const rows = await findAvailableUnits(db);
      const photos = await photosByUnit(
        db,
        rows.map((row) => row.unit_id),
      );
      return { data: rows.map((row) => toPublicUnit(row, photos.get(row.unit_id))) };
    },
  );
};
