import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  storageUploadParamsSchema,
  storageUploadQuerySchema,
  storedObjectSchema,
} from '../../domain/schemas/storage.schema';
import { publicRateLimit } from '../http/rate-limit';
import { installRawBodyParser } from './raw-body';

/**
 * DESIGN §5: `PUT /api/storage/upload/<bucket>/<path>?token=<token>` with the file's bytes as the
 * body and its Content-Type. Only this plugin's routes see the raw-bytes parser: the rest of the
 * API keeps its JSON parser and its 1 MB body limit.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, config } = app.deps;
  const limit = storage.maxUploadBytes;

  installRawBodyParser(app, limit);

  app.put(
    '/api/storage/upload/:bucket/*',
    {
      bodyLimit: limit + 1,
      config: publicRateLimit(config, 'write'),
      schema: {
        tags: ['public'],
        params: storageUploadParamsSchema,
        querystring: storageUploadQuerySchema,
        response: { 200: storedObjectSchema },
      },
    },
    async (request) => {
      const stored = await storage.acceptSignedUpload({
        bucket: request.params.bucket,
        path: request.params['*'],
        token: request.query.token,
        contentType: request.headers['content-type'],
        body: request.body,
      });
      return stored;
    },
  );
};
