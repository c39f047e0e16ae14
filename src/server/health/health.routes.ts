import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../domain/schemas/health.schema';
import { pingDatabase } from './health.repository';

/** DESIGN §5: GET /api/health answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['public'], response: { 200: healthResponseSchema } } },
    async () => {
      const { database } = app.deps;
      await pingDatabase(database);
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
