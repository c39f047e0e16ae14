import { Upload, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { IsoDate } from '../../../domain/dates';
import { formatCurrency } from '../../../domain/format';
import type { CheckBooking } from '../../../domain/schemas/check-booking.schema';
import type { BookingLookup } from '../../../domain/schemas/guest-booking.schema';
import type { PublicSettings } from '../../../domain/settings';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { GuestPaymentFields } from '../../components/ui/guest-payment-fields';
import { InlineAlert } from '../../components/ui/inline-alert';
import { PaymentProofField } from '../../components/ui/payment-proof-field';
import { StepProgress } from '../../components/ui/step-progress';
import { isApiError } from '../../lib/api';
import { PROOF_MESSAGES } from '../../lib/proof-file';
import { useProofFile } from '../../lib/use-proof-file';
import { PaymentInstructions } from '../guest-booking/payment-instructions';
import { verificationWindowText } from '../public-settings/settings-text';
import { balanceLine } from './balance-due';
import type { BalanceProofFields, BalanceProofFieldsInput } from './check-booking-validation';
import { lazyBalanceProofResolver, loadCheckBookingValidation } from './load-validation';
import { BALANCE_PROOF_FALLBACK } from './request-balance-proof';
import {
  BALANCE_PROOF_STEPS,
  BalanceProofNotUploaded,
  useSubmitBalanceProof,
} from './submit-balance-proof';
import type { BalanceProofSent, BalanceProofStep } from './submit-balance-proof';

const FORM_FIELDS = new Set<string>(['payment_method', 'payment_reference']);
const PROOF_FIELDS = new Set(['file_name', 'file_type', 'file_size', 'file_path']);
/** Storage's answers about the file itself: too large, not an accepted type. */
const FILE_STATUSES = new Set([413, 415]);

export interface BalancePaymentProps {
  booking: BookingLookup;
  /** The lookup's reference and e-mail, as the status request sent them. */
  lookup: CheckBooking;
  settings: PublicSettings;
  today: IsoDate;
  /** Set once a proof was sent from this page: the balance it was for. */
  sent: { balance: number } | null;
  onSent: (result: BalanceProofSent) => void;
}

/** "Proof received — we will verify it", focused when it appears so it is read out. */
function BalanceProofReceived({ balance, hours }: { balance: number; hours: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="focus-visible:outline-none">
      <InlineAlert tone="success" title="Proof received — we will verify it">
        <p data-testid="balance-proof-received">
          Your proof of payment for the balance of {formatCurrency(balance)} is pending
          verification. We verify payments {verificationWindowText(hours)} on business days and
          e-mail you once it is verified.
        </p>
      </InlineAlert>
    </div>
  );
}

/**
 * Issue 17 point 3: how to pay the balance and the "Upload proof of payment for the balance" form
 * (the same proof rules, method and reference as the guest booking form), then "Proof received".
 */
export function BalancePayment({
  booking,
  lookup,
  settings,
  today,
  sent,
  onSent,
}: BalancePaymentProps) {
  const form = useForm<BalanceProofFieldsInput, unknown, BalanceProofFields>({
    resolver: lazyBalanceProofResolver,
    mode: 'onTouched',
    // Issue 15: the guest chooses how they paid; nothing is chosen for them.
    defaultValues: {
      payment_method: '' as unknown as BalanceProofFieldsInput['payment_method'],
      payment_reference: '',
    },
  });
  const { errors } = form.formState;
  const proofFile = useProofFile();
  const { state: proof, setState: setProof } = proofFile;
  const [step, setStep] = useState<BalanceProofStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submitter = useSubmitBalanceProof();
  const submitting = step !== null;
  const due = balanceLine(booking, today);

  const proofError = (message: string) =>
    setProof((current) => ({
      status: 'error',
      original: current.status === 'empty' ? null : current.original,
      message,
    }));

  const requireProof = () => {
    if (proof.status === 'empty') proofError(PROOF_MESSAGES.required);
  };

  /** Puts each answer where the guest fixes it: a field, the file, or the form's alert. */
  const showFailure = (error: unknown) => {
    if (error instanceof BalanceProofNotUploaded) {
      const cause = error.cause;
      if (isApiError(cause) && FILE_STATUSES.has(cause.status)) proofError(error.message);
      else setFailure(error.message);
      return;
    }
    if (isApiError(error) && error.status === 400 && error.issues) {
      let unplaced = false;
      for (const issue of error.issues) {
        const field = issue.path.split('.')[0] ?? '';
        if (FORM_FIELDS.has(field)) {
          form.setError(field as keyof BalanceProofFieldsInput, { message: issue.message });
        } else if (PROOF_FIELDS.has(field)) {
          proofError(issue.message);
        } else {
          unplaced = true;
        }
      }
      if (!unplaced) return;
    }
    setFailure(error instanceof Error && error.message ? error.message : BALANCE_PROOF_FALLBACK);
  };

  const send = async (fields: BalanceProofFields) => {
    setFailure(null);
    requireProof();
    if (proof.status === 'empty' || proof.status === 'error') return;
    setStep('preparing');
    const file = await proofFile.prepared();
    if (!file) {
      // The proof field shows why (useProofFile set its message).
      setStep(null);
      return;
    }
    try {
      const result = await submitter.submit({ lookup, file, fields, onStep: setStep });
      setStep(null);
      onSent(result);
    } catch (error) {
      setStep(null);
      showFailure(error);
    }
  };

  return (
    <Card role="region" aria-labelledby="balance-payment-title" data-testid="balance-payment">
      <CardHeader>
        <CardTitle id="balance-payment-title" className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          Pay the balance
        </CardTitle>
        {due?.note && !sent ? <CardDescription>{due.note}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        {sent ? (
          <BalanceProofReceived
            balance={sent.balance}
            hours={settings.payment_verification_hours}
          />
        ) : (
          <>
            <PaymentInstructions
              settings={settings}
              amount={booking.balance}
              amountLabel="Balance to pay"
              paymentNote={
                <span className="font-mono font-semibold">{booking.booking_reference}</span>
              }
            />
            <form
              noValidate
              aria-labelledby="balance-proof-title"
              className="grid gap-4"
              onFocusCapture={() => void loadCheckBookingValidation().catch(() => undefined)}
              onSubmit={form.handleSubmit(send, requireProof)}
            >
              <h3 id="balance-proof-title" className="text-base font-semibold">
                Upload proof of payment for the balance
              </h3>
              <fieldset disabled={submitting} className="grid min-w-0 gap-4">
                <legend className="sr-only">Your payment of the balance</legend>
                <GuestPaymentFields
                  method={form.register('payment_method')}
                  reference={form.register('payment_reference')}
                  methodError={errors.payment_method?.message}
                  referenceError={errors.payment_reference?.message}
                />
                <PaymentProofField
                  state={proof}
                  onSelect={(file) => {
                    setFailure(null);
                    proofFile.select(file);
                  }}
                  onRemove={proofFile.clear}
                  disabled={submitting}
                />
              </fieldset>

              {failure ? (
                <InlineAlert tone="error">
                  <span data-testid="balance-proof-error">{failure}</span>
                </InlineAlert>
              ) : null}

              <StepProgress
                step={step ? BALANCE_PROOF_STEPS[step] : null}
                label="Upload progress"
              />

              <Button
                type="submit"
                className="w-full sm:w-auto sm:justify-self-start"
                disabled={proof.status === 'preparing'}
                loading={submitting}
                loadingText="Sending…"
              >
                <Upload aria-hidden="true" />
                Send proof of payment
              </Button>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
