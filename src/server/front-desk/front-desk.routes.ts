import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  frontDeskQuerySchema,
  frontDeskResponseSchema,
} from '../../domain/schemas/front-desk.schema';
import { requireRole } from '../http/guards';
import { createFrontDeskService } from './front-desk.service';

/** Issue 22, DESIGN §8: the front desk's day sheet, for staff and up. */
export const frontDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFrontDeskService(app.deps);

  app.get(
    '/api/front-desk',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags: ['front-desk'],
        querystring: frontDeskQuerySchema,
        response: { 200: frontDeskResponseSchema },
      },
    },
    async (request) => ({ data: await service.day(request.query.date) }),
  );
};
