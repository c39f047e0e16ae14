import { Banknote, Smartphone, Wallet } from 'lucide-react';
import { formatCurrency } from '../../../domain/format';
import type { PublicSettings } from '../../../domain/settings';
import { telHref, verificationWindowText } from '../public-settings/settings-text';

export interface PaymentInstructionsProps {
  settings: PublicSettings;
  /** The quoted total, or null until a cabin and dates are chosen. */
  total: number | null;
}

/** SPEC §1: payment by GCash, Maya (PayMaya), bank transfer and others; the proof follows. */
export function PaymentInstructions({ settings, total }: PaymentInstructionsProps) {
  return (
    <div className="grid gap-3 rounded-lg border border-sea-200 bg-accent p-4 text-sm">
      <p className="text-base">
        {total === null ? (
          'Choose a cabin and dates above to see the amount to pay.'
        ) : (
          <>
            Amount to pay:{' '}
            <strong className="text-lg tabular-nums" data-testid="amount-to-pay">
              {formatCurrency(total)}
            </strong>
          </>
        )}
      </p>
      <ul className="grid gap-2">
        <li className="flex gap-2">
          <Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <strong>GCash or Maya:</strong> send to{' '}
            <a href={telHref(settings.contact_phone)} className="font-medium underline">
              {settings.contact_phone}
            </a>{' '}
            ({settings.resort_name}).
          </span>
        </li>
        <li className="flex gap-2">
          <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <strong>Bank transfer:</strong> e-mail{' '}
            <a
              href={`mailto:${settings.contact_email}`}
              className="font-medium wrap-anywhere underline"
            >
              {settings.contact_email}
            </a>{' '}
            for our account details.
          </span>
        </li>
        <li className="flex gap-2">
          <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <strong>Other methods:</strong> contact us and we will help.
          </span>
        </li>
      </ul>
      <p className="text-muted-foreground">
        Then upload a screenshot or photo of the receipt. We verify payments{' '}
        {verificationWindowText(settings.payment_verification_hours)} on business days; your booking
        is confirmed once the payment is verified and we confirm it in writing.
      </p>
    </div>
  );
}
