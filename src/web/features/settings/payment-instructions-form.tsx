import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { formatPhoneDisplay } from '../../../domain/format';
import type { BankAccount, PaymentInstructions } from '../../../domain/settings-defaults';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PhoneInput } from '../../components/ui/phone-input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useRemovePaymentQr, useUploadPaymentQr } from './payment-qr';
import { SettingsSection } from './settings-section';
import { useUpdateSettings } from './update-settings';

/** At most this many bank accounts (schemas/payment-instructions.schema.ts). */
const BANK_ACCOUNTS_MAX = 5;
const QR_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

type Errors = Record<string, string>;
type Editable = Omit<PaymentInstructions, 'qr_image_url'>;

function editableOf(settings: PaymentInstructions): Editable {
  return {
    gcash_number: formatPhoneDisplay(settings.gcash_number),
    gcash_name: settings.gcash_name,
    maya_number: formatPhoneDisplay(settings.maya_number),
    maya_name: settings.maya_name,
    bank_accounts: settings.bank_accounts.map((account) => ({ ...account })),
    note: settings.note,
  };
}

/**
 * Issue 17 point 3, Settings → "How guests pay" (owners): the resort's GCash and Maya numbers,
 * bank accounts, QR Ph code and a note, shown on the guest pages with the amount due and the
 * booking reference to write in the payment's message.
 */
export function PaymentInstructionsForm({
  settings,
  canEdit,
}: {
  settings: PaymentInstructions;
  canEdit: boolean;
}) {
  const update = useUpdateSettings();
  const [values, setValues] = useState<Editable>(() => editableOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const disabled = !canEdit || update.isPending;
  const set = <K extends keyof Editable>(key: K, value: Editable[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setAccount = (index: number, key: keyof BankAccount, value: string) =>
    setValues((current) => ({
      ...current,
      bank_accounts: current.bank_accounts.map((account, i) =>
        i === index ? { ...account, [key]: value } : account,
      ),
    }));

  const save = async () => {
    try {
      const saved = await update.mutateAsync({ payment_instructions: values });
      setValues(editableOf(saved.payment_instructions));
      setErrors({});
      toast.success('Payment instructions saved');
    } catch (error) {
      const placed: Errors = {};
      for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
        const path = issue.path.replace(/^payment_instructions\./, '');
        placed[path] ??= issue.message;
      }
      setErrors(placed);
      toast.error(
        Object.keys(placed).length > 0
          ? 'Please correct the highlighted fields.'
          : error instanceof Error
            ? error.message
            : 'The payment instructions were not saved.',
      );
    }
  };

  return (
    <SettingsSection
      title="How guests pay"
      description="Guests see these with the amount due and their booking reference to write in the payment's message."
    >
      <div className="grid gap-6">
        <form
          aria-label="How guests pay"
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">GCash</legend>
            <Field label="GCash number" error={errors.gcash_number}>
              {(props) => (
                <PhoneInput
                  {...props}
                  autoComplete="off"
                  value={values.gcash_number}
                  onValueChange={(value) => set('gcash_number', value)}
                  disabled={disabled}
                />
              )}
            </Field>
            <Field label="GCash account name" error={errors.gcash_name}>
              <Input
                value={values.gcash_name}
                maxLength={100}
                autoComplete="off"
                disabled={disabled}
                onChange={(event) => set('gcash_name', event.target.value)}
              />
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">Maya</legend>
            <Field label="Maya number" error={errors.maya_number}>
              {(props) => (
                <PhoneInput
                  {...props}
                  autoComplete="off"
                  value={values.maya_number}
                  onValueChange={(value) => set('maya_number', value)}
                  disabled={disabled}
                />
              )}
            </Field>
            <Field label="Maya account name" error={errors.maya_name}>
              <Input
                value={values.maya_name}
                maxLength={100}
                autoComplete="off"
                disabled={disabled}
                onChange={(event) => set('maya_name', event.target.value)}
              />
            </Field>
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Bank accounts</legend>
            {values.bank_accounts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No bank accounts: guests are not offered a bank transfer.
              </p>
            ) : (
              <ul className="grid gap-3">
                {values.bank_accounts.map((account, index) => (
                  <li
                    key={index}
                    className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
                    aria-label={`Bank account ${index + 1}`}
                  >
                    <Field label="Bank" error={errors[`bank_accounts.${index}.bank`]}>
                      <Input
                        value={account.bank}
                        maxLength={100}
                        autoComplete="off"
                        disabled={disabled}
                        onChange={(event) => setAccount(index, 'bank', event.target.value)}
                      />
                    </Field>
                    <Field
                      label="Account name"
                      error={errors[`bank_accounts.${index}.account_name`]}
                    >
                      <Input
                        value={account.account_name}
                        maxLength={100}
                        autoComplete="off"
                        disabled={disabled}
                        onChange={(event) => setAccount(index, 'account_name', event.target.value)}
                      />
                    </Field>
                    <Field
                      label="Account number"
                      error={errors[`bank_accounts.${index}.account_number`]}
                    >
                      <Input
                        value={account.account_number}
                        inputMode="numeric"
                        maxLength={34}
                        autoComplete="off"
                        disabled={disabled}
                        onChange={(event) =>
                          setAccount(index, 'account_number', event.target.value)
                        }
                      />
                    </Field>
                    {canEdit ? (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={disabled}
                        onClick={() =>
                          set(
                            'bank_accounts',
                            values.bank_accounts.filter((_, i) => i !== index),
                          )
                        }
                      >
                        <Trash2 aria-hidden="true" />
                        Remove<span className="sr-only"> bank account {index + 1}</span>
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {errors.bank_accounts ? (
              <p className="text-sm font-medium text-destructive">{errors.bank_accounts}</p>
            ) : null}
            {canEdit && values.bank_accounts.length < BANK_ACCOUNTS_MAX ? (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={disabled}
                  onClick={() =>
                    set('bank_accounts', [
                      ...values.bank_accounts,
                      { bank: '', account_name: '', account_number: '' },
                    ])
                  }
                >
                  <Plus aria-hidden="true" />
                  Add Bank Account
                </Button>
              </div>
            ) : null}
          </fieldset>
          <Field
            label="Note for guests"
            description="For example: write your booking reference in the payment's message."
            error={errors.note}
          >
            <Textarea
              value={values.note}
              maxLength={500}
              rows={3}
              disabled={disabled}
              onChange={(event) => set('note', event.target.value)}
            />
          </Field>
          {canEdit ? (
            <div>
              <Button type="submit" loading={update.isPending} loadingText="Saving...">
                Save Payment Instructions
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Only owners and administrators change this.
            </p>
          )}
        </form>
        <PaymentQrField url={settings.qr_image_url} canEdit={canEdit} />
      </div>
    </SettingsSection>
  );
}

/** The QR Ph code: its preview, and (owners) upload or remove; each change is saved at once. */
function PaymentQrField({ url, canEdit }: { url: string | null; canEdit: boolean }) {
  const upload = useUploadPaymentQr();
  const remove = useRemovePaymentQr();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      toast.success('QR code uploaded');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The QR code was not uploaded.');
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast.success('QR code removed');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The QR code was not removed.');
    }
  };

  return (
    <section aria-labelledby="payment-qr-heading" className="grid gap-3">
      <h4 id="payment-qr-heading" className="text-sm font-semibold">
        QR Ph code
      </h4>
      {url ? (
        <img
          src={url}
          alt="The resort's QR Ph code, as guests see it"
          className="size-48 rounded-lg border border-border bg-white object-contain p-2"
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          No QR code yet. Guests scan it with GCash, Maya or their bank&apos;s app.
        </p>
      )}
      {error ? <InlineAlert tone="error">{error}</InlineAlert> : null}
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor="payment-qr-file"
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input-border bg-surface px-3 text-sm font-medium hover:bg-muted focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {busy && upload.isPending ? 'Uploading...' : url ? 'Replace QR code' : 'Upload QR code'}
            <input
              id="payment-qr-file"
              type="file"
              accept={QR_ACCEPT}
              className="sr-only"
              disabled={busy}
              onChange={(event) => void onChoose(event)}
            />
          </label>
          {url ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              loading={remove.isPending}
              loadingText="Removing..."
              disabled={busy}
              onClick={() => void onRemove()}
            >
              <Trash2 aria-hidden="true" />
              Remove QR code
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
