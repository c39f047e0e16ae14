import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import {
  promoCodeCreateSchema,
  promoCodeListQuerySchema,
  promoCodeListSchema,
  promoCodeReportQuerySchema,
  promoCodeReportSchema,
  promoCodeSchema,
  promoCodeUpdateSchema,
} from '../../domain/schemas/promo-code.schema';
import { requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import {
  createPromoCode,
  listPromoCodes,
  promoCodeReport,
  updatePromoCode,
} from './promo-codes.service';

/** Issue 21 point 2: managers and up list, create and change promo codes, and read the report. */
export const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promo-codes'];
  const manager = requireRole('manager', PERMISSION_MESSAGES.promoCodes);
  const single = z.object({ data: promoCodeSchema });
  const params = z.object({ id: z.string().max(100) });

  app.get(
    '/api/promo-codes',
    {
      onRequest: manager,
      schema: {
        tags,
        querystring: promoCodeListQuerySchema,
        response: { 200: promoCodeListSchema },
      },
    },
    async (request) => listPromoCodes(app.deps, request.query),
  );

  app.get(
    '/api/promo-codes/report',
    {
      onRequest: manager,
      schema: {
        tags,
        querystring: promoCodeReportQuerySchema,
        response: { 200: promoCodeReportSchema },
      },
    },
    async (request) => promoCodeReport(app.deps, request.query),
  );

  app.post(
    '/api/promo-codes',
    {
      onRequest: manager,
      schema: { tags, body: promoCodeCreateSchema, response: { 201: single } },
    },
    async (request, reply) => {
      const data = await createPromoCode(request.body, actorContext(app, request));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/promo-codes/:id',
    {
      onRequest: manager,
      schema: { tags, params, body: promoCodeUpdateSchema, response: { 200: single } },
    },
    async (request) => ({
      data: await updatePromoCode(
        request.params.id.toLowerCase(),
        request.body,
        actorContext(app, request),
      ),
    }),
  );
};
