import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_INSTRUCTION_MESSAGES,
  paymentInstructionsResponseSchema,
} from '../../domain/schemas/payment-instructions.schema';
import { notFound } from '../errors';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import { installRawBodyParser } from '../storage/raw-body';
import { openPaymentQr, removePaymentQr, uploadPaymentQr } from './payment-qr.service';

/**
 * Issue 17 point 3: owners upload and remove the QR Ph code guests scan to pay; anyone may read
 * the current one (the guest pages show it).
 */
export const paymentQrRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  const owner = requireRole('owner', PAYMENT_INSTRUCTION_MESSAGES.ownersOnly);
  const answer = z.object({ data: paymentInstructionsResponseSchema });

  // The upload takes the image's bytes as the body, with its Content-Type: only this child
  // plugin reads raw bodies (up to MAX_PHOTO_BYTES); the routes below keep JSON.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    const limit = app.deps.config.maxPhotoBytes;
    installRawBodyParser(uploads, limit);
    uploads.post(
      '/api/settings/payment-qr',
      { onRequest: owner, bodyLimit: limit + 1, schema: { tags, response: { 200: answer } } },
      async (request) => ({
        data: await uploadPaymentQr(
          app.deps,
          { body: request.body, contentType: request.headers['content-type'] },
          actorContext(app, request),
        ),
      }),
    );
  });

  app.delete(
    '/api/settings/payment-qr',
    { onRequest: owner, schema: { tags, response: { 200: answer } } },
    async (request) => ({ data: await removePaymentQr(app.deps, actorContext(app, request)) }),
  );

  app.get(
    '/api/public/payment-qr/:key',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], params: z.object({ key: z.string().max(200) }) },
    },
    async (request, reply) => {
      const qr = await openPaymentQr(app.deps, request.params.key);
      if (!qr) throw notFound('QR code not found');
      return reply
        .header('Content-Type', 'image/png')
        .header('Content-Length', String(qr.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(qr.stream);
    },
  );
};
