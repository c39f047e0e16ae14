import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRequestSchema, quoteResponseSchema } from '../../domain/schemas/quote.schema';
import { priceExtras } from '../extras/extras.service';
import { publicRateLimit } from '../http/rate-limit';

/**
 * DESIGN §5 `POST /api/quote`: DESIGN §4's breakdown for units, guests and a stay, priced by the
 * same service that creates bookings, with today in the resort's zone. Unknown unit 404; a unit
 * that is not Available or too many guests for it 400. Issue 17: the extras asked for are priced
 * as a guest's (only guest-bookable ones; an unknown one 400) for the stay's nights and guests,
 * and added to total_amount.
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
      const { units, check_in, check_out, extras = [] } = request.body;
      const { quote } = await bookingCreation.priceStay({ lines: units, check_in, check_out });
      const priced = await priceExtras(app.deps, {
        selection: extras,
        stay: { nights: quote.nights, persons: units.reduce((sum, u) => sum + u.num_guests, 0) },
        asGuest: true,
      });
      return {
        ...quote,
        extras: priced.lines.map((line) => ({
          extra_id: line.extra_id,
          name: line.name,
          charge_per: line.charge_per,
          quantity: line.quantity,
          units: line.units,
          unit_price: line.unit_amount,
          amount: line.amount,
          vat: line.vat_amount,
          local_tax: line.local_tax_amount,
        })),
        extras_total: priced.total,
        total_amount: quote.total_amount + priced.total,
      };
    },
  );
};
