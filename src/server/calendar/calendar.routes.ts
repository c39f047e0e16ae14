import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCalendarSchema } from '../../domain/schemas/calendar.schema';
import { publicRateLimit } from '../http/rate-limit';
import { CALENDAR_MESSAGES, getPublicCalendar } from './calendar.service';

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
