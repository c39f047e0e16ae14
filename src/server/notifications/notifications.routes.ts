import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../http/guards';
import { getNotificationCounts } from './notifications.service';

/** DESIGN §3: the navigation badge is the real number of payments awaiting verification. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/count',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags: ['notifications'],
        response: { 200: z.object({ payments_awaiting_verification: z.number().int() }) },
      },
    },
    async () => getNotificationCounts(app.deps),
  );
};
