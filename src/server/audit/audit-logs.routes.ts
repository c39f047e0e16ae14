import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveResponseSchema,
  archiveBodySchema,
  auditFiltersSchema,
  auditIdParamsSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  auditLogSchema,
  auditRecordParamsSchema,
  auditStatsSchema,
} from '../../domain/schemas/audit-log.schema';
import { requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import { AUDIT_MESSAGES, createAuditLogsService } from './audit-logs.service';

/**
 * DESIGN §5 /api/audit-logs (+ /stats, /export.csv, /archive): the audit trail for owners and
 * administrators (DESIGN §3 "audit access"). A record's history, which detail pages show, is for
 * managers and above (SPEC §2, §6).
 */
export const auditLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditLogsService(app.deps);
  const tags = ['audit'];
  const owner = requireRole('owner', AUDIT_MESSAGES.forbidden);
  const manager = requireRole('manager', AUDIT_MESSAGES.forbidden);

  app.get(
    '/api/audit-logs',
    {
      onRequest: owner,
      schema: {
        tags,
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/audit-logs/stats',
    { onRequest: owner, schema: { tags, response: { 200: auditStatsSchema } } },
    async () => service.stats(),
  );

  app.get(
    '/api/audit-logs/export.csv',
    { onRequest: owner, schema: { tags, querystring: auditFiltersSchema } },
    async (request, reply) => {
      const file = await service.exportCsv(request.query, actorContext(app, request));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(file.totalCount))
        .header('X-Export-Truncated', String(file.truncated))
        .send(file.csv);
    },
  );

  app.post(
    '/api/audit-logs/archive',
    {
      onRequest: owner,
      schema: {
        tags,
        body: archiveBodySchema,
        response: { 200: archiveResponseSchema },
      },
    },
    async (request) => service.archive(request.body.cutoff, actorContext(app, request)),
  );

  app.get(
    '/api/audit-logs/records/:table/:record_id',
    {
      onRequest: manager,
      schema: {
        tags,
        params: auditRecordParamsSchema,
        response: { 200: z.object({ data: z.array(auditLogSchema) }) },
      },
    },
    async (request) => ({
      data: await service.recordHistory(request.params.table, request.params.record_id),
    }),
  );

  app.get(
    '/api/audit-logs/:id',
    {
      onRequest: owner,
      schema: {
        tags,
        params: auditIdParamsSchema,
        response: { 200: z.object({ data: auditLogSchema }) },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );
};
