import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRateLimit } from '../http/rate-limit';
import { CALENDAR_MESSAGES, getPublicCalendar } from './calendar.service';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const publicCalendarSchema = z.object({
  from: isoDate,
  to: isoDate,
  units: z.array(
    z.object({
      unit_id: z.string().uuid(),
      unit_name: z.string(),
      unit_type: z.string(),
      max_occupancy: z.number().int(),
      base_rate: z.number(),
      taken: z.array(isoDate),
      blocked: z.array(isoDate),
    }),
  ),
});

/** DESIGN §5 `GET /api/public/calendar?from&to`: taken and blocked nights, no guest data. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/calendar',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: {
        tags: ['public'],
        querystring: z.object({
          from: z.string({ error: CALENDAR_MESSAGES.invalidDate }),
          to: z.string({ error: CALENDAR_MESSAGES.invalidDate }),
        }),
        response: { 200: publicCalendarSchema },
      },
    },
    async (request) => getPublicCalendar(app.deps.database, request.query),
  );
};
