import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { TAX_TREATMENTS } from '../../../domain/folio';
import {
  EXTRA_CHARGE_PER,
  extraCreateSchema,
  type Extra,
  type ExtraChargePer,
} from '../../../domain/schemas/extra.schema';
import type { TaxTreatment } from '../../../domain/folio';
import { Button } from '../../components/ui/button';
import { CurrencyInput } from '../../components/ui/currency-input';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { InlineAlert } from '../../components/ui/inline-alert';
import { CHARGE_PER_LABELS, TAX_TREATMENT_LABELS } from './extra-labels';
import { useSaveExtra } from './save-extra';

type FieldName = 'name' | 'price' | 'charge_per' | 'tax_treatment' | 'guest_bookable' | 'active';
type Errors = Partial<Record<FieldName, string>>;

const checkboxClass =
  'mt-0.5 size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const CHARGE_OPTIONS = EXTRA_CHARGE_PER.map((value) => ({
  value,
  label: `Charged ${CHARGE_PER_LABELS[value]}`,
}));
const TAX_OPTIONS = TAX_TREATMENTS.map((value) => ({ value, label: TAX_TREATMENT_LABELS[value] }));

/** The first message per field of a zod or server answer. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Issue 17 point 4: add or edit an extra of the catalogue (managers and up). The form checks with
 * the server's own schema (extraCreateSchema) and shows each field's message, the server's too.
 */
export function ExtraFormDialog({
  extra,
  open,
  onOpenChange,
  trigger,
}: {
  extra?: Extra | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const save = useSaveExtra();
  const [name, setName] = useState(extra?.name ?? '');
  const [price, setPrice] = useState<number | null>(extra?.price ?? null);
  const [chargePer, setChargePer] = useState<ExtraChargePer>(extra?.charge_per ?? 'person');
  const [tax, setTax] = useState<TaxTreatment>(extra?.tax_treatment ?? 'vatable');
  const [guestBookable, setGuestBookable] = useState(extra?.guest_bookable ?? false);
  const [active, setActive] = useState(extra?.active ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const reset = () => {
    setName(extra?.name ?? '');
    setPrice(extra?.price ?? null);
    setChargePer(extra?.charge_per ?? 'person');
    setTax(extra?.tax_treatment ?? 'vatable');
    setGuestBookable(extra?.guest_bookable ?? false);
    setActive(extra?.active ?? true);
    setErrors({});
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = extraCreateSchema.safeParse({
      name,
      price: price ?? undefined,
      charge_per: chargePer,
      tax_treatment: tax,
      guest_bookable: guestBookable,
      active,
    });
    if (!parsed.success) {
      setErrors(
        errorsOf(
          parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message:
              issue.path[0] === 'price' && price === null ? 'Enter the price' : issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ extraId: extra?.extra_id, body: parsed.data });
      toast.success(extra ? `${saved.name} saved` : `${saved.name} added to the extras`);
      onOpenChange(false);
      if (!extra) reset();
    } catch (error) {
      const issues = isApiError(error) ? (error.issues ?? []) : [];
      if (issues.length > 0) setErrors(errorsOf(issues));
      else if (isApiError(error) && error.status === 409) setErrors({ name: error.message });
      else setFormError(error instanceof Error ? error.message : 'The extra was not saved.');
    }
  };

  const formId = extra ? `extra-form-${extra.extra_id}` : 'extra-form-new';
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      trigger={trigger}
      title={extra ? `Edit ${extra.name}` : 'Add Extra'}
      description="The price is before VAT, like the cabin rates. Guests pay it once, or for each night and/or guest of their stay."
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} loadingText="Saving...">
            {extra ? 'Save Extra' : 'Add Extra'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
        {formError ? <InlineAlert tone="error">{formError}</InlineAlert> : null}
        <Field label="Name" required error={errors.name}>
          <Input
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price" required error={errors.price} description="Before VAT">
            {(props) => <CurrencyInput {...props} value={price} onValueChange={setPrice} />}
          </Field>
          <Field label="Charged" required error={errors.charge_per}>
            <Select
              options={CHARGE_OPTIONS}
              value={chargePer}
              onChange={(event) => setChargePer(event.target.value as ExtraChargePer)}
            />
          </Field>
        </div>
        <Field label="Tax" required error={errors.tax_treatment}>
          <Select
            options={TAX_OPTIONS}
            value={tax}
            onChange={(event) => setTax(event.target.value as TaxTreatment)}
          />
        </Field>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={guestBookable}
            onChange={(event) => setGuestBookable(event.target.checked)}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Guests may pick it when booking</span>
            <span className="text-muted-foreground">
              Otherwise only staff add it to a stay (fees, walk-in visitors).
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Active</span>
            <span className="text-muted-foreground">
              An inactive extra is kept on past stays but can no longer be added.
            </span>
          </span>
        </label>
      </form>
    </SimpleDialog>
  );
}
