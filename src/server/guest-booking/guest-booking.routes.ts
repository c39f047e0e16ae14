import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkBookingSchema } from '../../domain/schemas/check-booking.schema';
import {
  balanceProofCreatedSchema,
  bookingLookupSchema,
  confirmProofRequestSchema,
  guestBookingCreatedSchema,
  proofConfirmedSchema,
} from '../../domain/schemas/guest-booking.schema';
import { publicRateLimit } from '../http/rate-limit';
import { withActorTransaction } from '../http/request-context';
import type { GuestBookingService, GuestRequestScope } from './guest-booking.service';

/**
 * SPEC §7's guest endpoints (DESIGN §5: public, rate-limited per IP address). The create body is
 * parsed in the service with domain's makeGuestBookingSchema, because the bot challenge is checked
 * before the body's rules are.
 */
export function guestBookingRoutes(service: GuestBookingService) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const rateLimit = publicRateLimit(app.deps.config, 'write');
    // Guest writes carry the request's address and id into the audit trail (DESIGN §6).
    const scopeOf = (request: FastifyRequest): GuestRequestScope => ({
      ip: request.ip,
      transaction: (fn) => withActorTransaction(app, request, fn),
    });

    app.post(
      '/api/guest-booking',
      {
        config: rateLimit,
        schema: { tags: ['public'], response: { 201: guestBookingCreatedSchema } },
      },
      async (request, reply) => {
        const created = await service.createGuestBooking(request.body, scopeOf(request));
        return reply.status(201).send(created);
      },
    );

    app.post(
      '/api/guest-booking/confirm',
      {
        config: rateLimit,
        schema: {
          tags: ['public'],
          body: confirmProofRequestSchema,
          response: { 200: proofConfirmedSchema },
        },
      },
      async (request) => service.confirmProof(request.body, scopeOf(request)),
    );

    // Issue 17: a later proof for the balance; the body is parsed in the service (shared schema).
    app.post(
      '/api/guest-booking/payment',
      {
        config: rateLimit,
        schema: { tags: ['public'], response: { 200: balanceProofCreatedSchema } },
      },
      async (request) => service.requestBalanceProof(request.body),
    );

    app.post(
      '/api/guest-booking/status',
      {
        config: rateLimit,
        schema: {
          tags: ['public'],
          body: checkBookingSchema,
          response: { 200: bookingLookupSchema },
        },
      },
      async (request) => service.lookupBooking(request.body),
    );
  };
  return plugin;
}
