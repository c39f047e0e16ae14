import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema, quoteResponseSchema } from '../../domain/schemas/quote.schema';
import { publicRateLimit } from '../http/rate-limit';
import { quoteStay } from './quote.service';

/**
 * DESIGN §5 `POST /api/quote` (quote.service.ts): unknown unit 404; a unit that is not Available,
 * too many guests for it or an extra a guest may not pick 400.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  app.post(
    '/api/quote',
    {
      config: publicRateLimit(config, 'read'),
      schema: {
        tags: ['public'],
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema },
      },
    },
    async (request) => quoteStay(app.deps, request.body),
  );
};
