import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdParamsSchema } from '../../domain/schemas/common.schema';
import {
  anonymizeGuestSchema,
  guestDetailSchema,
  guestListQuerySchema,
  guestListResponseSchema,
  guestUpdateSchema,
} from '../../domain/schemas/guest.schema';
import { badRequest } from '../errors';
import { requireRole, requireStaff } from '../http/guards';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import { createGuestsService, GUEST_MESSAGES } from './guests.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** SPEC §6's permission messages for what DESIGN §5 keeps from lower roles. */
export const GUEST_PERMISSION_MESSAGES = {
  edit: PERMISSION_MESSAGES.guestEdit,
  export: PERMISSION_MESSAGES.guestExport,
  anonymize: PERMISSION_MESSAGES.guestAnonymize,
} as const;

const SORT_BY_SPEND_HIDDEN = 'Sorting by amount paid is not available while revenue is hidden.';

/**
 * DESIGN §5 /api/guests: reading for all staff; editing and exporting a guest's data for managers
 * and above; anonymising (the Data Privacy Act's erasure, keeping bookings and money) for owners.
 */
export const guestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createGuestsService(app.deps);
  const tags = ['guests'];
  const staff = requireStaff();
  const recordId = requireRecordId(GUEST_MESSAGES.notFound);
  const params = recordIdParamsSchema;
  const detail = z.object({ data: guestDetailSchema });

  app.get(
    '/api/guests',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: guestListQuerySchema,
        response: { 200: guestListResponseSchema },
      },
    },
    async (request) => {
      // The order by spend would tell what the hidden figures are (settings.access).
      if (
        request.query.sort === 'total_spent' &&
        request.actor?.role === 'staff' &&
        (await app.deps.settings.hidesRevenueFrom('staff'))
      ) {
        throw badRequest(SORT_BY_SPEND_HIDDEN, [{ path: 'sort', message: SORT_BY_SPEND_HIDDEN }]);
      }
      return service.list(request.query);
    },
  );

  app.get(
    '/api/guests/:id',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: { tags, params, response: { 200: detail } },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    '/api/guests/:id',
    {
      onRequest: requireRole('manager', GUEST_PERMISSION_MESSAGES.edit),
      preValidation: recordId,
      schema: { tags, params, body: guestUpdateSchema, response: { 200: detail } },
    },
    async (request) => ({
      data: await service.update(request.params.id, request.body, actorContext(app, request)),
    }),
  );

  app.get(
    '/api/guests/:id/export',
    {
      onRequest: requireRole('manager', GUEST_PERMISSION_MESSAGES.export),
      preValidation: recordId,
      schema: { tags, params },
    },
    async (request, reply) => {
      const data = await service.exportData(request.params.id);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="guest-${request.params.id}-${day}.json"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/guests/:id/anonymize',
    {
      onRequest: requireRole('owner', GUEST_PERMISSION_MESSAGES.anonymize),
      preValidation: recordId,
      schema: { tags, params, body: anonymizeGuestSchema, response: { 200: detail } },
    },
    async (request) => ({
      data: await service.anonymize(
        request.params.id,
        request.body.confirm_name,
        actorContext(app, request),
      ),
    }),
  );
};
