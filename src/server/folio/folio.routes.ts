import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { folioResponseSchema, reverseEntrySchema } from '../../domain/schemas/folio.schema';
import { requireRole, requireStaff } from '../http/guards';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import { isRecordId } from '../../domain/record-id';
import { notFound } from '../errors';
import { createFolioService, FOLIO_SERVICE_MESSAGES } from './folio.service';

const entryParamsSchema = z.object({ id: z.string(), entryId: z.string() });

/**
 * Issue 17, DESIGN §8: a booking's folio for every staff role; reversing an entry (with a reason)
 * for managers and up. Nobody deletes an entry.
 */
export const folioRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFolioService(app.deps);
  const tags = ['folio'];
  const recordId = requireRecordId(FOLIO_SERVICE_MESSAGES.bookingNotFound);

  app.get(
    '/api/bookings/:id/folio',
    {
      onRequest: requireStaff(),
      preValidation: recordId,
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        response: { 200: folioResponseSchema },
      },
    },
    async (request) => ({ data: await service.get(request.params.id.toLowerCase()) }),
  );

  app.post(
    '/api/bookings/:id/folio/:entryId/reverse',
    {
      onRequest: requireRole('manager', PERMISSION_MESSAGES.folioReverse),
      preValidation: async (request) => {
        await recordId(request);
        const { entryId } = request.params as { entryId?: unknown };
        if (!isRecordId(entryId)) throw notFound(FOLIO_SERVICE_MESSAGES.entryNotFound);
      },
      schema: {
        tags,
        params: entryParamsSchema,
        body: reverseEntrySchema,
        response: { 201: folioResponseSchema },
      },
    },
    async (request, reply) => {
      const folio = await service.reverse(
        request.params.id.toLowerCase(),
        request.params.entryId.toLowerCase(),
        request.body.reason,
        actorContext(app, request),
      );
      return reply.status(201).send({ data: folio });
    },
  );
};
