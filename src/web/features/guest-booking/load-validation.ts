import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type * as GuestBookingValidation from './guest-booking-validation';
import type { GuestBooking, GuestBookingInput } from '../../../domain/schemas/guest-booking.schema';

type ValidationModule = typeof GuestBookingValidation;

let loading: Promise<ValidationModule> | null = null;

/** Loads the form's zod schema once; call early (first focus) so it is there when needed. */
export function loadGuestBookingValidation(): Promise<ValidationModule> {
  loading ??= import('./guest-booking-validation').catch((error: unknown) => {
    loading = null; // A failed download may be retried.
    throw error;
  });
  return loading;
}

/** SPEC §5 schema for the resort's `today`, as an RHF resolver that waits for the schema. */
export function lazyGuestBookingResolver(
  today: string,
): Resolver<GuestBookingInput, unknown, GuestBooking> {
  return async (values, context, options) => {
    const { makeGuestBookingSchema } = await loadGuestBookingValidation();
    return zodResolver(makeGuestBookingSchema(today))(values, context, options);
  };
}
