import type { ComponentProps } from 'react';
import {
  GUEST_PAYMENT_METHODS,
  GUEST_PAYMENT_METHOD_LABELS,
  LIMITS,
} from '../../../domain/constants';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';

const METHOD_OPTIONS = GUEST_PAYMENT_METHODS.map((method) => ({
  value: method,
  label: GUEST_PAYMENT_METHOD_LABELS[method],
}));

export interface GuestPaymentFieldsProps {
  /** The method select's props (a form library's register result). */
  method: ComponentProps<'select'>;
  /** The reference input's props. */
  reference: ComponentProps<'input'>;
  methodError?: string;
  referenceError?: string;
}

/**
 * Issue 15: how the guest paid (nothing chosen for them) and the receipt's transaction reference
 * (optional), beside a payment proof: the guest booking form's and the balance proof's.
 */
export function GuestPaymentFields({
  method,
  reference,
  methodError,
  referenceError,
}: GuestPaymentFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="How did you pay?" required error={methodError}>
        <Select placeholder="Select a payment method" options={METHOD_OPTIONS} {...method} />
      </Field>
      <Field
        label="Transaction reference (optional)"
        description="The reference number on your receipt helps us find your payment."
        error={referenceError}
      >
        <Input autoComplete="off" maxLength={LIMITS.payment_reference_max} {...reference} />
      </Field>
    </div>
  );
}
