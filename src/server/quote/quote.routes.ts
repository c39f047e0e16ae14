import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema, quoteResponseSchema } from '../../domain/schemas/quote.schema';
import { publicRateLimit } from '../http/rate-limit';

/**
 * DESIGN §5 `POST /api/quote`: DESIGN §4's breakdown for units, guests and a stay, priced by the
 * same service that creates bookings, with today in the resort's zone. Unknown unit 404; a unit
 * that is not Available or too many guests for it 400.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookingCreation, config } = app.deps;
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
    async (request) => {
      const { quote } = await bookingCreation.priceStay({
        lines: request.body.units,
        check_in: request.body.check_in,
        check_out: request.body.check_out,
      });
      return quote;
    },
  );
};
