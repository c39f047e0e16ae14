import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  folioResponseSchema,
  postChargeSchema,
  seniorPwdSchema,
} from '../../domain/schemas/folio.schema';
import {
  auditEntrySchema,
  bookingDetailSchema,
  bookingIdParamsSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingStatusChangedSchema,
  cancelBodySchema,
  cancelResponseSchema,
  refundPreviewSchema,
  statusChangeBodySchema,
} from '../../domain/schemas/booking.schema';
import {
  earlyDepartureBodySchema,
  earlyDepartureResponseSchema,
  extendBodySchema,
  extendResponseSchema,
  moveBodySchema,
  moveResponseSchema,
} from '../../domain/schemas/front-desk.schema';
import { multiUnitBookingSchema } from '../../domain/schemas/multi-unit.schema';
import { bookingUpdateSchema, staffBookingSchema } from '../../domain/schemas/staff-booking.schema';
import { actorOf, requireRole, requireSession } from '../http/guards';
import { requireRecordId } from '../http/record-id';
import { actorContext } from '../http/request-context';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../idempotency/idempotency';
import { BOOKINGS_MESSAGES, createBookingsService } from './bookings.service';
import { createMultiUnitBookingService } from './multi-unit-booking.service';
import { createStayChangesService } from './stay-changes.service';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** SPEC §6's permission messages for what DESIGN §5 keeps from lower roles. */
export const BOOKING_PERMISSION_MESSAGES = {
  edit: PERMISSION_MESSAGES.bookingEdit,
  cancel: PERMISSION_MESSAGES.bookingCancel,
  delete: PERMISSION_MESSAGES.bookingDelete,
  seniorPwd: PERMISSION_MESSAGES.seniorPwd,
} as const;

/**
 * DESIGN §5 /api/bookings. Reading, creating and moving a booking along SPEC §4's states is for
 * all staff; editing and cancelling for managers and above; deleting for owners and above.
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBookingsService({ ...app.deps, log: app.log });
  const multiUnit = createMultiUnitBookingService(app.deps);
  const stayChanges = createStayChangesService({ ...app.deps, log: app.log }, service.get);
  const tags = ['bookings'];
  const staff = requireSession();
  const data = z.object({ data: bookingDetailSchema });
  const recordId = requireRecordId(BOOKINGS_MESSAGES.notFound);

  app.get(
    '/api/bookings',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/bookings',
    {
      onRequest: staff,
      schema: { tags, body: staffBookingSchema, response: { 201: data } },
    },
    async (request, reply) => {
      const booking = await service.create(request.body, actorContext(app, request));
      return reply.status(201).send({ data: booking });
    },
  );

  // SPEC §7: the multi-unit wizard's booking, made once per Idempotency-Key (DESIGN §5 409/422).
  app.post(
    '/api/bookings/multi-unit',
    {
      onRequest: staff,
      // Before the body: a request without its key is refused whatever it carries.
      preValidation: async (request) => {
        readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      },
      schema: {
        tags,
        // No response schema: a replay answers the stored body, shaped (toBookingDetailDto) when
        // it was first made, and its status may be a recorded refusal.
        body: multiUnitBookingSchema,
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const answer = await multiUnit.create(request.body, key, actorContext(app, request));
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .status(answer.statusCode)
        .type('application/json; charset=utf-8')
        .send(answer.body);
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: { tags, params: bookingIdParamsSchema, response: { 200: data } },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    '/api/bookings/:id',
    {
      onRequest: requireRole('manager', BOOKING_PERMISSION_MESSAGES.edit),
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: bookingUpdateSchema,
        response: { 200: data },
      },
    },
    async (request) => ({
      data: await service.update(request.params.id, request.body, actorContext(app, request)),
    }),
  );

  app.post(
    '/api/bookings/:id/status',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: statusChangeBodySchema,
        response: {
          200: bookingStatusChangedSchema,
        },
      },
    },
    async (request) => {
      const { confirmation_email_sent, ...booking } = await service.changeStatus(
        request.params.id,
        request.body,
        actorContext(app, request),
      );
      return {
        data: booking,
        ...(confirmation_email_sent === undefined ? {} : { confirmation_email_sent }),
      };
    },
  );

  // Issue 22: the front desk's changes of a stay (staff and up).
  app.post(
    '/api/bookings/:id/early-departure',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: earlyDepartureBodySchema,
        response: { 200: earlyDepartureResponseSchema },
      },
    },
    async (request) =>
      stayChanges.earlyDeparture(request.params.id, request.body, actorContext(app, request)),
  );

  app.post(
    '/api/bookings/:id/extend',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: extendBodySchema,
        response: { 200: extendResponseSchema },
      },
    },
    async (request) =>
      stayChanges.extend(request.params.id, request.body, actorContext(app, request)),
  );

  app.post(
    '/api/bookings/:id/move',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: moveBodySchema,
        response: { 200: moveResponseSchema },
      },
    },
    async (request) =>
      stayChanges.move(request.params.id, request.body, actorContext(app, request)),
  );

  app.get(
    '/api/bookings/:id/refund-preview',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        response: { 200: z.object({ data: refundPreviewSchema }) },
      },
    },
    async (request) => ({ data: await service.refundPreview(request.params.id) }),
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      onRequest: requireRole('manager', BOOKING_PERMISSION_MESSAGES.cancel),
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: cancelBodySchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => service.cancel(request.params.id, request.body, actorContext(app, request)),
  );

  // Issue 17 point 4: staff add an extra from the catalogue to the folio.
  app.post(
    '/api/bookings/:id/charges',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: postChargeSchema,
        response: { 201: folioResponseSchema },
      },
    },
    async (request, reply) => {
      const folio = await service.postCharge(
        request.params.id,
        request.body,
        actorContext(app, request),
      );
      return reply.status(201).send({ data: folio });
    },
  );

  // Issue 17 point 5: RA 9994 / RA 10754 discount on the eligible guests' share of the stay.
  app.post(
    '/api/bookings/:id/senior-pwd',
    {
      onRequest: requireRole('manager', BOOKING_PERMISSION_MESSAGES.seniorPwd),
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        body: seniorPwdSchema,
        response: { 200: folioResponseSchema },
      },
    },
    async (request) => ({
      data: await service.applySeniorPwd(
        request.params.id,
        request.body,
        actorContext(app, request),
      ),
    }),
  );

  app.delete(
    '/api/bookings/:id',
    {
      onRequest: requireRole('owner', BOOKING_PERMISSION_MESSAGES.delete),
      preValidation: recordId,
      schema: { tags, params: bookingIdParamsSchema },
    },
    async (request, reply) => {
      await service.remove(request.params.id, actorContext(app, request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/bookings/:id/audit',
    {
      onRequest: staff,
      preValidation: recordId,
      schema: {
        tags,
        params: bookingIdParamsSchema,
        response: { 200: z.object({ data: z.array(auditEntrySchema) }) },
      },
    },
    async (request) => ({
      data: await service.auditEntries(request.params.id, actorOf(request).role),
    }),
  );
};
