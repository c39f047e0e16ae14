import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blackoutDtoSchema,
  blackoutIdParamsSchema,
  blackoutListQuerySchema,
  blackoutListResponseSchema,
  blackoutSchema as blackoutFormSchema,
  blackoutUpdateSchema,
} from '../../domain/schemas/blackout.schema';
import { requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import {
  createBlackout,
  deleteBlackout,
  getBlackout,
  listBlackoutsPage,
  updateBlackout,
} from './blackouts.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

export const BLACKOUT_PERMISSION_MESSAGE = PERMISSION_MESSAGES.blackoutChange;

/** DESIGN §5: staff read blackouts; managers and above create, change and delete them. */
export const blackoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['availability'];
  const write = requireRole('manager', BLACKOUT_PERMISSION_MESSAGE);

  app.get(
    '/api/blackouts',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        querystring: blackoutListQuerySchema,
        response: { 200: blackoutListResponseSchema },
      },
    },
    async (request) => listBlackoutsPage(app.deps, request.query),
  );

  app.get(
    '/api/blackouts/:id',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        params: blackoutIdParamsSchema,
        response: { 200: z.object({ data: blackoutDtoSchema }) },
      },
    },
    async (request) => ({ data: await getBlackout(app.deps, request.params.id) }),
  );

  app.post(
    '/api/blackouts',
    {
      onRequest: write,
      schema: {
        tags,
        body: blackoutFormSchema,
        response: { 201: z.object({ data: blackoutDtoSchema }) },
      },
    },
    async (request, reply) => {
      const data = await createBlackout(app.deps, request.body, actorContext(app, request));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/blackouts/:id',
    {
      onRequest: write,
      schema: {
        tags,
        params: blackoutIdParamsSchema,
        body: blackoutUpdateSchema,
        response: { 200: z.object({ data: blackoutDtoSchema }) },
      },
    },
    async (request) => ({
      data: await updateBlackout(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/blackouts/:id',
    { onRequest: write, schema: { tags, params: blackoutIdParamsSchema } },
    async (request, reply) => {
      await deleteBlackout(request.params.id, actorContext(app, request));
      return reply.status(204).send();
    },
  );
};
