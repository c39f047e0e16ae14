import { useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import { BUYER_TIN_THRESHOLD, DOCUMENT_MESSAGES } from '../../../domain/documents';
import type { BillingMode, DocumentScope } from '../../../domain/documents';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { BookingDetailDto } from '../../../domain/schemas/booking.schema';
import { issueDocumentSchema } from '../../../domain/schemas/document.schema';
import type { DocumentDto } from '../../../domain/schemas/document.schema';
import { Button } from '../../components/ui/button';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { checkboxClass, Input, radioClass } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useIssueDocument } from './issue-document';

type FieldName =
  | 'scope'
  | 'payment_id'
  | 'buyer_name'
  | 'buyer_address'
  | 'buyer_tin'
  | 'withholding_percent'
  | 'booklet_serial';
type Errors = Partial<Record<FieldName, string>>;
const FIELD_NAMES: readonly FieldName[] = [
  'scope',
  'payment_id',
  'buyer_name',
  'buyer_address',
  'buyer_tin',
  'withholding_percent',
  'booklet_serial',
];

export interface IssueDocumentDialogProps {
  booking: BookingDetailDto;
  /** The booking's documents: a payment with an issued one is not offered again. */
  documents: readonly DocumentDto[];
  mode: BillingMode;
  /** Set when issuing the corrected document of a void one. */
  replaces?: DocumentDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Issue receipt" or "Issue invoice", as the billing mode says. */
export function issueLabel(mode: BillingMode): string {
  return mode === 'invoice' ? 'Issue invoice' : 'Issue receipt';
}

/**
 * Issue 20 point 2: a document for the whole stay or for one verified payment, with the buyer as
 * it should print. The server numbers it, prices it and refuses what the law does not allow; its
 * messages are shown here, under the fields they concern.
 */
export function IssueDocumentDialog({
  booking,
  documents,
  mode,
  replaces,
  open,
  onOpenChange,
}: IssueDocumentDialogProps) {
  const issue = useIssueDocument(booking.booking_id);
  const documented = new Set(
    documents.filter((doc) => doc.status === 'issued' && doc.payment_id).map((d) => d.payment_id),
  );
  const payments = booking.payments.filter(
    (payment) =>
      payment.payment_status === 'Completed' &&
      (!documented.has(payment.payment_id) || payment.payment_id === replaces?.payment_id),
  );
  const [scope, setScope] = useState<DocumentScope>(
    replaces?.scope ?? (payments.length > 0 ? 'payment' : 'booking'),
  );
  const [paymentId, setPaymentId] = useState(replaces?.payment_id ?? payments[0]?.payment_id ?? '');
  const [buyerName, setBuyerName] = useState(replaces?.buyer_name ?? booking.guest_name);
  const [buyerAddress, setBuyerAddress] = useState('');
  const [vatBuyer, setVatBuyer] = useState(false);
  const [buyerTin, setBuyerTin] = useState(replaces?.buyer_tin ?? '');
  const [withholding, setWithholding] = useState('');
  const [bookletSerial, setBookletSerial] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const amount =
    scope === 'payment'
      ? (payments.find((payment) => payment.payment_id === paymentId)?.payment_amount ?? 0)
      : booking.total_amount;
  const tinRequired = vatBuyer && amount >= BUYER_TIN_THRESHOLD;
  const label = issueLabel(mode);

  const clear = (name: FieldName) => {
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  const submit = () => {
    setFormError(null);
    const local: Errors = {};
    const parsed = issueDocumentSchema.safeParse({
      scope,
      ...(scope === 'payment' && paymentId ? { payment_id: paymentId } : {}),
      buyer_name: buyerName,
      buyer_address: buyerAddress,
      ...(vatBuyer ? { buyer_tin: buyerTin } : {}),
      buyer_vat_registered: vatBuyer,
      ...(withholding ? { withholding_percent: Number(withholding) } : {}),
      ...(mode === 'acknowledgement_receipt' ? { booklet_serial: bookletSerial } : {}),
      ...(replaces ? { replaces_document_id: replaces.document_id } : {}),
    });
    if (!parsed.success) {
      for (const problem of parsed.error.issues) {
        const name = String(problem.path[0]) as FieldName;
        if (FIELD_NAMES.includes(name)) local[name] ??= problem.message;
      }
    }
    if (tinRequired && !buyerTin.trim()) local.buyer_tin ??= DOCUMENT_MESSAGES.buyerTinRequired;
    if (tinRequired && !buyerAddress.trim()) {
      local.buyer_address ??= DOCUMENT_MESSAGES.buyerTinRequired;
    }
    setErrors(local);
    if (!parsed.success || Object.keys(local).length > 0) {
      if (Object.keys(local).length === 0) setFormError('Please check the form.');
      return;
    }
    issue.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(`${created.display_number} issued.`);
        onOpenChange(false);
      },
      onError: (failure) => {
        const placed: Errors = {};
        for (const problem of isApiError(failure) ? (failure.issues ?? []) : []) {
          const name = problem.path as FieldName;
          if (FIELD_NAMES.includes(name)) placed[name] ??= problem.message;
        }
        setErrors(placed);
        if (Object.keys(placed).length === 0) {
          setFormError(failure instanceof Error ? failure.message : 'Nothing was issued.');
        }
      },
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={replaces ? `Issue the corrected document for ${replaces.display_number}` : label}
      description={
        replaces
          ? `The new document names ${replaces.display_number}, which stays on record as VOID.`
          : 'The number is taken when the document is issued. A document is never edited: a mistake is voided and corrected.'
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={issue.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={issue.isPending} loadingText="Issuing...">
            {replaces ? 'Issue corrected document' : label}
          </Button>
        </>
      }
    >
      <form
        noValidate
        aria-label={label}
        className="grid min-w-0 grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What it covers</legend>
          {(
            [
              ['booking', 'The whole stay'],
              ['payment', 'One verified payment'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="document-scope"
                className={radioClass}
                checked={scope === value}
                onChange={() => {
                  setScope(value);
                  clear('scope');
                  clear('payment_id');
                }}
              />
              {text}
            </label>
          ))}
          {errors.scope ? (
            <p className="text-sm font-medium text-destructive">{errors.scope}</p>
          ) : null}
        </fieldset>

        {scope === 'payment' ? (
          <Field label="Payment" required error={errors.payment_id}>
            <Select
              value={paymentId}
              placeholder={payments.length === 0 ? 'No verified payment to acknowledge' : undefined}
              options={payments.map((payment) => ({
                value: payment.payment_id,
                label: `${formatCurrency(payment.payment_amount)} · ${
                  PAYMENT_METHOD_LABELS[payment.payment_method]
                } · ${formatDate(payment.transaction_date)}`,
              }))}
              onChange={(event) => {
                setPaymentId(event.target.value);
                clear('payment_id');
              }}
            />
          </Field>
        ) : null}

        <Field label="Buyer name" error={errors.buyer_name} description="As it should print.">
          <Input
            value={buyerName}
            autoComplete="off"
            onChange={(event) => {
              setBuyerName(event.target.value);
              clear('buyer_name');
            }}
          />
        </Field>
        <Field label="Buyer address" required={tinRequired} error={errors.buyer_address}>
          <Input
            value={buyerAddress}
            autoComplete="off"
            onChange={(event) => {
              setBuyerAddress(event.target.value);
              clear('buyer_address');
            }}
          />
        </Field>

        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={vatBuyer}
            onChange={(event) => {
              setVatBuyer(event.target.checked);
              clear('buyer_tin');
            }}
          />
          <span className="font-medium">Buyer is VAT-registered</span>
        </label>
        {vatBuyer ? (
          <Field
            label="Buyer TIN"
            required={tinRequired}
            error={errors.buyer_tin}
            description={`9 digits, or 12 with the branch code (123-456-789-000). Needed from ${formatCurrency(BUYER_TIN_THRESHOLD, { wholePesos: true })} up.`}
          >
            <Input
              inputMode="numeric"
              placeholder="123-456-789-000"
              value={buyerTin}
              onChange={(event) => {
                setBuyerTin(event.target.value);
                clear('buyer_tin');
              }}
            />
          </Field>
        ) : null}

        <Field
          label="Withholding"
          error={errors.withholding_percent}
          description="A corporate guest may withhold tax on the sale of services."
        >
          <Select
            value={withholding}
            options={[
              { value: '', label: 'None' },
              { value: '1', label: '1% (corporate guest)' },
              { value: '2', label: '2% (corporate guest)' },
            ]}
            onChange={(event) => {
              setWithholding(event.target.value);
              clear('withholding_percent');
            }}
          />
        </Field>

        {mode === 'acknowledgement_receipt' ? (
          <Field
            label="Booklet serial"
            error={errors.booklet_serial}
            description="Serial of the booklet invoice you wrote by hand."
          >
            <Input
              value={bookletSerial}
              autoComplete="off"
              onChange={(event) => {
                setBookletSerial(event.target.value);
                clear('booklet_serial');
              }}
            />
          </Field>
        ) : null}

        {formError ? <InlineAlert tone="error">{formError}</InlineAlert> : null}
      </form>
    </SimpleDialog>
  );
}
