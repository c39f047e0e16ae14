import { useNavigate } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { hasRoleAtLeast, LIMITS, PAYMENT_METHOD_LABELS } from '../../../domain/constants';
import type { PaymentMethod } from '../../../domain/constants';
import { todayInZone } from '../../../domain/dates';
import { formatCurrency } from '../../../domain/format';
import { paymentUpdateSchema } from '../../../domain/schemas/payment.schema';
import { BackLink, EditPage } from '../../components/layout/edit-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CurrencyInput } from '../../components/ui/currency-input';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { STAFF_PAYMENT_METHODS } from '../bookings/create-booking-dialog';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { InlineAlert } from '../../components/ui/inline-alert';
import { usePayment } from './get-payment';
import { isSettled } from './payment-display';
import type { PaymentDetailDto as PaymentDetail } from '../../../domain/schemas/payment-detail.schema';
import { useUpdatePayment } from './update-payment';
import type { PaymentChanges } from './update-payment';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';

/** SPEC §2 /payments/{paymentId}/edit (managers; verified payments administrators only). */
export function PaymentEditPage({ paymentId }: { paymentId: string }) {
  const user = useCurrentUser();
  const allowed = hasRoleAtLeast(user?.role, 'manager');
  const query = usePayment(paymentId);
  useDocumentTitle('Edit payment');

  return (
    <EditPage
      entity="Payment"
      query={query}
      denied={allowed ? null : PERMISSION_MESSAGES.paymentEdit}
      back={
        <BackLink to="/payments/$paymentId" params={{ paymentId }}>
          Back to the payment
        </BackLink>
      }
    >
      {(payment) => (
        <>
          <PageHeader
            eyebrow={`Payment for ${payment.booking.booking_reference}`}
            title={`Edit payment of ${formatCurrency(payment.payment_amount)}`}
          />
          {isSettled(payment) && user?.role !== 'admin' ? (
            <InlineAlert tone="warning" title={PERMISSION_MESSAGES.verifiedPaymentAdminOnly} />
          ) : (
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <PaymentEditForm payment={payment} />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </EditPage>
  );
}

type Errors = Partial<Record<keyof PaymentChanges, string>>;

function PaymentEditForm({ payment }: { payment: PaymentDetail }) {
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const update = useUpdatePayment();
  const initialDate = todayInZone(settings.timezone, new Date(payment.transaction_date));
  const [amount, setAmount] = useState<number | null>(payment.payment_amount);
  const [method, setMethod] = useState<string>(payment.payment_method);
  const [date, setDate] = useState(initialDate);
  const [reference, setReference] = useState(payment.transaction_reference ?? '');
  const [notes, setNotes] = useState(payment.notes ?? '');
  const [status, setStatus] = useState(payment.payment_status);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const statusEditable =
    payment.payment_status === 'Pending' || payment.payment_status === 'Failed';

  const submit = async () => {
    setFormError(null);
    const changes: PaymentChanges = {};
    if (amount !== payment.payment_amount) changes.payment_amount = amount ?? Number.NaN;
    if (method !== payment.payment_method) changes.payment_method = method;
    if (date !== initialDate) changes.transaction_date = date;
    if (reference.trim() !== (payment.transaction_reference ?? '')) {
      changes.transaction_reference = reference.trim() || null;
    }
    if (notes.trim() !== (payment.notes ?? '')) changes.notes = notes.trim() || null;
    if (statusEditable && status !== payment.payment_status) {
      changes.payment_status = status as 'Pending' | 'Failed';
    }
    // The same SPEC §5 rules as the server (one schema, many uses).
    const parsed = paymentUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof PaymentChanges;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing to update.');
      return;
    }
    try {
      await update.mutateAsync({ paymentId: payment.payment_id, changes });
      toast.success('Payment updated');
      void navigate({ to: '/payments/$paymentId', params: { paymentId: payment.payment_id } });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The payment was not updated.';
      if (isApiError(error) && error.issues) {
        const next: Errors = {};
        for (const issue of error.issues)
          next[issue.path as keyof PaymentChanges] ??= issue.message;
        setErrors(next);
      }
      setFormError(message);
      toast.error(message);
    }
  };

  return (
    <form
      noValidate
      aria-label="Edit payment"
      className="grid min-w-0 grid-cols-1 gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {formError ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          {formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount" required error={errors.payment_amount}>
          <CurrencyInput value={amount} onValueChange={setAmount} />
        </Field>
        <Field label="Payment method" required error={errors.payment_method}>
          <Select
            value={method}
            onChange={(event) => setMethod(event.target.value)}
            options={[
              ...STAFF_PAYMENT_METHODS,
              ...(STAFF_PAYMENT_METHODS.includes(payment.payment_method)
                ? []
                : [payment.payment_method]),
            ].map((value: PaymentMethod) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          />
        </Field>
        <Field label="Payment date" error={errors.transaction_date}>
          <DatePicker value={date} onChange={(event) => setDate(event.target.value)} />
        </Field>
        <Field label="Transaction reference" error={errors.transaction_reference}>
          <Input
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.target.value)}
          />
        </Field>
        {statusEditable ? (
          <Field
            label="Status"
            description="Mark a proof that is not a real payment as Failed. Verify has its own button."
          >
            <Select
              value={status}
              onChange={(event) => setStatus(event.target.value as typeof status)}
              options={[
                { value: 'Pending', label: 'Pending' },
                { value: 'Failed', label: 'Failed' },
              ]}
            />
          </Field>
        ) : null}
      </div>
      <Field
        label="Notes"
        description={`Up to ${LIMITS.notes_max} characters.`}
        error={errors.notes}
      >
        <Textarea rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            void navigate({ to: '/payments/$paymentId', params: { paymentId: payment.payment_id } })
          }
        >
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending} loadingText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}
