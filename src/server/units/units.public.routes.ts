import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUnitSchema, type PublicUnit } from '../../domain/schemas/unit.schema';
import type { UnitPhotoDto } from '../../domain/schemas/unit-photo.schema';
import { publicRateLimit } from '../http/rate-limit';
import { photosByUnit } from './unit-photos.service';
import { findAvailableUnits, type UnitRow } from './units.repository';

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
