import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
} from '../../domain/schemas/dashboard.schema';
import { requireRole } from '../http/guards';
import { getDashboard } from './dashboard.service';

/** SPEC §2 /dashboard: every member of staff sees the figures (DESIGN §5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => ({
      data: await getDashboard(app.deps, request.query.month, {
        hideRevenue: await app.deps.settings.hidesRevenueFrom(request.actor?.role),
      }),
    }),
  );
};
