import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationCountSchema } from '../../domain/schemas/notification.schema';
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
        response: { 200: notificationCountSchema },
      },
    },
    async () => getNotificationCounts(app.deps),
  );
};
