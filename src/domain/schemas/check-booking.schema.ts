import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailField } from './common.schema';

/** SPEC §5 "Check booking" and §7 POST /api/guest-booking/status. */
export const checkBookingSchema = z.object({
  booking_reference: z
    .string({ error: MESSAGES.referenceRequired })
    .trim()
    .toUpperCase()
    .min(1, MESSAGES.referenceRequired)
    .max(50, MESSAGES.referenceRequired),
  email: emailField(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
});
export type CheckBookingInput = z.input<typeof checkBookingSchema>;
export type CheckBooking = z.output<typeof checkBookingSchema>;
