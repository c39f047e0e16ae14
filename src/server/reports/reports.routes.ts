import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import {
  reportActivityResponseSchema,
  reportBalancesResponseSchema,
  reportExportQuerySchema,
  reportRangeSchema,
  reportSummaryResponseSchema,
} from '../../domain/schemas/report.schema';
import { requireRole } from '../http/guards';
import { exportReport, reportActivity, reportBalances, reportSummary } from './reports.service';

/**
 * Issue 23, DESIGN §8 "Reports": managers and up read the owner's figures for a range of nights
 * [from, to) (`to` exclusive) and download each table as CSV.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  const manager = requireRole('manager', PERMISSION_MESSAGES.reports);

  app.get(
    '/api/reports/summary',
    {
      onRequest: manager,
      schema: {
        tags,
        querystring: reportRangeSchema,
        response: { 200: reportSummaryResponseSchema },
      },
    },
    async (request) => ({ data: await reportSummary(app.deps, request.query) }),
  );

  app.get(
    '/api/reports/activity',
    {
      onRequest: manager,
      schema: {
        tags,
        querystring: reportRangeSchema,
        response: { 200: reportActivityResponseSchema },
      },
    },
    async (request) => ({ data: await reportActivity(app.deps, request.query) }),
  );

  app.get(
    '/api/reports/balances',
    {
      onRequest: manager,
      schema: { tags, querystring: z.object({}), response: { 200: reportBalancesResponseSchema } },
    },
    async () => ({ data: await reportBalances(app.deps) }),
  );

  app.get(
    '/api/reports/export',
    { onRequest: manager, schema: { tags, querystring: reportExportQuerySchema } },
    async (request, reply) => {
      const file = await exportReport(app.deps, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
