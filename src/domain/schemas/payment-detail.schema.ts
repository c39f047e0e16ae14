import { z } from 'zod';
import { bookingGuestSchema, bookingSchema } from './booking.schema';
import { signedUploadSchema } from './common.schema';
import { paymentDtoSchema } from './payment.schema';

/** DESIGN §5 GET /api/payments/:id: the payment with its booking (lines and units) and guest. */
export const paymentDetailSchema = paymentDtoSchema.extend({
  booking: bookingSchema,
  guest: bookingGuestSchema.nullable(),
});
export type PaymentDetailDto = z.infer<typeof paymentDetailSchema>;

export const paymentDetailResponseSchema = z.object({ data: paymentDetailSchema });

/** POST /api/payments: the Pending payment and where its proof is to be uploaded. */
export const paymentRecordedSchema = z.object({
  data: paymentDetailSchema,
  upload: signedUploadSchema,
});
export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;

export const paymentVerifiedSchema = z.object({
  data: paymentDetailSchema,
  /** Present when the booking was confirmed in the same step. */
  confirmation_email_sent: z.boolean().optional(),
});
export type PaymentVerified = z.infer<typeof paymentVerifiedSchema>;
