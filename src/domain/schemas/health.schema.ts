import { z } from 'zod';

/** DESIGN §5 `GET /api/health`: answers only when the database does. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
