import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import {
  stayRuleCreateSchema,
  stayRuleListSchema,
  stayRuleSchema,
  stayRuleUpdateSchema,
} from '../../domain/schemas/stay-rule.schema';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import {
  createStayRule,
  deleteStayRule,
  listCurrentStayRules,
  listStayRules,
  updateStayRule,
} from './stay-rules.service';

/**
 * Issue 21 point 1: every member of staff reads the stay rules; owners and administrators change
 * them (DESIGN §5: settings are owner+); guests see the ones not over.
 */
export const stayRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stay-rules'];
  const owner = requireRole('owner', PERMISSION_MESSAGES.stayRulesChange);
  const single = z.object({ data: stayRuleSchema });
  const params = z.object({ id: z.string().max(100) });

  app.get(
    '/api/stay-rules',
    { onRequest: requireRole('staff'), schema: { tags, response: { 200: stayRuleListSchema } } },
    async () => ({ data: await listStayRules(app.deps) }),
  );

  app.post(
    '/api/stay-rules',
    { onRequest: owner, schema: { tags, body: stayRuleCreateSchema, response: { 201: single } } },
    async (request, reply) => {
      const data = await createStayRule(request.body, actorContext(app, request));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/stay-rules/:id',
    {
      onRequest: owner,
      schema: { tags, params, body: stayRuleUpdateSchema, response: { 200: single } },
    },
    async (request) => ({
      data: await updateStayRule(
        app.deps,
        request.params.id.toLowerCase(),
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/stay-rules/:id',
    { onRequest: owner, schema: { tags, params } },
    async (request, reply) => {
      await deleteStayRule(request.params.id.toLowerCase(), actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/public/stay-rules',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], response: { 200: stayRuleListSchema } },
    },
    async () => ({ data: await listCurrentStayRules(app.deps) }),
  );
};
