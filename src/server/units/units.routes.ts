import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  unitBulkStatusResponseSchema,
  unitBulkStatusSchema,
  unitDetailSchema,
  unitDtoSchema,
  unitIdParamsSchema,
  unitListQuerySchema,
  unitListResponseSchema,
  unitSchema as unitFormSchema,
  unitUpcomingBookingsQuerySchema,
  unitUpcomingBookingsResponseSchema,
  unitUpdateSchema,
} from '../../domain/schemas/unit.schema';
import { requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import {
  bulkSetUnitStatus,
  createUnit,
  deleteUnit,
  getUnitDetail,
  getUpcomingUnitBookings,
  listUnitsPage,
  updateUnit,
} from './units.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** SPEC §6: the permission messages of the unit pages. */
export const UNIT_PERMISSION_MESSAGES = {
  create: PERMISSION_MESSAGES.unitCreate,
  edit: PERMISSION_MESSAGES.unitEdit,
  delete: PERMISSION_MESSAGES.unitDelete,
} as const;

/** DESIGN §5: staff read cabins; managers add and change them; owners delete them. */
export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['units'];

  app.get(
    '/api/units',
    {
      onRequest: requireRole('staff'),
      schema: { tags, querystring: unitListQuerySchema, response: { 200: unitListResponseSchema } },
    },
    async (request) => listUnitsPage(app.deps, request.query),
  );

  app.get(
    '/api/units/upcoming-bookings',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        querystring: unitUpcomingBookingsQuerySchema,
        response: { 200: unitUpcomingBookingsResponseSchema },
      },
    },
    async (request) => ({
      data: await getUpcomingUnitBookings(app.deps, request.query.unit_ids),
    }),
  );

  app.get(
    '/api/units/:id',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        params: unitIdParamsSchema,
        response: { 200: z.object({ data: unitDetailSchema }) },
      },
    },
    async (request) => ({
      data: await getUnitDetail(app.deps, request.params.id, {
        hideRevenue: await app.deps.settings.hidesRevenueFrom(request.actor?.role),
      }),
    }),
  );

  app.post(
    '/api/units',
    {
      onRequest: requireRole('manager', UNIT_PERMISSION_MESSAGES.create),
      schema: { tags, body: unitFormSchema, response: { 201: z.object({ data: unitDtoSchema }) } },
    },
    async (request, reply) => {
      const unit = await createUnit(request.body, actorContext(app, request));
      return reply.status(201).send({ data: unit });
    },
  );

  app.patch(
    '/api/units/:id',
    {
      onRequest: requireRole('manager', UNIT_PERMISSION_MESSAGES.edit),
      schema: {
        tags,
        params: unitIdParamsSchema,
        body: unitUpdateSchema,
        response: { 200: z.object({ data: unitDtoSchema }) },
      },
    },
    async (request) => ({
      data: await updateUnit(request.params.id, request.body, actorContext(app, request)),
    }),
  );

  app.delete(
    '/api/units/:id',
    {
      onRequest: requireRole('owner', UNIT_PERMISSION_MESSAGES.delete),
      schema: { tags, params: unitIdParamsSchema },
    },
    async (request, reply) => {
      await deleteUnit(app.deps, request.params.id, actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/units/bulk-status',
    {
      onRequest: requireRole('manager', UNIT_PERMISSION_MESSAGES.edit),
      schema: {
        tags,
        body: unitBulkStatusSchema,
        response: { 200: unitBulkStatusResponseSchema },
      },
    },
    async (request) => {
      const data = await bulkSetUnitStatus(request.body, actorContext(app, request));
      return { data, updated: data.length };
    },
  );
};
