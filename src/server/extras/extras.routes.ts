import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXTRA_CATALOGUE_MESSAGES,
  extraCreateSchema,
  extraIdParamsSchema,
  extraListResponseSchema,
  extraSchema,
  extraUpdateSchema,
  publicExtraListResponseSchema,
} from '../../domain/schemas/extra.schema';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import { createExtra, listExtras, listGuestBookableExtras, updateExtra } from './extras.service';

/**
 * Issue 17 point 4: every member of staff reads the extras catalogue (to add extras to a stay);
 * managers and up change it; guests see the bookable, active ones.
 */
export const extrasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['extras'];
  const manager = requireRole('manager', EXTRA_CATALOGUE_MESSAGES.manageDenied);
  const single = z.object({ data: extraSchema });

  app.get(
    '/api/extras',
    {
      onRequest: requireRole('staff'),
      schema: { tags, response: { 200: extraListResponseSchema } },
    },
    async () => ({ data: await listExtras(app.deps) }),
  );

  app.post(
    '/api/extras',
    { onRequest: manager, schema: { tags, body: extraCreateSchema, response: { 201: single } } },
    async (request, reply) => {
      const data = await createExtra(request.body, actorContext(app, request));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/extras/:id',
    {
      onRequest: manager,
      schema: {
        tags,
        params: extraIdParamsSchema,
        body: extraUpdateSchema,
        response: { 200: single },
      },
    },
    async (request) => ({
      data: await updateExtra(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.get(
    '/api/public/extras',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], response: { 200: publicExtraListResponseSchema } },
    },
    async () => ({ data: await listGuestBookableExtras(app.deps) }),
  );
};
