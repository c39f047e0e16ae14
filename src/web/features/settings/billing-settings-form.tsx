import { useState } from 'react';
import type { ReactElement } from 'react';
import { DOCUMENT_MESSAGES } from '../../../domain/documents';
import type { BillingMode } from '../../../domain/documents';
import { billingPatchSchema } from '../../../domain/schemas/document.schema';
import type { BillingPatch, BillingSettings } from '../../../domain/schemas/document.schema';
import { Field } from '../../components/ui/field';
import type { FieldControlProps, FieldProps } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { checkboxClass, Input, radioClass } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { SettingsFormActions, SettingsSection } from './settings-section';
import { useUpdateSettings } from './update-settings';

/** The form's values: serial numbers as typed, so an empty box is not a zero. */
interface BillingForm {
  registered_name: string;
  business_style: string;
  address: string;
  tin: string;
  vat_registered: boolean;
  mode: BillingMode;
  bir_ac_number: string;
  bir_ac_date: string;
  serial_from: string;
  serial_to: string;
  attach_to_emails: boolean;
}
type FieldName = keyof BillingForm;
type Errors = Partial<Record<FieldName, string>>;

const FIELD_NAMES: readonly FieldName[] = [
  'registered_name',
  'business_style',
  'address',
  'tin',
  'vat_registered',
  'mode',
  'bir_ac_number',
  'bir_ac_date',
  'serial_from',
  'serial_to',
  'attach_to_emails',
];

const MODES: readonly { value: BillingMode; label: string; description: string }[] = [
  {
    value: 'acknowledgement_receipt',
    label: 'Acknowledgement receipts',
    description:
      'The default. Each payment is acknowledged; the resort writes the invoice from its BIR-approved booklet and records the booklet serial on the receipt.',
  },
  {
    value: 'invoice',
    label: 'Invoices',
    description:
      'The system prints invoices itself: only once its BIR registration (RMC 5-2021) is entered below.',
  },
];

function toForm(settings: BillingSettings): BillingForm {
  return {
    ...settings,
    serial_from: settings.serial_from > 0 ? String(settings.serial_from) : '',
    serial_to: settings.serial_to > 0 ? String(settings.serial_to) : '',
  };
}

function serialValue(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * What is sent: the profile, and the BIR registration only with invoices (acknowledgement
 * receipts leave a registration entered earlier as it was). Checked here with the server's own
 * schema; invoices need every registration field.
 */
function toPatch(form: BillingForm): { patch?: BillingPatch; errors: Errors } {
  const body = {
    registered_name: form.registered_name,
    business_style: form.business_style,
    address: form.address,
    tin: form.tin,
    vat_registered: form.vat_registered,
    mode: form.mode,
    attach_to_emails: form.attach_to_emails,
    ...(form.mode === 'invoice'
      ? {
          bir_ac_number: form.bir_ac_number,
          bir_ac_date: form.bir_ac_date,
          serial_from: serialValue(form.serial_from),
          serial_to: serialValue(form.serial_to),
        }
      : {}),
  };
  const errors: Errors = {};
  const parsed = billingPatchSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      errors[name] ??= issue.message;
    }
  }
  if (form.mode === 'invoice') {
    if (!form.bir_ac_number.trim()) {
      errors.bir_ac_number ??= 'Enter the acknowledgement certificate number';
    }
    if (!form.bir_ac_date) errors.bir_ac_date ??= "Enter the certificate's date";
    const from = serialValue(form.serial_from);
    const to = serialValue(form.serial_to);
    if (!errors.serial_from && !errors.serial_to && to < from) {
      errors.serial_to = DOCUMENT_MESSAGES.serialRange;
    }
  }
  return Object.keys(errors).length > 0 || !parsed.success
    ? { errors }
    : { patch: parsed.data, errors };
}

/**
 * Issue 20 point 1, Settings → Billing (owners and administrators): the seller as the receipts
 * and invoices print it, the document mode and, for invoices, the system's BIR registration.
 */
export function BillingSettingsForm({ settings }: { settings: BillingSettings }) {
  const update = useUpdateSettings();
  const [saved, setSaved] = useState(() => toForm(settings));
  const [form, setForm] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const isDirty = JSON.stringify(form) !== JSON.stringify(saved);
  const disabled = update.isPending;

  const set = <K extends FieldName>(name: K, value: BillingForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  const save = async () => {
    const { patch, errors: local } = toPatch(form);
    setErrors(local);
    if (!patch) {
      focusFirstError(local);
      return;
    }
    try {
      const answer = await update.mutateAsync({ billing: patch });
      const next = toForm(answer.billing);
      setSaved(next);
      setForm(next);
      toast.success('Billing profile saved');
    } catch (error) {
      const placed: Errors = {};
      for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
        const name = issue.path.replace(/^billing\./, '') as FieldName;
        if (FIELD_NAMES.includes(name)) placed[name] ??= issue.message;
      }
      setErrors(placed);
      focusFirstError(placed);
      toast.error(
        Object.keys(placed).length > 0
          ? 'Please correct the highlighted fields.'
          : error instanceof Error
            ? error.message
            : 'The billing profile was not saved.',
      );
    }
  };

  const field = (
    name: FieldName,
    label: string,
    control: ReactElement<Partial<FieldControlProps>>,
    options: Pick<FieldProps, 'required' | 'className' | 'description'> = {},
  ) => (
    <Field label={label} id={`billing-${name}`} error={errors[name]} {...options}>
      {control}
    </Field>
  );

  return (
    <form
      noValidate
      aria-label="Billing"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SettingsSection
        title="Seller"
        description="Printed on every receipt and invoice as the BIR registered it (Tax Code §113)."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'registered_name',
            'Registered name',
            <Input
              autoComplete="organization"
              value={form.registered_name}
              disabled={disabled}
              onChange={(event) => set('registered_name', event.target.value)}
            />,
            { required: true, className: 'sm:col-span-2' },
          )}
          {field(
            'business_style',
            'Business style',
            <Input
              value={form.business_style}
              disabled={disabled}
              onChange={(event) => set('business_style', event.target.value)}
            />,
            {
              className: 'sm:col-span-2',
              description: 'The trade name, if the resort has one apart from its registered name.',
            },
          )}
          {field(
            'address',
            'Registered address',
            <Textarea
              rows={2}
              autoComplete="street-address"
              value={form.address}
              disabled={disabled}
              onChange={(event) => set('address', event.target.value)}
            />,
            { required: true, className: 'sm:col-span-2' },
          )}
          {field(
            'tin',
            'TIN with branch code',
            <Input
              inputMode="numeric"
              placeholder="123-456-789-000"
              value={form.tin}
              disabled={disabled}
              onChange={(event) => set('tin', event.target.value)}
            />,
            {
              required: true,
              description: '12 digits, for example 123-456-789-000 (000 is the head office).',
            },
          )}
          <fieldset className="grid gap-2" aria-describedby="billing-vat-hint">
            <legend className="mb-1 text-sm font-medium">VAT status</legend>
            {(
              [
                [true, 'VAT-registered'],
                [false, 'Non-VAT'],
              ] as const
            ).map(([value, label]) => (
              <label key={label} className="flex items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="billing-vat"
                  className={radioClass}
                  checked={form.vat_registered === value}
                  disabled={disabled}
                  onChange={() => set('vat_registered', value)}
                />
                {label}
              </label>
            ))}
            <p id="billing-vat-hint" className="text-sm text-muted-foreground">
              A VAT-registered resort shows VAT apart on every document.
            </p>
            <FieldError name="vat_registered" errors={errors} />
          </fieldset>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Documents"
        description="What the front desk issues from a booking's folio."
      >
        <div className="grid gap-5">
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Mode</legend>
            {MODES.map((option) => (
              <label key={option.value} className="flex items-start gap-3 text-sm">
                <input
                  type="radio"
                  name="billing-mode"
                  className={`${radioClass} mt-0.5`}
                  value={option.value}
                  checked={form.mode === option.value}
                  disabled={disabled}
                  onChange={() => set('mode', option.value)}
                />
                <span className="grid gap-1">
                  <span className="font-medium">{option.label}</span>
                  <span className="text-muted-foreground">{option.description}</span>
                </span>
              </label>
            ))}
            <FieldError name="mode" errors={errors} />
          </fieldset>

          {form.mode === 'invoice' ? (
            <div className="grid gap-4" data-testid="bir-registration">
              <InlineAlert tone="info">
                Software that prints invoices must be registered with the BIR as a computerized
                accounting system (RMC 5-2021). Until the system is registered, keep acknowledgement
                receipts and write invoices from the resort&apos;s BIR-approved booklet. Enter the
                acknowledgement certificate and the approved serial range exactly as the BIR issued
                them; issuing past the end of the range is refused.
              </InlineAlert>
              <div className="grid gap-4 sm:grid-cols-2">
                {field(
                  'bir_ac_number',
                  'Acknowledgement certificate number',
                  <Input
                    value={form.bir_ac_number}
                    disabled={disabled}
                    onChange={(event) => set('bir_ac_number', event.target.value)}
                  />,
                  { required: true },
                )}
                {field(
                  'bir_ac_date',
                  'Certificate date',
                  <Input
                    type="date"
                    value={form.bir_ac_date}
                    disabled={disabled}
                    onChange={(event) => set('bir_ac_date', event.target.value)}
                  />,
                  { required: true },
                )}
                {field(
                  'serial_from',
                  'Approved serial from',
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={form.serial_from}
                    disabled={disabled}
                    onChange={(event) => set('serial_from', event.target.value)}
                  />,
                  { required: true },
                )}
                {field(
                  'serial_to',
                  'Approved serial to',
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={form.serial_to}
                    disabled={disabled}
                    onChange={(event) => set('serial_to', event.target.value)}
                  />,
                  { required: true },
                )}
              </div>
            </div>
          ) : null}

          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={form.attach_to_emails}
              disabled={disabled}
              onChange={(event) => set('attach_to_emails', event.target.checked)}
            />
            <span className="font-medium">
              Attach the latest receipt PDF to payment-verified and post-stay e-mails
            </span>
          </label>
          <FieldError name="attach_to_emails" errors={errors} />
        </div>
      </SettingsSection>

      <SettingsFormActions
        saveLabel="Save Billing"
        isDirty={isDirty}
        isSaving={update.isPending}
        onDiscard={() => {
          setForm(saved);
          setErrors({});
        }}
      />
    </form>
  );
}

function FieldError({ name, errors }: { name: FieldName; errors: Errors }) {
  const message = errors[name];
  return message ? (
    <p id={`billing-${name}-error`} className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

function focusFirstError(errors: Errors) {
  const first = FIELD_NAMES.find((name) => errors[name]);
  if (first) document.getElementById(`billing-${first}`)?.focus();
}
