import { z } from 'zod';
import { BOOKING_SOURCES, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { fieldsParsed } from './common.schema';

/**
 * Issue 22's walk-in rules, shared by both staff booking requests (the single-cabin "New
 * Booking", staff-booking.schema.ts, and the multi-unit wizard, multi-unit.schema.ts): the guest
 * gives an e-mail address or a phone number, and the booking says where it came from.
 */

export const EMAIL_OR_PHONE_MESSAGE = 'Enter an e-mail address or a phone number';
export const BOOKING_SOURCE_MESSAGE = 'Please choose where the booking came from';

/** A walk-in may give no e-mail address; blank or null reads as none. */
export const walkInEmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(LIMITS.email_max, MESSAGES.invalidEmail)
  .refine((email) => email === '' || z.regexes.email.test(email), MESSAGES.invalidEmail)
  .nullish()
  .transform((email) => email || undefined);

/**
 * A phone number that may be left out when an e-mail address is given (blank or null reads as
 * none). `error` is for a value that is not text at all; a wrong number keeps the field's message.
 */
export function optionalPhoneField(field: z.ZodType<string, string>, error: string) {
  return z
    .union([z.literal(''), z.null(), field], { error })
    .optional()
    .transform((phone) => phone || undefined);
}

/** Where the booking came from; a staff request that does not say is a phone booking. */
export const bookingSourceField = z.enum(BOOKING_SOURCES, { error: BOOKING_SOURCE_MESSAGE });

/** An e-mail address or a phone number, or a field message at `email`. */
export function withContactRule<T extends z.ZodType<{ email?: string; contact_number?: string }>>(
  schema: T,
): T {
  return schema.refine((booking) => Boolean(booking.email || booking.contact_number), {
    message: EMAIL_OR_PHONE_MESSAGE,
    path: ['email'],
    when: fieldsParsed('email', 'contact_number'),
  });
}
