import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PERMISSION_MESSAGES } from '../../domain/permissions';
import {
  bookingDocumentsResponseSchema,
  documentCreatedResponseSchema,
  documentPdfQuerySchema,
  documentSchema,
  issueDocumentSchema,
  salesJournalExportQuerySchema,
  salesJournalQuerySchema,
  salesJournalResponseSchema,
  voidDocumentSchema,
} from '../../domain/schemas/document.schema';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import {
  createDocumentsService,
  DOCUMENT_SERVICE_MESSAGES,
  type DocumentFile,
} from './documents.service';

const idParams = z.object({ id: z.string() });

function sendFile(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/**
 * Issue 20, DESIGN §8 "Documents": staff issue and list a booking's receipts or invoices and
 * download their PDFs; managers and up void one (with a reason) and read the sales journal.
 * Nobody edits or deletes a document.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDocumentsService(app.deps);
  const tags = ['documents'];
  const bookingId = requireRecordId(DOCUMENT_SERVICE_MESSAGES.bookingNotFound);
  const documentId = requireRecordId(DOCUMENT_SERVICE_MESSAGES.documentNotFound);

  app.post(
    '/api/bookings/:id/documents',
    {
      onRequest: requireRole('staff'),
      preValidation: bookingId,
      schema: {
        tags,
        params: idParams,
        body: issueDocumentSchema,
        response: { 201: documentCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.issue(
        request.params.id.toLowerCase(),
        request.body,
        actorContext(app, request),
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/bookings/:id/documents',
    {
      onRequest: requireRole('staff'),
      preValidation: bookingId,
      schema: { tags, params: idParams, response: { 200: bookingDocumentsResponseSchema } },
    },
    async (request) => ({ data: await service.listOfBooking(request.params.id.toLowerCase()) }),
  );

  app.get(
    '/api/documents/:id/pdf',
    {
      onRequest: requireRole('staff'),
      preValidation: documentId,
      schema: { tags, params: idParams, querystring: documentPdfQuerySchema },
    },
    async (request, reply) =>
      sendFile(reply, await service.pdf(request.params.id.toLowerCase(), request.query.layout)),
  );

  app.post(
    '/api/documents/:id/void',
    {
      onRequest: requireRole('manager', PERMISSION_MESSAGES.documentVoid),
      preValidation: documentId,
      schema: {
        tags,
        params: idParams,
        body: voidDocumentSchema,
        response: { 200: z.object({ data: documentSchema }) },
      },
    },
    async (request) => ({
      data: await service.void(
        request.params.id.toLowerCase(),
        request.body.reason,
        actorContext(app, request),
      ),
    }),
  );

  app.get(
    '/api/documents',
    {
      onRequest: requireRole('manager', PERMISSION_MESSAGES.salesJournal),
      schema: {
        tags,
        querystring: salesJournalQuerySchema,
        response: { 200: salesJournalResponseSchema },
      },
    },
    async (request) => ({ data: await service.journal(request.query) }),
  );

  app.get(
    '/api/documents/export',
    {
      onRequest: requireRole('manager', PERMISSION_MESSAGES.salesJournal),
      schema: { tags, querystring: salesJournalExportQuerySchema },
    },
    async (request, reply) => sendFile(reply, await service.exportJournal(request.query)),
  );
};

/** The guest's download from /check-booking: no session, the signed token is the authority. */
export const documentsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDocumentsService(app.deps);
  const documentId = requireRecordId(DOCUMENT_SERVICE_MESSAGES.documentNotFound);

  app.get(
    '/api/public/documents/:id/pdf',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      preValidation: documentId,
      schema: {
        tags: ['public'],
        params: idParams,
        querystring: documentPdfQuerySchema.extend({ token: z.string().max(200).default('') }),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.guestPdf(
          request.params.id.toLowerCase(),
          request.query.token,
          request.query.layout,
        ),
      ),
  );
};
