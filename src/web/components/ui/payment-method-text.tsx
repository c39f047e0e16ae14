import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/constants';

/**
 * A payment's method with the guest's transaction reference under it (issue 15), so staff can
 * match the proof against their GCash, Maya or bank statement.
 */
export function PaymentMethodText({
  method,
  reference,
}: {
  method: PaymentMethod;
  reference: string | null | undefined;
}) {
  return (
    <>
      {PAYMENT_METHOD_LABELS[method]}
      {reference ? (
        <span className="block max-w-40 truncate font-mono text-xs text-muted-foreground">
          <span className="sr-only">Reference </span>
          {reference}
        </span>
      ) : null}
    </>
  );
}
