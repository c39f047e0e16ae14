import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  housekeepingBoardSchema,
  housekeepingUpdateResponseSchema,
  housekeepingUpdateSchema,
} from '../../domain/schemas/housekeeping.schema';
import { unitIdParamsSchema } from '../../domain/schemas/unit.schema';
import { requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import { changeHousekeepingStatus, getHousekeepingBoard } from './housekeeping.service';

/**
 * Issue 22 (DESIGN §8): the housekeeping board and a cabin's housekeeping status — the only
 * back-office routes a housekeeping account may call. Who may set which status is decided in
 * the service (Inspected and Out of order: managers and up).
 */
export const housekeepingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['housekeeping'];
  const housekeeping = requireRole('housekeeping');

  app.get(
    '/api/housekeeping',
    { onRequest: housekeeping, schema: { tags, response: { 200: housekeepingBoardSchema } } },
    async () => ({ data: await getHousekeepingBoard(app.deps) }),
  );

  app.patch(
    '/api/units/:id/housekeeping',
    {
      onRequest: housekeeping,
      schema: {
        tags,
        params: unitIdParamsSchema,
        body: housekeepingUpdateSchema,
        response: { 200: housekeepingUpdateResponseSchema },
      },
    },
    async (request) => ({
      data: await changeHousekeepingStatus(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );
};
