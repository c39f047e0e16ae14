import type { Resolver } from 'react-hook-form';
import type * as CheckBookingValidation from './check-booking-validation';
import type { BalanceProofFields, BalanceProofFieldsInput } from './check-booking-validation';
import type { CheckBooking, CheckBookingInput } from '../../../domain/schemas/check-booking.schema';

let validation: Promise<typeof CheckBookingValidation> | null = null;

/** The page's zod schemas, fetched on first use (zod is not needed to show the page). */
export function loadCheckBookingValidation() {
  validation ??= import('./check-booking-validation').catch((error: unknown) => {
    validation = null; // A failed download may be retried.
    throw error;
  });
  return validation;
}

/** The lookup form's resolver, waiting for the schema the first time. */
export const lazyCheckBookingResolver: Resolver<CheckBookingInput, unknown, CheckBooking> = async (
  values,
  context,
  options,
) => (await loadCheckBookingValidation()).checkBookingResolver(values, context, options);

/** The balance proof form's resolver (issue 17 point 3), the same way. */
export const lazyBalanceProofResolver: Resolver<
  BalanceProofFieldsInput,
  unknown,
  BalanceProofFields
> = async (values, context, options) =>
  (await loadCheckBookingValidation()).balanceProofResolver(values, context, options);
