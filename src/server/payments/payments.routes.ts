import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdParamsSchema, signedUploadSchema } from '../../domain/schemas/common.schema';
import {
  paymentDetailResponseSchema,
  paymentRecordedSchema,
  paymentVerifiedSchema,
} from '../../domain/schemas/payment-detail.schema';
import {
  attachProofSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentPatchSchema,
} from '../../domain/schemas/payment.schema';
import {
  proofFileSchema,
  recordPaymentSchema,
  refundPaymentSchema,
  verifyPaymentSchema,
} from '../../domain/schemas/record-payment.schema';
import { requireRole, requireStaff } from '../http/guards';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import { createPaymentsService, PAYMENT_MESSAGES } from './payments.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** SPEC §6's permission messages for what DESIGN §5 keeps from lower roles. */
export const PAYMENT_PERMISSION_MESSAGES = {
  edit: PERMISSION_MESSAGES.paymentEdit,
  verify: PERMISSION_MESSAGES.paymentVerify,
  refund: PERMISSION_MESSAGES.paymentRefund,
} as const;

/**
 * What a proof answer may do in a browser: show an image or a PDF, framed by the app's own pages
 * (the payment page's viewer), and nothing else: no scripts, no requests, no forms.
 */
const PROOF_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** RFC 6266 Content-Disposition with a plain ASCII name and the UTF-8 one beside it. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'payment-proof';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * DESIGN §5 /api/payments. Reading and recording payments is for all staff; editing, verifying
 * and refunding for managers and above; a verified payment is edited by administrators only.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentsService({ ...app.deps, log: app.log });
  const tags = ['payments'];
  const staff = requireStaff();
  const recordId = requireRecordId(PAYMENT_MESSAGES.notFound);
  const params = recordIdParamsSchema;

  app.get(
    '/api/payments',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/payments',
    {
      onRequest: staff,
      schema: { tags, body: recordPaymentSchema, response: { 201: paymentRecordedSchema } },
    },
    async (request, reply) => {
      const recorded = await service.record(request.body, actorContext(app, request));
      return reply.status(201).send(recorded);
    },
  );

  app.get(
    '/api/payments/:id',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: { tags, params, response: { 200: paymentDetailResponseSchema } },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    '/api/payments/:id',
    {
      onRequest: requireRole('manager', PAYMENT_PERMISSION_MESSAGES.edit),
      preValidation: recordId,
      schema: {
        tags,
        params,
        body: paymentPatchSchema,
        response: { 200: paymentDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await service.update(request.params.id, request.body, actorContext(app, request)),
    }),
  );

  app.post(
    '/api/payments/:id/proof-upload',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params,
        body: proofFileSchema,
        response: { 200: z.object({ upload: signedUploadSchema }) },
      },
    },
    async (request) => service.proofUpload(request.params.id, request.body),
  );

  app.post(
    '/api/payments/:id/proof',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params,
        body: attachProofSchema,
        response: { 200: paymentDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await service.attachProof(
        request.params.id,
        request.body.path,
        actorContext(app, request),
      ),
    }),
  );

  app.get(
    '/api/payments/:id/proof',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: { tags, params },
    },
    async (request, reply) => {
      const proof = await service.readProof(request.params.id);
      return reply
        .header('Content-Type', proof.mime)
        .header('Content-Disposition', contentDisposition(proof.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', PROOF_CSP)
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(proof.bytes);
    },
  );

  app.post(
    '/api/payments/:id/verify',
    {
      onRequest: requireRole('manager', PAYMENT_PERMISSION_MESSAGES.verify),
      preValidation: recordId,
      schema: {
        tags,
        params,
        body: verifyPaymentSchema.optional(),
        response: { 200: paymentVerifiedSchema },
      },
    },
    async (request) =>
      service.verify(request.params.id, request.body ?? {}, actorContext(app, request)),
  );

  app.post(
    '/api/payments/:id/refund',
    {
      onRequest: requireRole('manager', PAYMENT_PERMISSION_MESSAGES.refund),
      preValidation: recordId,
      schema: {
        tags,
        params,
        body: refundPaymentSchema,
        response: { 201: paymentDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const refund = await service.refund(
        request.params.id,
        request.body,
        actorContext(app, request),
      );
      return reply.status(201).send({ data: refund });
    },
  );
};
