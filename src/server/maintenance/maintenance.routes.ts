import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maintenanceExpenseResponseSchema,
  maintenanceIdParamsSchema,
  maintenanceIssueListResponseSchema,
  maintenanceIssueResponseSchema,
  maintenanceIssueSchema,
  maintenanceIssueUpdateSchema,
  maintenancePhotoConfirmSchema,
  maintenancePhotoParamsSchema,
  maintenancePhotoUploadRequestSchema,
  maintenancePhotoUploadResponseSchema,
} from '../../domain/schemas/maintenance.schema';
import { unitIdParamsSchema } from '../../domain/schemas/unit.schema';
import { actorOf, requireStaff } from '../http/guards';
import { actorContext } from '../http/request-context';
import {
  attachPhoto,
  createIssue,
  createPhotoUpload,
  deletePhoto,
  getIssue,
  listUnitIssues,
  openPhoto,
  recordIssueExpense,
  updateIssue,
} from './maintenance.service';

/** Issue 22: the maintenance log of each cabin — every member of staff; housekeeping refused. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['maintenance'];
  const staff = requireStaff();

  app.get(
    '/api/units/:id/maintenance',
    {
      onRequest: staff,
      schema: {
        tags,
        params: unitIdParamsSchema,
        response: { 200: maintenanceIssueListResponseSchema },
      },
    },
    async (request) => ({ data: await listUnitIssues(app.deps, request.params.id) }),
  );

  app.post(
    '/api/units/:id/maintenance',
    {
      onRequest: staff,
      schema: {
        tags,
        params: unitIdParamsSchema,
        body: maintenanceIssueSchema,
        response: { 201: maintenanceIssueResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await createIssue(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
        actorOf(request).name,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/maintenance/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        params: maintenanceIdParamsSchema,
        response: { 200: maintenanceIssueResponseSchema },
      },
    },
    async (request) => ({ data: await getIssue(app.deps, request.params.id) }),
  );

  app.patch(
    '/api/maintenance/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        params: maintenanceIdParamsSchema,
        body: maintenanceIssueUpdateSchema,
        response: { 200: maintenanceIssueResponseSchema },
      },
    },
    async (request) => ({
      data: await updateIssue(
        app.deps,
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.post(
    '/api/maintenance/:id/expense',
    {
      onRequest: staff,
      schema: {
        tags,
        params: maintenanceIdParamsSchema,
        response: { 201: maintenanceExpenseResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await recordIssueExpense(
        app.deps,
        request.params.id,
        actorContext(app, request),
        actorOf(request).name,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/maintenance/:id/photo-upload',
    {
      onRequest: staff,
      schema: {
        tags,
        params: maintenanceIdParamsSchema,
        body: maintenancePhotoUploadRequestSchema,
        response: { 200: maintenancePhotoUploadResponseSchema },
      },
    },
    async (request) => createPhotoUpload(app.deps, request.params.id, request.body),
  );

  app.post(
    '/api/maintenance/:id/photos',
    {
      onRequest: staff,
      schema: {
        tags,
        params: maintenanceIdParamsSchema,
        body: maintenancePhotoConfirmSchema,
        response: { 200: maintenanceIssueResponseSchema },
      },
    },
    async (request) => ({
      data: await attachPhoto(
        app.deps,
        request.params.id,
        request.body.path,
        actorContext(app, request),
      ),
    }),
  );

  /** Private files: served only to signed-in staff, never sniffed as a page. */
  app.get(
    '/api/maintenance/:id/photos/:photo_id',
    { onRequest: staff, schema: { tags, params: maintenancePhotoParamsSchema } },
    async (request, reply) => {
      const photo = await openPhoto(app.deps, request.params.id, request.params.photo_id);
      const disposition = photo.contentType.startsWith('image/') ? 'inline' : 'attachment';
      const asciiName = photo.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      reply
        .header('Content-Type', photo.contentType)
        .header('Content-Disposition', `${disposition}; filename="${asciiName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (photo.size !== null) reply.header('Content-Length', String(photo.size));
      return reply.send(photo.stream);
    },
  );

  app.delete(
    '/api/maintenance/:id/photos/:photo_id',
    { onRequest: staff, schema: { tags, params: maintenancePhotoParamsSchema } },
    async (request, reply) => {
      await deletePhoto(
        app.deps,
        request.params.id,
        request.params.photo_id,
        actorContext(app, request),
      );
      return reply.status(204).send();
    },
  );
};
