import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { publicRateLimit } from '../http/rate-limit';
import { fileTooLargeMessage } from './proof-file';

const storedObjectSchema = z.object({
  bucket: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});

/**
 * Reads a request body of at most `limit` bytes. It stops at `limit + 1` bytes and answers 413
 * with SPEC §5's message, so an oversized upload is never held in memory whole.
 */
function readLimitedBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const tooLarge = () => new AppError(413, fileTooLargeMessage(limit));
    const onData = (chunk: Buffer | string) => {
      if (done) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        done = true;
        payload.removeListener('data', onData);
        // Let the rest of the body drain so the connection can answer.
        payload.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(buffer);
    };
    payload.on('data', onData);
    payload.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, size));
    });
    payload.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

/**
 * DESIGN §5: `PUT /api/storage/upload/<bucket>/<path>?token=<token>` with the file's bytes as the
 * body and its Content-Type. Only this plugin's routes see the raw-bytes parser: the rest of the
 * API keeps its JSON parser and its 1 MB body limit.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, config } = app.deps;
  const limit = storage.maxUploadBytes;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { bodyLimit: limit + 1 },
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        payload.resume();
        throw new AppError(413, fileTooLargeMessage(limit));
      }
      return readLimitedBody(payload, limit);
    },
  );

  app.put(
    '/api/storage/upload/:bucket/*',
    {
      bodyLimit: limit + 1,
      config: publicRateLimit(config, 'write'),
      schema: {
        tags: ['public'],
        params: z.object({ bucket: z.string(), '*': z.string() }),
        querystring: z.object({ token: z.string().optional() }),
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
