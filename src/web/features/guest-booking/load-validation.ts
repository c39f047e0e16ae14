import type * as GuestBookingValidation from './guest-booking-validation';
import type { GuestFormErrors, GuestFormValues } from './use-guest-booking-form';

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

/** SPEC §5 checks for the resort's `today`, waiting for the schema the first time. */
export function lazyGuestBookingValidate(
  today: string,
): (values: GuestFormValues) => Promise<GuestFormErrors> {
  return async (values) => {
    const { validateGuestBooking } = await loadGuestBookingValidation();
    return validateGuestBooking(today, values).errors ?? {};
  };
}
