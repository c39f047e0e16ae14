import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  channelConflictSchema,
  conflictResolveSchema,
  conflictsQuerySchema,
  exportUrlSchema,
  failingFeedSchema,
  feedCreateSchema,
  feedSchema,
  feedUpdateSchema,
} from '../../domain/schemas/channel.schema';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import {
  createFeed,
  deleteFeed,
  getExportUrl,
  listChannelConflicts,
  listFailingFeeds,
  listUnitFeeds,
  renderExportCalendar,
  resolveChannelConflict,
  revokeExportToken,
  rotateExportToken,
  syncFeed,
  updateFeed,
} from './channels.service';

export const CHANNEL_PERMISSION_MESSAGE =
  'You do not have permission to change channel sync. Manager role required.';

const idParams = z.object({ id: z.string().max(100) });
const feedParams = z.object({ id: z.string().max(100), feedId: z.string().max(100) });

/** DESIGN §8 "Channels": managers and up see and change a cabin's sync; staff see conflicts. */
export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['channels'];
  const manager = requireRole('manager', CHANNEL_PERMISSION_MESSAGE);
  // The export URL is absolute: PUBLIC_URL when set, else the address this request came to.
  const baseUrl = (request: FastifyRequest) =>
    app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/public/ical/:token',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], params: z.object({ token: z.string().max(200) }) },
    },
    async (request, reply) => {
      const calendar = await renderExportCalendar(app.deps, request.params.token);
      reply
        .header('ETag', calendar.etag)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Robots-Tag', 'noindex');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim() === calendar.etag)) {
        return reply.status(304).send();
      }
      return reply.type('text/calendar; charset=utf-8').send(calendar.body);
    },
  );

  app.get(
    '/api/units/:id/ical',
    {
      onRequest: manager,
      schema: { tags, params: idParams, response: { 200: z.object({ data: exportUrlSchema }) } },
    },
    async (request) => ({
      data: await getExportUrl(
        app.deps,
        request.params.id,
        baseUrl(request),
        actorContext(app, request),
      ),
    }),
  );

  app.post(
    '/api/units/:id/ical/rotate',
    {
      onRequest: manager,
      schema: { tags, params: idParams, response: { 200: z.object({ data: exportUrlSchema }) } },
    },
    async (request) => ({
      data: await rotateExportToken(
        app.deps,
        request.params.id,
        baseUrl(request),
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/units/:id/ical',
    { onRequest: manager, schema: { tags, params: idParams } },
    async (request, reply) => {
      await revokeExportToken(app.deps, request.params.id, actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/units/:id/feeds',
    {
      onRequest: manager,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.array(feedSchema) }) },
      },
    },
    async (request) => ({ data: await listUnitFeeds(app.deps, request.params.id) }),
  );

  app.post(
    '/api/units/:id/feeds',
    {
      onRequest: manager,
      schema: {
        tags,
        params: idParams,
        body: feedCreateSchema,
        response: { 201: z.object({ data: feedSchema }) },
      },
    },
    async (request, reply) => {
      const data = await createFeed(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      );
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/units/:id/feeds/:feedId',
    {
      onRequest: manager,
      schema: {
        tags,
        params: feedParams,
        body: feedUpdateSchema,
        response: { 200: z.object({ data: feedSchema }) },
      },
    },
    async (request) => ({
      data: await updateFeed(
        app.deps,
        request.params.id,
        request.params.feedId,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/units/:id/feeds/:feedId',
    { onRequest: manager, schema: { tags, params: feedParams } },
    async (request, reply) => {
      await deleteFeed(request.params.id, request.params.feedId, actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/feeds/:id/sync',
    {
      onRequest: manager,
      schema: { tags, params: idParams, response: { 200: z.object({ data: feedSchema }) } },
    },
    async (request) => ({
      data: await syncFeed(app.deps, request.params.id, { context: actorContext(app, request) }),
    }),
  );

  app.get(
    '/api/channel-conflicts',
    {
      onRequest: requireRole('staff'),
      schema: {
        tags,
        querystring: conflictsQuerySchema,
        response: { 200: z.object({ data: z.array(channelConflictSchema) }) },
      },
    },
    async (request) => ({ data: await listChannelConflicts(app.deps, request.query) }),
  );

  // The dashboard's warning: every cabin's feeds failing for more than 24 hours (issue 19 §4).
  app.get(
    '/api/feeds/failing',
    {
      onRequest: manager,
      schema: { tags, response: { 200: z.object({ data: z.array(failingFeedSchema) }) } },
    },
    async () => ({ data: await listFailingFeeds(app.deps) }),
  );

  app.post(
    '/api/channel-conflicts/:id/resolve',
    {
      onRequest: manager,
      schema: {
        tags,
        params: idParams,
        body: conflictResolveSchema,
        response: { 200: z.object({ data: channelConflictSchema }) },
      },
    },
    async (request) => ({
      data: await resolveChannelConflict(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );
};
