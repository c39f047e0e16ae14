import { z } from 'zod';
import {
  makeGuestBookingSchema,
  type GuestBooking,
} from '../../../domain/schemas/guest-booking.schema';
import type { GuestFieldName, GuestFormErrors, GuestFormValues } from './use-guest-booking-form';

/*
 * The zod half of the form, loaded with a dynamic import on the guest's first interaction: zod is
 * about 27 KB gzipped, a fifth of what a phone may download for this page (issue 9), and nothing
 * needs it until a field is checked. The server validates with the same schema.
 */

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

/** SPEC §5 for the resort's `today`: the parsed booking, or each field's first message. */
export function validateGuestBooking(
  today: string,
  values: GuestFormValues,
): { data: GuestBooking; errors: null } | { data: null; errors: GuestFormErrors } {
  const parsed = makeGuestBookingSchema(today).safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: GuestFormErrors = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '') as GuestFieldName;
    errors[name] ??= issue.message;
  }
  return { data: null, errors };
}
