import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageListResponseSchema,
  messagePreviewResponseSchema,
  messagePreviewSchema,
  messageResponseSchema,
  messageTestResponseSchema,
  messageTestSchema,
  oneOffMessageSchema,
  unsubscribeResponseSchema,
} from '../../domain/schemas/message.schema';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import { isRecordId } from '../../domain/record-id';
import { notFound } from '../errors';
import { requireRole, requireStaff } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import { createMessagesService, MESSAGES_MESSAGES } from './messages.service';

const bookingParams = z.object({ id: z.string() });
const messageParams = z.object({ id: z.string(), messageId: z.string() });
const tokenParams = z.object({ token: z.string().max(600) });

/**
 * Issue 18: a booking's messages (every staff role), Send now, Resend and one-off e-mails; the
 * template preview and test send (owners and administrators); the unsubscribe link (public).
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The app's deps object itself: the mail transport is read at each send.
  const messages = createMessagesService(app.deps);
  const tags = ['messages'];
  const recordId = requireRecordId(MESSAGES_MESSAGES.bookingNotFound);
  const messageId = async (request: Parameters<typeof recordId>[0]) => {
    await recordId(request);
    const { messageId: id } = request.params as { messageId?: unknown };
    if (!isRecordId(id)) throw notFound(MESSAGES_MESSAGES.messageNotFound);
  };

  app.get(
    '/api/bookings/:id/messages',
    {
      onRequest: requireStaff(),
      preValidation: recordId,
      schema: { tags, params: bookingParams, response: { 200: messageListResponseSchema } },
    },
    async (request) => ({ data: await messages.list(request.params.id.toLowerCase()) }),
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      onRequest: requireStaff(),
      preValidation: recordId,
      schema: {
        tags,
        params: bookingParams,
        body: oneOffMessageSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await messages.sendOneOff(
        request.params.id.toLowerCase(),
        request.body,
        actorContext(app, request),
      );
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/bookings/:id/messages/:messageId/send',
    {
      onRequest: requireStaff(),
      preValidation: messageId,
      schema: { tags, params: messageParams, response: { 200: messageResponseSchema } },
    },
    async (request) => ({
      data: await messages.sendNow(
        request.params.id.toLowerCase(),
        request.params.messageId.toLowerCase(),
        actorContext(app, request),
      ),
    }),
  );

  app.post(
    '/api/bookings/:id/messages/:messageId/resend',
    {
      onRequest: requireStaff(),
      preValidation: messageId,
      schema: { tags, params: messageParams, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      const data = await messages.resend(
        request.params.id.toLowerCase(),
        request.params.messageId.toLowerCase(),
        actorContext(app, request),
      );
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/messages/preview',
    {
      onRequest: requireRole('owner', PERMISSION_MESSAGES.settingsChange),
      schema: {
        tags,
        body: messagePreviewSchema,
        response: { 200: messagePreviewResponseSchema },
      },
    },
    async (request) => ({ data: await messages.preview(request.body) }),
  );

  app.post(
    '/api/messages/test',
    {
      onRequest: requireRole('owner', PERMISSION_MESSAGES.settingsChange),
      schema: { tags, body: messageTestSchema, response: { 200: messageTestResponseSchema } },
    },
    async (request) => {
      const context = actorContext(app, request);
      return {
        data: await messages.sendTest(request.body, { ...context, email: request.actor!.email }),
      };
    },
  );

  // The unsubscribe link works without signing in: the token is its own authority (an HMAC).
  app.get(
    '/api/public/unsubscribe/:token',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: {
        tags: ['public'],
        params: tokenParams,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => ({ data: await messages.unsubscribeStatus(request.params.token) }),
  );

  await app.register(async (scope) => {
    // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` as a form.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/unsubscribe/:token',
      {
        config: publicRateLimit(app.deps.config),
        schema: {
          tags: ['public'],
          params: tokenParams,
          response: { 200: unsubscribeResponseSchema },
        },
      },
      async (request) => ({ data: await messages.unsubscribe(request.params.token) }),
    );
  });
};
