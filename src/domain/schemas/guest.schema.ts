import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  emailField,
  guestNameField,
  philippinePhoneField,
} from './common.schema';

/** Notes kept on a guest (the column allows 1,000 characters). */
export const GUEST_NOTES_MAX = 1000;

/**
 * PATCH /api/guests/:id (managers and above): SPEC §5's name, e-mail and Philippine phone rules.
 * An emptied phone or note clears it (null); an omitted field is left as it is.
 */
export const guestUpdateSchema = z.object({
  guest_name: guestNameField.optional(),
  email: emailField(MESSAGES.invalidEmail).optional(),
  phone_number: z
    .preprocess((value) => (value === '' ? null : value), philippinePhoneField.nullable())
    .optional(),
  notes: clearableTextField(GUEST_NOTES_MAX),
  is_corporate: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type GuestUpdateInput = z.input<typeof guestUpdateSchema>;
export type GuestUpdate = z.output<typeof guestUpdateSchema>;

export const ANONYMIZE_CONFIRM_MESSAGE = "Type the guest's name exactly to confirm.";

/** POST /api/guests/:id/anonymize: the guest's current name, typed again to confirm. */
export const anonymizeGuestSchema = z.object({
  confirm_name: z
    .string({ error: ANONYMIZE_CONFIRM_MESSAGE })
    .trim()
    .min(1, ANONYMIZE_CONFIRM_MESSAGE)
    .max(200, ANONYMIZE_CONFIRM_MESSAGE),
});
