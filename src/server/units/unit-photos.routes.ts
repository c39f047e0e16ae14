import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  photoKeyParamsSchema,
  unitPhotoListSchema,
  unitPhotoOrderSchema,
  unitPhotoParamsSchema,
  unitPhotoUpdateSchema,
} from '../../domain/schemas/unit-photo.schema';
import { unitIdParamsSchema } from '../../domain/schemas/unit.schema';
import { notFound } from '../errors';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import { installRawBodyParser } from '../storage/raw-body';
import {
  addUnitPhoto,
  deleteUnitPhoto,
  openPublicPhoto,
  reorderUnitPhotos,
  updateUnitPhoto,
} from './unit-photos.service';
import { UNIT_PERMISSION_MESSAGES } from './units.routes';

/**
 * Issue 15 cabin photos. Managers and up add, order, describe and delete them (like editing a
 * cabin); anyone may read the stored variants, which never change under one name.
 */
export const unitPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['units'];
  const guard = requireRole('manager', UNIT_PERMISSION_MESSAGES.edit);

  // The upload takes the photo's bytes as the body, with its Content-Type: only this child
  // plugin reads raw bodies (up to MAX_PHOTO_BYTES); the routes below keep JSON.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    const limit = app.deps.config.maxPhotoBytes;
    installRawBodyParser(uploads, limit);
    uploads.post(
      '/api/units/:id/photos',
      {
        onRequest: guard,
        bodyLimit: limit + 1,
        schema: {
          tags,
          params: unitIdParamsSchema,
          response: { 201: unitPhotoListSchema },
        },
      },
      async (request, reply) => {
        const data = await addUnitPhoto(
          app.deps,
          request.params.id,
          { body: request.body, contentType: request.headers['content-type'] },
          actorContext(app, request),
        );
        return reply.status(201).send({ data });
      },
    );
  });

  app.patch(
    '/api/units/:id/photos/order',
    {
      onRequest: guard,
      schema: {
        tags,
        params: unitIdParamsSchema,
        body: unitPhotoOrderSchema,
        response: { 200: unitPhotoListSchema },
      },
    },
    async (request) => ({
      data: await reorderUnitPhotos(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.patch(
    '/api/units/:id/photos/:photo_id',
    {
      onRequest: guard,
      schema: {
        tags,
        params: unitPhotoParamsSchema,
        body: unitPhotoUpdateSchema,
        response: { 200: unitPhotoListSchema },
      },
    },
    async (request) => ({
      data: await updateUnitPhoto(
        app.deps,
        request.params.id,
        request.params.photo_id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/units/:id/photos/:photo_id',
    {
      onRequest: guard,
      schema: { tags, params: unitPhotoParamsSchema, response: { 200: unitPhotoListSchema } },
    },
    async (request) => ({
      data: await deleteUnitPhoto(
        app.deps,
        request.params.id,
        request.params.photo_id,
        actorContext(app, request),
      ),
    }),
  );

  app.get(
    '/api/public/photos/:key',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], params: photoKeyParamsSchema },
    },
    async (request, reply) => {
      const photo = await openPublicPhoto(app.deps, request.params.key);
      if (!photo) throw notFound('Photo not found');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Length', String(photo.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(photo.stream);
    },
  );
};
