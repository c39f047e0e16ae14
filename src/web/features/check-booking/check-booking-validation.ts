import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { checkBookingSchema } from '../../../domain/schemas/check-booking.schema';
import {
  guestPaymentMethodField,
  paymentReferenceField,
} from '../../../domain/schemas/guest-booking.schema';

/* Loaded with a dynamic import on first interaction: zod is not needed to show the page. */

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

export const checkBookingResolver = zodResolver(checkBookingSchema);

/**
 * Issue 17 point 3: how the balance was paid and its transaction reference, with the guest
 * booking form's own fields (the same rules and messages); the file is checked by useProofFile.
 */
const balanceProofFieldsSchema = z.object({
  payment_method: guestPaymentMethodField,
  payment_reference: paymentReferenceField,
});
export type BalanceProofFieldsInput = z.input<typeof balanceProofFieldsSchema>;
export type BalanceProofFields = z.output<typeof balanceProofFieldsSchema>;

export const balanceProofResolver = zodResolver(balanceProofFieldsSchema);
