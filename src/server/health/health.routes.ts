import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './health.repository';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** DESIGN §5: GET /api/health answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['public'], response: { 200: healthResponse } } },
    async () => {
      const { database } = app.deps;
      await pingDatabase(database);
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
