import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRateLimit } from '../http/rate-limit';

/** The ALTCHA widget's challenge format (altcha-lib v2, the `altcha` widget v3). */
const altchaChallengeSchema = z.object({
  // Every field of altcha-lib's ChallengeParameters: the signature covers all of them.
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

const captchaConfigSchema = z.object({
  provider: z.enum(['altcha', 'turnstile', 'none']),
  site_key: z.string().optional(),
});

/** DESIGN §5: `GET /api/captcha/challenge` (ALTCHA) and the widget's configuration. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { captcha, config } = app.deps;

  app.get(
    '/api/captcha/config',
    {
      config: publicRateLimit(config, 'read'),
      schema: { tags: ['public'], response: { 200: captchaConfigSchema } },
    },
    async () => captcha.publicConfig(),
  );

  app.get(
    '/api/captcha/challenge',
    {
      config: publicRateLimit(config, 'read'),
      schema: { tags: ['public'], response: { 200: altchaChallengeSchema } },
    },
    async (_request, reply) => {
      // Every challenge is new and single use: never cached.
      reply.header('Cache-Control', 'no-store');
      return captcha.createChallenge();
    },
  );
};
