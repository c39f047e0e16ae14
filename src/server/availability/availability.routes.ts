import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarQuerySchema,
  calendarResponseSchema,
  multiUnitAvailabilityResponseSchema,
  overviewQuerySchema,
  overviewResponseSchema,
} from '../../domain/schemas/availability.schema';
import { multiUnitAvailabilityQuerySchema } from '../../domain/schemas/multi-unit.schema';
import { requireRole } from '../http/guards';
import { checkUnitsAvailability, getCalendar, getOverview } from './availability.service';

/** The staff availability views (SPEC §2 /availability): the tape chart and today's overview. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['availability'];

  app.get(
    '/api/availability/calendar',
    {
      onRequest: requireRole('staff'),
      schema: { tags, querystring: calendarQuerySchema, response: { 200: calendarResponseSchema } },
    },
    async (request) => ({ data: await getCalendar(app.deps, request.query) }),
  );

  app.get(
    '/api/availability/overview',
    {
      onRequest: requireRole('staff'),
      schema: { tags, querystring: overviewQuerySchema, response: { 200: overviewResponseSchema } },
    },
    async (request) => ({ data: await getOverview(app.deps, request.query.date) }),
  );

  // SPEC §7: unit_ids=a,b or units[]=a&units[]=b, for the multi-unit wizard.
  app.get(
    '/api/availability/multi-unit',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        querystring: multiUnitAvailabilityQuerySchema,
        response: { 200: multiUnitAvailabilityResponseSchema },
      },
    },
    async (request) => ({ data: await checkUnitsAvailability(app.deps, request.query) }),
  );
};
