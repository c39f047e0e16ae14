import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_CATEGORIES, AUDIT_SEVERITIES } from '../../domain/constants';
import { requireSession } from '../http/guards';
import { auditContext } from '../http/request-context';
import { recordAppEvent } from './audit-events.service';

/**
 * SPEC §7 POST /api/audit/log-with-ip: the web app's own audit events, stamped with the address
 * and user agent the server saw and the signed-in user (never what the body claims). The body is
 * read loosely on purpose: SPEC §7's client reads `error` from a failure, so every refusal answers
 * 400 `{ error, message }` rather than the usual validation body.
 */
const logWithIpBody = z.object({
  tableName: z.string().max(64),
  recordId: z.union([z.string().max(200), z.number()]).nullish(),
  description: z.string().max(100_000).default(''),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(AUDIT_SEVERITIES).default('INFO'),
  // Optional names of the event; SPEC §7's body has none, so they default from the data given.
  action: z.string().max(64).optional(),
  event_type: z.string().max(64).optional(),
  metadata: z.unknown().optional(),
  oldData: z.unknown().optional(),
  newData: z.unknown().optional(),
});

function defaultAction(oldData: unknown, newData: unknown): string {
  if (oldData != null && newData != null) return 'UPDATE';
  if (newData != null) return 'INSERT';
  if (oldData != null) return 'DELETE';
  return 'app_event';
}

// `error` is this route's own refusal (SPEC §7); a refusal from before the handler (malformed
// JSON, say) comes from the shared error handler with `message` alone.
const errorBody = z.object({ error: z.string().optional(), message: z.string() });

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/audit/log-with-ip',
    {
      onRequest: requireSession(),
      schema: {
        tags: ['audit'],
        body: z.unknown(),
        response: { 200: z.object({ audit_id: z.string() }), 400: errorBody },
      },
    },
    async (request, reply) => {
      const parsed = logWithIpBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const error = `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
        return reply.status(400).send({ error, message: error });
      }
      const body = parsed.data;
      const result = await recordAppEvent(app.deps, {
        ...auditContext(request),
        tableName: body.tableName,
        recordId: body.recordId == null ? null : String(body.recordId),
        action: body.action ?? defaultAction(body.oldData, body.newData),
        eventType: body.event_type ?? null,
        description: body.description,
        category: body.category,
        severity: body.severity,
        metadata: body.metadata,
        oldData: body.oldData,
        newData: body.newData,
      });
      if (!result.success) {
        return reply.status(400).send({ error: result.error, message: result.error });
      }
      return { audit_id: result.audit_id };
    },
  );
};
