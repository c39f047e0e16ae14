import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import {
  clearableTextField,
  hasAtMostTwoDecimals,
  idField,
  optionalDateField,
  optionalTextField,
  urlField,
} from './common.schema';

/**
 * SPEC §5 payment amount: one message per fault, the first that applies (a negative amount reads
 * "Must be a positive number", not also "at least ₱100.00").
 */
export const paymentAmountField = z
  .number({ error: MESSAGES.amountInvalid })
  .superRefine((amount, ctx) => {
    let message: string | null = null;
    if (amount <= 0) message = MESSAGES.positiveNumber;
    else if (!hasAtMostTwoDecimals(amount)) message = MESSAGES.amountInvalid;
    else if (amount < LIMITS.payment_amount_min) message = MESSAGES.amountMin;
    else if (amount > LIMITS.payment_amount_max) message = MESSAGES.amountMax;
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

const paymentMethodField = z.enum(PAYMENT_METHODS, { error: MESSAGES.selectPaymentMethod });

/**
 * SPEC §5 "Payment form" (the "Record New Payment" dialog, POST /api/payments). The proof is the
 * stored file's path or URL. payment_status is for staff who record a verified payment at once
 * (SPEC §4: a proof staff record themselves is Completed); the service decides the default.
 */
export const paymentSchema = z.object({
  booking_id: idField(MESSAGES.selectBooking),
  payment_amount: paymentAmountField,
  payment_method: paymentMethodField,
  payment_proof: z
    .string({ error: MESSAGES.proofRequired })
    .trim()
    .min(1, MESSAGES.proofRequired)
    .max(LIMITS.url_max, MESSAGES.proofRequired)
    .pipe(urlField),
  notes: optionalTextField(LIMITS.notes_max),
  transaction_date: optionalDateField,
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type Payment = z.output<typeof paymentSchema>;

/** PATCH /api/payments/:id: every field optional; null clears the notes. */
export const paymentUpdateSchema = z.object({
  payment_amount: paymentAmountField.optional(),
  payment_method: paymentMethodField.optional(),
  payment_proof: urlField.optional(),
  notes: clearableTextField(LIMITS.notes_max),
  transaction_date: optionalDateField,
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentUpdateInput = z.input<typeof paymentUpdateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;
