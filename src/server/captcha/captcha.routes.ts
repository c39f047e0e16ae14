import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { altchaChallengeSchema, captchaConfigSchema } from '../../domain/schemas/captcha.schema';
import { publicRateLimit } from '../http/rate-limit';

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
