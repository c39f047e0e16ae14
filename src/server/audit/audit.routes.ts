import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  logWithIpBodySchema,
  logWithIpErrorSchema,
  logWithIpResponseSchema,
} from '../../domain/schemas/audit-log.schema';
import { requireStaff } from '../http/guards';
import { auditContext } from '../http/request-context';
import { recordAppEvent } from './audit-events.service';

/**
 * SPEC §7 POST /api/audit/log-with-ip: the web app's own audit events, stamped with the address
 * and user agent the server saw and the signed-in user (never what the body claims). Every refusal
 * answers 400 `{ error, message }` (logWithIpBodySchema says why).
 */
function defaultAction(oldData: unknown, newData: unknown): string {
  if (oldData != null && newData != null) return 'UPDATE';
  if (newData != null) return 'INSERT';
  if (oldData != null) return 'DELETE';
  return 'app_event';
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/audit/log-with-ip',
    {
      onRequest: requireStaff(),
      schema: {
        tags: ['audit'],
        body: z.unknown(),
        response: { 200: logWithIpResponseSchema, 400: logWithIpErrorSchema },
      },
    },
    async (request, reply) => {
      const parsed = logWithIpBodySchema.safeParse(request.body ?? {});
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
