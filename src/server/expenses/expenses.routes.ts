import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  expenseDtoSchema,
  expenseIdParamsSchema,
  expenseListQuerySchema,
  expenseListResponseSchema,
  expenseProofUploadSchema,
  expenseSchema,
  expenseSummaryQuerySchema,
  expenseSummarySchema,
  expenseUpdateSchema,
  proofConfirmSchema,
  proofUploadRequestSchema,
} from '../../domain/schemas/expense.schema';
import { actorOf, requireRole } from '../http/guards';
import { actorContext } from '../http/request-context';
import {
  attachProof,
  createExpense,
  createProofUpload,
  deleteExpense,
  EXPENSE_MESSAGES,
  getExpense,
  getExpenseSummary,
  listExpensesPage,
  openProof,
  updateExpense,
} from './expenses.service';

/**
 * DESIGN §5: every member of staff reads and records expenses; an expense is edited by its
 * creator or a manager and above (checked in the service); owners delete.
 */
export const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['expenses'];
  const staff = requireRole('staff');
  const single = z.object({ data: expenseDtoSchema });

  app.get(
    '/api/expenses',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: expenseListQuerySchema,
        response: { 200: expenseListResponseSchema },
      },
    },
    async (request) => listExpensesPage(app.deps, request.query),
  );

  app.get(
    '/api/expenses/summary',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: expenseSummaryQuerySchema,
        response: { 200: z.object({ data: expenseSummarySchema }) },
      },
    },
    async (request) => ({ data: await getExpenseSummary(app.deps, request.query) }),
  );

  app.get(
    '/api/expenses/:id',
    {
      onRequest: staff,
      schema: { tags, params: expenseIdParamsSchema, response: { 200: single } },
    },
    async (request) => ({ data: await getExpense(app.deps, request.params.id) }),
  );

  app.post(
    '/api/expenses',
    { onRequest: staff, schema: { tags, body: expenseSchema, response: { 201: single } } },
    async (request, reply) => {
      const data = await createExpense(
        app.deps,
        request.body,
        actorContext(app, request),
        actorOf(request).name,
      );
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/api/expenses/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        params: expenseIdParamsSchema,
        body: expenseUpdateSchema,
        response: { 200: single },
      },
    },
    async (request) => ({
      data: await updateExpense(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/expenses/:id',
    {
      onRequest: requireRole('owner', EXPENSE_MESSAGES.deleteDenied),
      schema: { tags, params: expenseIdParamsSchema },
    },
    async (request, reply) => {
      await deleteExpense(app.deps, request.params.id, actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/expenses/:id/proof-upload',
    {
      onRequest: staff,
      schema: {
        tags,
        params: expenseIdParamsSchema,
        body: proofUploadRequestSchema,
        response: { 200: expenseProofUploadSchema },
      },
    },
    async (request) =>
      createProofUpload(app.deps, request.params.id, request.body, actorContext(app, request)),
  );

  app.post(
    '/api/expenses/:id/proof',
    {
      onRequest: staff,
      schema: {
        tags,
        params: expenseIdParamsSchema,
        body: proofConfirmSchema,
        response: { 200: single },
      },
    },
    async (request) => ({
      data: await attachProof(
        app.deps,
        request.params.id,
        request.body.path,
        actorContext(app, request),
      ),
    }),
  );

  /** DESIGN §3: proofs are private, served only to signed-in staff, never sniffed as a page. */
  app.get(
    '/api/expenses/:id/proof',
    { onRequest: staff, schema: { tags, params: expenseIdParamsSchema } },
    async (request, reply) => {
      const proof = await openProof(app.deps, request.params.id);
      const disposition = proof.contentType.startsWith('image/') ? 'inline' : 'attachment';
      const asciiName = proof.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      reply
        .header('Content-Type', proof.contentType)
        .header('Content-Disposition', `${disposition}; filename="${asciiName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (proof.size !== null) reply.header('Content-Length', String(proof.size));
      return reply.send(proof.stream);
    },
  );
};
