import { Banknote, QrCode, Smartphone, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../../domain/format';
import type { PublicSettings } from '../../../domain/settings';
import { telHref, verificationWindowText } from '../public-settings/settings-text';

export interface PaymentInstructionsProps {
  settings: PublicSettings;
  /** What to pay now in pesos, or null until a cabin and dates are chosen. */
  amount: number | null;
  /** What the amount is: "Deposit to pay now", "Balance to pay". */
  amountLabel?: string;
  /** Said under the amount, e.g. "Balance ₱Y due on <date>". */
  children?: ReactNode;
  /**
   * Issue 17 point 3: what the guest writes in the payment's note, so staff can match the money:
   * the booking reference once there is one.
   */
  paymentNote: ReactNode;
  /** Shown under the methods; the guest booking form's default says how verification goes. */
  footer?: ReactNode;
}

function Method({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-2">
      {icon}
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </li>
  );
}

const ICON = 'mt-0.5 size-4 shrink-0 text-primary';

/**
 * SPEC §1 and issue 17 point 3: how to pay the resort (GCash, Maya, bank transfer, the QR Ph code
 * from Settings → How guests pay), with the amount due and what to write in the payment note.
 * Without configured accounts it falls back to the resort's phone and e-mail, as before.
 */
export function PaymentInstructions({
  settings,
  amount,
  amountLabel = 'Amount to pay',
  children,
  paymentNote,
  footer,
}: PaymentInstructionsProps) {
  const pay = settings.payment_instructions;
  const hasAccounts =
    pay.gcash_number !== '' || pay.maya_number !== '' || pay.bank_accounts.length > 0;
  return (
    <div
      className="grid gap-3 rounded-lg border border-sea-200 bg-accent p-4 text-sm"
      data-testid="payment-instructions"
    >
      <div className="grid gap-1">
        <p className="text-base">
          {amount === null ? (
            'Choose a cabin and dates above to see the amount to pay.'
          ) : (
            <>
              {amountLabel}:{' '}
              <strong className="text-lg tabular-nums" data-testid="amount-to-pay">
                {formatCurrency(amount)}
              </strong>
            </>
          )}
        </p>
        {amount !== null && children}
      </div>
      <ul className="grid gap-2">
        {pay.gcash_number !== '' && (
          <Method icon={<Smartphone aria-hidden="true" className={ICON} />}>
            <strong>GCash:</strong> <span className="tabular-nums">{pay.gcash_number}</span>
            {pay.gcash_name !== '' && <> ({pay.gcash_name})</>}
          </Method>
        )}
        {pay.maya_number !== '' && (
          <Method icon={<Smartphone aria-hidden="true" className={ICON} />}>
            <strong>Maya:</strong> <span className="tabular-nums">{pay.maya_number}</span>
            {pay.maya_name !== '' && <> ({pay.maya_name})</>}
          </Method>
        )}
        {pay.bank_accounts.map((account) => (
          <Method
            key={`${account.bank}-${account.account_number}`}
            icon={<Banknote aria-hidden="true" className={ICON} />}
          >
            <strong>{account.bank}:</strong>{' '}
            <span className="tabular-nums">{account.account_number}</span> ({account.account_name})
          </Method>
        ))}
        {!hasAccounts && (
          <>
            <Method icon={<Smartphone aria-hidden="true" className={ICON} />}>
              <strong>GCash or Maya:</strong> send to{' '}
              <a href={telHref(settings.contact_phone)} className="font-medium underline">
                {settings.contact_phone}
              </a>{' '}
              ({settings.resort_name}).
            </Method>
            <Method icon={<Banknote aria-hidden="true" className={ICON} />}>
              <strong>Bank transfer:</strong> e-mail{' '}
              <a href={`mailto:${settings.contact_email}`} className="font-medium underline">
                {settings.contact_email}
              </a>{' '}
              for our account details.
            </Method>
          </>
        )}
        <Method icon={<Wallet aria-hidden="true" className={ICON} />}>
          <strong>Other methods:</strong> contact us and we will help.
        </Method>
      </ul>
      {pay.qr_image_url && (
        <figure className="grid justify-items-start gap-1">
          <img
            src={pay.qr_image_url}
            alt={`QR Ph code to pay ${settings.resort_name}`}
            width={160}
            height={160}
            loading="lazy"
            className="size-40 rounded-md border border-border bg-white object-contain p-1"
          />
          <figcaption className="flex items-center gap-1 text-muted-foreground">
            <QrCode aria-hidden="true" className="size-4" /> Scan with GCash, Maya or your bank app.
          </figcaption>
        </figure>
      )}
      <p data-testid="payment-note">
        <strong>In the payment&apos;s note:</strong> {paymentNote}
      </p>
      {pay.note !== '' && <p className="whitespace-pre-line">{pay.note}</p>}
      {footer ?? (
        <p className="text-muted-foreground">
          Then upload a screenshot or photo of the receipt. We verify payments{' '}
          {verificationWindowText(settings.payment_verification_hours)} on business days; your
          booking is confirmed once the payment is verified and we confirm it in writing.
        </p>
      )}
    </div>
  );
}
